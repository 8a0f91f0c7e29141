import AsyncSelect from 'react-select/async';
import { LIMITS } from '@icehouse/domain';
import { AccessibleInput, SELECT_BEHAVIOUR, selectClassNames } from '../../components/selectLook';
import { trpc } from '../../lib/trpc';
import type { CustomerListRow } from '../customers/types';

export interface QuoteCustomerOption {
  value: number;
  label: string;
  customer?: CustomerListRow;
}

/**
 * The quote's customer: type to search every customer (the customers list's own search, as the order
 * form's picker does), not a list of the first hundred. Creating a customer stays on the order form and
 * the customers page; a quote is often for a prospect, who is typed into Bill To without a customer.
 */
export function QuoteCustomerPicker({
  control,
  invalid,
  value,
  disabled,
  onChange,
}: {
  control: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };
  invalid: boolean;
  value: QuoteCustomerOption | null;
  disabled: boolean;
  onChange: (option: QuoteCustomerOption | null) => void;
}) {
  const utils = trpc.useUtils();
  async function loadOptions(input: string): Promise<QuoteCustomerOption[]> {
    const page = await utils.customers.list.fetch(input.trim() ? { search: input.trim() } : {});
    return page.results.slice(0, LIMITS.customerPickerSize).map((c) => ({ value: c.id, label: c.name, customer: c }));
  }
  return (
    <AsyncSelect<QuoteCustomerOption, false>
      {...SELECT_BEHAVIOUR}
      inputId={control.id}
      aria-invalid={control['aria-invalid']}
      {...({ fieldAria: { describedBy: control['aria-describedby'] } } as object)}
      components={{ Input: AccessibleInput }}
      classNames={selectClassNames<QuoteCustomerOption>(invalid)}
      isClearable
      cacheOptions
      defaultOptions
      isDisabled={disabled}
      value={value}
      loadOptions={loadOptions}
      onChange={(option) => onChange(option)}
    />
  );
}
