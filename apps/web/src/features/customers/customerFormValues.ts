import { DEFAULT_COUNTRY, type Address, type FieldErrors } from '@icehouse/domain';
import type { NewOrderCustomer } from '../order-form/formValues';
import { CUSTOMER_TEXT as T } from './texts';
import type { CustomerDetail } from './types';

/** What the customer page's form holds: the customer as its PUT body, ship-to ids null until saved. */
export type BillingValues = Omit<Address, 'name'>;
export interface ShipToValues extends Address {
  id: number | null;
  label: string;
  is_default: boolean;
}
export interface CustomerValues {
  name: string;
  phone: string;
  email: string;
  billing_address: BillingValues;
  notes: string;
  payment_terms: string;
  ship_to: ShipToValues[];
}

export const emptyBilling = (): BillingValues => ({
  street: '',
  city: '',
  state: '',
  zip_code: '',
  country: DEFAULT_COUNTRY,
});

export const emptyShipTo = (isDefault: boolean): ShipToValues => ({
  id: null,
  label: '',
  name: '',
  ...emptyBilling(),
  is_default: isDefault,
});

export function valuesOf(c: CustomerDetail | undefined): CustomerValues {
  if (!c)
    return {
      name: '',
      phone: '',
      email: '',
      billing_address: emptyBilling(),
      notes: '',
      payment_terms: '',
      ship_to: [],
    };
  const { street, city, state, zip_code, country } = c.billing_address;
  return {
    name: c.name,
    phone: c.phone,
    email: c.email,
    billing_address: { street, city, state, zip_code, country },
    notes: c.notes,
    payment_terms: c.payment_terms,
    ship_to: c.ship_to.map((a) => ({ ...a })),
  };
}

/** A saved customer as a new order starts with them: billing address, default ship-to, phone. */
export function newOrderCustomerOf(c: CustomerDetail): NewOrderCustomer {
  const shipTo = c.ship_to.find((a) => a.is_default) ?? null;
  return {
    id: c.id,
    name: c.name,
    phone: c.phone,
    billing_address: c.billing_address,
    ship_to: shipTo && {
      name: shipTo.name,
      street: shipTo.street,
      city: shipTo.city,
      state: shipTo.state,
      zip_code: shipTo.zip_code,
      country: shipTo.country,
    },
  };
}

/** The first message of a field, from the server's DRF-shaped errors (`ship_to.1.zip_code`). */
export function errorAt(errors: FieldErrors | null, ...path: (string | number)[]): string | undefined {
  let node: unknown = errors;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return Array.isArray(node) && typeof node[0] === 'string' ? node[0] : undefined;
}

export const ADDRESS_FIELDS = [
  ['street', T.street],
  ['city', 'City'],
  ['state', T.state],
  ['zip_code', T.zipCode],
  ['country', T.country],
] as const;
