import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Decimal, LIMITS, calculateInvoiceTotals, roundCents } from '@icehouse/domain';
import { Checkbox } from '../../components/Checkbox';
import { DiscountInput } from '../../components/DiscountInput';
import { Field, inputClassName } from '../../components/Field';
import { MoneyInput } from '../../components/MoneyInput';
import { cn } from '../../lib/cn';
import { formatMoney, formatTwoDecimals } from '../../lib/format';
import { errorAt } from './formErrors';
import { INVOICE_TEXT } from './texts';
import type { EditableFormValues, InvoiceFormValues } from './types';

/** A rate as a label shows it: '8.25' -> '8.25', '8.00' -> '8', blank or negative -> '0'. */
export function percentText(rate: string | null | undefined): string {
  return Decimal.max(0, roundCents(rate)).toString();
}

/** The totals of what the form holds, by the domain's rule (invoices spec §5), never worked out here. */
export function totalsOf(data: EditableFormValues) {
  return calculateInvoiceTotals({
    lineItems: data.line_items ?? [],
    discount: data.discount,
    discountIsPercentage: data.discount_is_percentage,
    taxRate: data.tax_rate,
    taxExempt: data.tax_exempt,
    paymentsCredits: data.payments_credits,
  });
}

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const id = useId();
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4 py-1',
        strong && 'mt-1 border-t border-slate-200 pt-2',
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

/** Discount as a dollar amount or a percent, with the $/% toggle. */
function DiscountField() {
  const {
    control,
    setValue,
    trigger,
    formState: { errors, isSubmitted },
  } = useFormContext<InvoiceFormValues>();
  const isPercent = useWatch({ control, name: 'editable_data.discount_is_percentage' });
  const error = errorAt(errors, 'editable_data.discount');

  function choose(percent: boolean) {
    setValue('editable_data.discount_is_percentage', percent, { shouldDirty: true });
    if (isSubmitted || error) void trigger('editable_data.discount');
  }

  return (
    <Field label={INVOICE_TEXT.discount} error={error}>
      {(aria) => (
        <Controller
          control={control}
          name="editable_data.discount"
          render={({ field }) => (
            <DiscountInput
              aria={aria}
              field={field}
              isPercent={isPercent}
              onTypeChange={choose}
              invalid={Boolean(error)}
            />
          )}
        />
      )}
    </Field>
  );
}

/**
 * The totals box (invoices spec §2, §4, §5): Subtotal; Discount with its $/% toggle; Sales Tax
 * with its percentage; Tax Exempt (which disables the Tax Rate input and makes the label 0%); Tax
 * Rate (%); Total; Payments/Credits; Balance Due (never below 0). Every amount comes from the
 * domain's calculateInvoiceTotals over what the form holds, as the user types.
 */
export function TotalsBox() {
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<InvoiceFormValues>();
  const data = useWatch({ control, name: 'editable_data' });
  const totals = totalsOf(data);
  const taxExempt = data.tax_exempt;
  const discountTaken =
    totals.discountAmount === '0.00' ? formatMoney(0) : `-${formatMoney(totals.discountAmount)}`;

  return (
    <section
      aria-labelledby="invoice-totals"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="invoice-totals" className="text-base font-semibold text-slate-900">
        {INVOICE_TEXT.totalsSection}
      </h2>
      <Amount label={INVOICE_TEXT.subtotal} value={formatMoney(totals.subtotal)} />
      <DiscountField />
      <Amount label={INVOICE_TEXT.discountAmount} value={discountTaken} />
      <Amount
        label={INVOICE_TEXT.salesTax(taxExempt ? '0' : percentText(data.tax_rate))}
        value={formatMoney(totals.taxAmount)}
      />
      <Checkbox
        label={INVOICE_TEXT.taxExempt}
        checked={taxExempt}
        onChange={(checked) => setValue('editable_data.tax_exempt', checked, { shouldDirty: true })}
      />
      <Controller
        control={control}
        name="editable_data.tax_rate"
        render={({ field }) => (
          <Field label={INVOICE_TEXT.taxRate} error={errorAt(errors, 'editable_data.tax_rate')}>
            {(aria) => (
              <div className="relative">
                <input
                  {...aria}
                  ref={field.ref}
                  name={field.name}
                  type="number"
                  inputMode="decimal"
                  step={LIMITS.priceStep}
                  min={0}
                  max={LIMITS.percentMax}
                  disabled={taxExempt}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={() => {
                    const normalized = formatTwoDecimals(field.value);
                    if (normalized !== field.value) field.onChange(normalized);
                    field.onBlur();
                  }}
                  className={inputClassName(
                    Boolean(errorAt(errors, 'editable_data.tax_rate')),
                    'pr-8 text-right tabular-nums',
                  )}
                />
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500"
                >
                  %
                </span>
              </div>
            )}
          </Field>
        )}
      />
      <Amount label={INVOICE_TEXT.total} value={formatMoney(totals.total)} strong />
      <Controller
        control={control}
        name="editable_data.payments_credits"
        render={({ field }) => (
          <Field
            label={INVOICE_TEXT.paymentsCredits}
            error={errorAt(errors, 'editable_data.payments_credits')}
          >
            {(aria) => (
              <MoneyInput
                {...aria}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          </Field>
        )}
      />
      <Amount label={INVOICE_TEXT.balanceDue} value={formatMoney(totals.balanceDue)} strong />
    </section>
  );
}
