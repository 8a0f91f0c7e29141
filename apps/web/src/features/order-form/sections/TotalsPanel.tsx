import { useId } from 'react';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { formatMoney, formatTwoDecimals } from '@icehouse/domain';
import { Checkbox, Field } from '../../../components';
import { DiscountInput } from '../../../components/DiscountInput';
import { cn } from '../../../lib/cn';
import { Section, useFieldError } from '../fields/controls';
import { priceOfValues } from '../formValues';
import type { OrderFormValues } from '../types';

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const id = useId();
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4 py-1',
        strong && 'border-t border-slate-200 pt-2',
      )}
    >
      <label
        htmlFor={id}
        className={cn('text-sm text-slate-700', strong && 'text-base font-semibold text-slate-900')}
      >
        {label}
      </label>
      <output
        id={id}
        aria-live="off"
        className={cn(
          'text-right tabular-nums',
          strong ? 'text-lg font-semibold text-slate-900' : 'text-sm text-slate-900',
        )}
      >
        {value}
      </output>
    </div>
  );
}

/** Discount as an amount or a percent: two decimals on blur, minimum 0, at most 100 when percent. */
function DiscountField() {
  const { control, setValue, trigger } = useFormContext<OrderFormValues>();
  const { isSubmitted } = useFormState({ control });
  const error = useFieldError('discount');
  const isPercent = useWatch({ control, name: 'discount_is_percentage' });
  const toggle = (percent: boolean) => {
    setValue('discount_is_percentage', percent, { shouldDirty: true });
    if (isSubmitted) void trigger('discount');
  };
  return (
    <Field label="Discount" error={error}>
      {(aria) => (
        <Controller
          control={control}
          name="discount"
          render={({ field }) => (
            <DiscountInput
              aria={aria}
              field={field}
              isPercent={isPercent}
              onTypeChange={toggle}
              invalid={Boolean(error)}
            />
          )}
        />
      )}
    </Field>
  );
}

/**
 * Subtotal, discount, tax and total, worked out live by the domain's calculateOrderPrice from
 * what the form would save (spec §9); the tax rate is the company's.
 */
export function TotalsPanel({ taxRate }: { taxRate: string }) {
  const { control, setValue } = useFormContext<OrderFormValues>();
  const values = useWatch({ control }) as OrderFormValues;
  const price = priceOfValues(values, taxRate);
  return (
    <Section title="Totals">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <DiscountField />
          <Checkbox
            label="Tax Exempt"
            checked={values.tax_exempt}
            onChange={(checked) => setValue('tax_exempt', checked, { shouldDirty: true })}
          />
        </div>
        <div className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
          <Amount label="Subtotal" value={formatMoney(price.subtotal)} />
          <Amount
            label="Discount Amount"
            value={price.discountAmount === '0.00' ? formatMoney(0) : `-${formatMoney(price.discountAmount)}`}
          />
          <Amount
            label={values.tax_exempt ? 'Tax (exempt)' : `Tax (${formatTwoDecimals(taxRate)}%)`}
            value={formatMoney(price.taxAmount)}
          />
          <Amount label="Total" value={formatMoney(price.total)} strong />
        </div>
      </div>
    </Section>
  );
}
