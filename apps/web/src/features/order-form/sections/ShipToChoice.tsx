import { useFormContext, useWatch } from 'react-hook-form';
import { Field, inputClassName } from '../../../components/Field';
import { trpc } from '../../../lib/trpc';
import type { ShipTo } from '../../customers/types';
import { ORDER_FORM_TEXT } from '../texts';
import type { AddressValues, OrderFormValues } from '../types';

/** An address's own parts (a customer's ship-to also carries its id, label and default flag). */
export const addressOf = (a: AddressValues): AddressValues => ({
  name: a.name,
  street: a.street,
  city: a.city,
  state: a.state,
  zip_code: a.zip_code,
  country: a.country,
});

/** A ship-to address as its choice reads: 'Cabin: 44 Pine Rd, Superior' (the name when it has no label). */
const shipToText = (a: ShipTo) => `${a.label || a.name || '—'}: ${[a.street, a.city].filter(Boolean).join(', ')}`;

/** The same address, part by part (the form's copy may have been typed over). */
const sameAddress = (a: AddressValues, b: AddressValues | undefined) =>
  b !== undefined &&
  (['name', 'street', 'city', 'state', 'zip_code', 'country'] as const).every((key) => a[key].trim() === (b[key] ?? '').trim());

/** The ship-to addresses of the form's customer (the customers list answers only the default one). */
export function useShipTos(customerId: number | null): ShipTo[] {
  const detail = trpc.customers.get.useQuery({ id: customerId ?? 0 }, { enabled: customerId !== null });
  return customerId !== null && detail.data?.id === customerId ? detail.data.ship_to : [];
}

/**
 * "Ship to": one of the customer's ship-to addresses (offered when there are several); choosing one fills the
 * shipping address, which stays editable. It shows the one the shipping address matches. The order form's and
 * the quote form's (both are the order's values).
 */
export function ShipToChoice({ shipTos }: { shipTos: ShipTo[] }) {
  const form = useFormContext<OrderFormValues>();
  const shipping = useWatch({ control: form.control, name: 'shipping_address' });
  const shipToId = shipTos.find((a) => sameAddress(a, shipping))?.id ?? null;

  function chooseShipTo(id: number) {
    const address = shipTos.find((a) => a.id === id);
    if (!address) return;
    form.setValue('shipping_address', addressOf(address), { shouldDirty: true, shouldValidate: true });
  }

  return (
    <Field label={ORDER_FORM_TEXT.shipToChoice} hint={ORDER_FORM_TEXT.shipToChoiceHint}>
      {(control) => (
        <select
          {...control}
          value={shipToId ?? ''}
          onChange={(event) => chooseShipTo(Number(event.target.value))}
          className={inputClassName(false)}
        >
          {shipToId === null && <option value="">{ORDER_FORM_TEXT.shipToChoiceNone}</option>}
          {shipTos.map((a) => (
            <option key={a.id} value={a.id}>
              {shipToText(a)}
              {a.is_default ? ORDER_FORM_TEXT.shipToDefaultMark : ''}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
