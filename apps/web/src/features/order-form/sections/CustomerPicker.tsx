import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import AsyncCreatableSelect from 'react-select/async-creatable';
import { LIMITS } from '@icehouse/domain';
import { Field } from '../../../components/Field';
import { AccessibleInput, SELECT_BEHAVIOUR, selectClassNames } from '../../../components/selectLook';
import { serverFieldErrors, serverMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import type { CustomerListRow } from '../../customers/types';
import { ORDER_FORM_TEXT } from '../texts';
import type { OrderFormValues } from '../types';
import { ShipToChoice, addressOf, useShipTos } from './ShipToChoice';

interface CustomerOption {
  value: number;
  label: string;
  customer?: CustomerListRow;
}

/**
 * The order's customer: type to search the customers, pick one to fill the billing
 * address and the default shipping address (both stay editable: the order keeps its own copy),
 * or "Create customer …" to make one from the typed name and the billing address on the form.
 * Clearing it leaves the addresses as they are. The order's customer (picked here, the one a new
 * order started from, or an existing order's) with several ship-to addresses offers them in a "Ship to" choice beside it:
 * choosing one fills the shipping address; it shows the one the address matches.
 */
export function CustomerPicker() {
  const form = useFormContext<OrderFormValues>();
  const customerId = useWatch({ control: form.control, name: 'customer_id' });
  const billingName = useWatch({ control: form.control, name: 'billing_address.name' });
  const utils = trpc.useUtils();
  const create = trpc.customers.create.useMutation();
  const [picked, setPicked] = useState<CustomerOption | null>(null);
  const [error, setError] = useState<string | undefined>();
  // The customer's ship-to addresses: the order's customer, whether picked here, the one a new order started
  // with, or an existing order's.
  const shipTos = useShipTos(customerId);

  const value: CustomerOption | null =
    customerId === null
      ? null
      : picked?.value === customerId
        ? picked
        : { value: customerId, label: billingName || `#${customerId}` };

  async function loadOptions(input: string): Promise<CustomerOption[]> {
    const page = await utils.customers.list.fetch(input.trim() ? { search: input.trim() } : {});
    return page.results
      .slice(0, LIMITS.customerPickerSize)
      .map((c) => ({ value: c.id, label: c.name, customer: c }));
  }

  function choose(option: CustomerOption | null) {
    setError(undefined);
    setPicked(option);
    form.setValue('customer_id', option?.value ?? null, { shouldDirty: true });
    const c = option?.customer;
    if (!c) return;
    form.setValue('billing_address', addressOf(c.billing_address), {
      shouldDirty: true,
      shouldValidate: true,
    });
    if (c.default_ship_to)
      form.setValue('shipping_address', addressOf(c.default_ship_to), { shouldDirty: true });
    if (c.phone && !form.getValues('phone')) form.setValue('phone', c.phone, { shouldDirty: true });
  }

  async function createCustomer(name: string) {
    setError(undefined);
    const billing = form.getValues('billing_address');
    try {
      const created = await create.mutateAsync({
        name,
        phone: form.getValues('phone'),
        billing_address: { ...billing, name },
      });
      void utils.customers.list.invalidate();
      setPicked({ value: created.id, label: created.name });
      form.setValue('customer_id', created.id, { shouldDirty: true });
      form.setValue('billing_address.name', created.name, { shouldDirty: true, shouldValidate: true });
    } catch (e) {
      setError(
        serverFieldErrors(e)
          ? ORDER_FORM_TEXT.customerCreateError
          : (serverMessage(e) ?? ORDER_FORM_TEXT.customerCreateError),
      );
    }
  }

  const customerField = (
    <Field label={ORDER_FORM_TEXT.customer} hint={ORDER_FORM_TEXT.customerHint} error={error}>
      {(control) => (
        <AsyncCreatableSelect<CustomerOption, false>
          {...SELECT_BEHAVIOUR}
          inputId={control.id}
          aria-invalid={control['aria-invalid']}
          {...({ fieldAria: { describedBy: control['aria-describedby'] } } as object)}
          components={{ Input: AccessibleInput }}
          classNames={selectClassNames<CustomerOption>(Boolean(error))}
          isClearable
          cacheOptions
          defaultOptions
          isLoading={create.isPending}
          value={value}
          loadOptions={loadOptions}
          onChange={(option) => choose(option)}
          onCreateOption={(name) => void createCustomer(name.trim())}
          formatCreateLabel={ORDER_FORM_TEXT.createCustomer}
        />
      )}
    </Field>
  );
  if (shipTos.length < 2) return customerField;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {customerField}
      <ShipToChoice shipTos={shipTos} />
    </div>
  );
}
