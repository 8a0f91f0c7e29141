import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Decimal, LIMITS, calculateInvoiceTotals, creditOf, roundCents } from '@icehouse/domain';
import { Checkbox } from '../../components/Checkbox';
import { Field, inputClassName } from '../../components/Field';
import { DiscountField, TotalsRow, discountTaken } from '../../components/TotalsRows';
import { formatMoney, formatTwoDecimals } from '../../lib/format';
import { errorAt } from './formErrors';
import { INVOICE_TEXT } from './texts';
import { PAYMENT_TEXT } from './paymentTexts';
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

/**
 * The totals box (invoices spec §2, §4, §5): Subtotal; Discount with its $/% toggle; Sales Tax
 * with its percentage; Tax Exempt (which disables the Tax Rate input and makes the label 0%); Tax
 * Rate (%); Total; Payments/Credits; Balance Due (never below 0); Credit when more was paid than the total. Every amount comes from the
 * domain's calculateInvoiceTotals over what the form holds, as the user types.
 */
export function TotalsBox({ paymentsCredits }: { paymentsCredits?: string } = {}) {
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<InvoiceFormValues>();
  const watched = useWatch({ control, name: 'editable_data' });
  // Payments/Credits is the payments ledger's sum, given by the editor, not typed here.
  const data = paymentsCredits === undefined ? watched : { ...watched, payments_credits: paymentsCredits };
  const totals = totalsOf(data);
  const credit = creditOf(totals.total, data.payments_credits);
  const taxExempt = data.tax_exempt;

  return (
    <section
      aria-labelledby="invoice-totals"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="invoice-totals" className="text-base font-semibold text-slate-900">
        {INVOICE_TEXT.totalsSection}
      </h2>
      <TotalsRow label={INVOICE_TEXT.subtotal} value={formatMoney(totals.subtotal)} />
      <DiscountField<InvoiceFormValues>
        label={INVOICE_TEXT.discount}
        name="editable_data.discount"
        percentName="editable_data.discount_is_percentage"
        error={errorAt(errors, 'editable_data.discount')}
      />
      <TotalsRow label={INVOICE_TEXT.discountAmount} value={discountTaken(totals.discountAmount)} />
      <TotalsRow
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
      <TotalsRow label={INVOICE_TEXT.total} value={formatMoney(totals.total)} strong className="mt-1" />
      {/* The payments ledger's sum: recorded and reversed in the Payments section, never typed here. */}
      <TotalsRow label={INVOICE_TEXT.paymentsCredits} value={formatMoney(data.payments_credits)} />
      <p className="-mt-2 text-xs text-slate-500">{PAYMENT_TEXT.paymentsReadOnlyHint}</p>
      <TotalsRow
        label={INVOICE_TEXT.balanceDue}
        value={formatMoney(totals.balanceDue)}
        strong
        className="mt-1"
      />
      {/* An overpayment (decision 135): what was paid past the total, kept as a credit. */}
      {credit !== '0.00' && <TotalsRow label={INVOICE_TEXT.credit} value={formatMoney(credit)} />}
    </section>
  );
}
