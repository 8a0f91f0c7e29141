import { useFormContext, useWatch } from 'react-hook-form';
import { formatMoney, formatTwoDecimals } from '@icehouse/domain';
import { Checkbox } from '../../../components';
import { DiscountField, TotalsRow, discountTaken } from '../../../components/TotalsRows';
import { Section, useFieldError } from '../fields/controls';
import { priceOfValues } from '../formValues';
import type { OrderFormValues } from '../types';

/**
 * Subtotal, discount, tax and total, worked out live by the domain's calculateOrderPrice from
 * what the form would save (spec §9); the tax rate is the company's.
 */
export function TotalsPanel({ taxRate }: { taxRate: string }) {
  const { control, setValue } = useFormContext<OrderFormValues>();
  const values = useWatch({ control }) as OrderFormValues;
  const price = priceOfValues(values, taxRate);
  const discountError = useFieldError('discount');
  return (
    <Section title="Totals">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <DiscountField<OrderFormValues>
            label="Discount"
            name="discount"
            percentName="discount_is_percentage"
            error={discountError}
          />
          <Checkbox
            label="Tax Exempt"
            checked={values.tax_exempt}
            onChange={(checked) => setValue('tax_exempt', checked, { shouldDirty: true })}
          />
        </div>
        <div className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
          <TotalsRow label="Subtotal" value={formatMoney(price.subtotal)} />
          <TotalsRow label="Discount Amount" value={discountTaken(price.discountAmount)} />
          <TotalsRow
            label={values.tax_exempt ? 'Tax (exempt)' : `Tax (${formatTwoDecimals(taxRate)}%)`}
            value={formatMoney(price.taxAmount)}
          />
          <TotalsRow label="Total" value={formatMoney(price.total)} strong />
        </div>
      </div>
    </Section>
  );
}
