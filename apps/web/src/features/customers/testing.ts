/**
 * Test support for customers: the answers of the customers procedures, built as the server builds
 * them. Only tests import this file.
 */
import type { CustomerDetail, CustomerListRow } from './types';

/**
 * A customer as customers.get (and customers.create) answers it, from its list row: every ship-to
 * address given, none of the list-only default, no orders or invoices yet.
 */
export function customerDetailOf(
  row: CustomerListRow,
  shipTo: CustomerDetail['ship_to'] = [],
): CustomerDetail {
  const { default_ship_to: _listOnly, ...detail } = row;
  return {
    ...detail,
    notes: '',
    ship_to: shipTo,
    orders: [],
    invoices: [],
    invoice_count: 0,
    balance: { invoiced: '0.00', paid: '0.00', deposits_held: '0.00', balance: '0.00', credit: '0.00' },
    payment_terms: '',
    created_at: row.updated_at,
  };
}

/** A US address as the customers' answers carry it. */
export const usAddress = (name: string, street: string, city: string, state: string, zip_code: string) => ({
  name,
  street,
  city,
  state,
  zip_code,
  country: 'US',
});

/** A customer with a default ship-to (Cabin) and, on customers.get only, a second one (LAKESIDE_DOCK). */
export const LAKESIDE: CustomerListRow = {
  id: 5,
  name: 'Lakeside Resort',
  phone: '(218) 555-0100',
  email: 'office@lakeside.example',
  billing_address: usAddress('Lakeside Resort', '1 Shore Dr', 'Duluth', 'MN', '55802'),
  default_ship_to: {
    id: 51,
    label: 'Cabin',
    is_default: true,
    ...usAddress('Lakeside Cabin 4', '44 Pine Rd', 'Superior', 'WI', '54880'),
  } as CustomerListRow['default_ship_to'],
  order_count: 2,
  balance: '0.00',
  version: 1,
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** Lakeside's second ship-to address (not the default): only customers.get answers it. */
export const LAKESIDE_DOCK = {
  id: 52,
  label: 'Boat dock',
  is_default: false,
  ...usAddress('Lakeside Marina', '2 Harbor Way', 'Bayfield', 'WI', '54814'),
};
