import type { ReactNode } from 'react';
import { Box, money, nonZero, quantity, salesTaxLabel, text, usDate } from './layout';
import type { Money, Text } from './types';

/**
 * Blocks that more than one document prints the same way: the date/number table under the
 * letterhead's title, the priced line-item table, the totals rows and the boxed free text.
 */

/** The small date / document-number table under the letterhead's title. */
export function DocMeta({
  date,
  numberLabel,
  number,
}: {
  date: string;
  numberLabel: string;
  number: string;
}) {
  return (
    <table className="meta">
      <thead>
        <tr>
          <th>Date</th>
          <th>{numberLabel}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{usDate(date)}</td>
          <td>{number}</td>
        </tr>
      </tbody>
    </table>
  );
}

export interface PricedRow {
  quantity: Money;
  description: string;
  price: Money;
  amount: Money;
}

/** Qty / description / price / amount; with no rows, one muted row that keeps the columns. */
export function PricedItemsTable({
  rows,
  className,
  descriptionLabel,
  priceLabel,
  emptyText,
}: {
  rows: PricedRow[];
  className: string;
  descriptionLabel: string;
  priceLabel: string;
  emptyText: string;
}) {
  return (
    <table className={`items ${className}`}>
      <thead>
        <tr>
          <th className="qty">Qty</th>
          <th>{descriptionLabel}</th>
          <th className="num money">{priceLabel}</th>
          <th className="num money">Amount</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td className="qty" />
            <td className="muted">{emptyText}</td>
            <td />
            <td />
          </tr>
        ) : (
          rows.map((row, i) => (
            <tr key={i}>
              <td className="qty">{quantity(row.quantity)}</td>
              <td className="desc pre">{row.description}</td>
              <td className="num">{money(row.price)}</td>
              <td className="num">{money(row.amount)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** One label / amount row of a totals table; `shown` as given (e.g. a negated amount). */
export function AmountRow({ label, shown, className }: { label: string; shown: string; className?: string }) {
  return (
    <tr className={className}>
      <td>{label}</td>
      <td className="num">{shown}</td>
    </tr>
  );
}

/** The discount row (only when there is a discount) and the sales tax row. */
export function DiscountAndTaxRows({
  totals,
}: {
  totals: {
    discount_amount: Money;
    discount_label?: Text;
    tax_rate: Money;
    tax_amount: Money;
    tax_exempt: boolean;
  };
}) {
  return (
    <>
      {nonZero(totals.discount_amount) && (
        <AmountRow
          label={text(totals.discount_label) || 'Discount'}
          shown={`-${money(totals.discount_amount)}`}
        />
      )}
      <AmountRow label={salesTaxLabel(totals)} shown={money(totals.tax_amount)} />
    </>
  );
}

/** A box holding free text (line breaks kept), or a muted 'None' when it is blank. */
export function TextBox({
  title,
  value,
  className,
  children,
}: {
  title: string;
  value: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Box title={title} className={className}>
      {value ? <div className="pre">{value}</div> : <div className="muted">None</div>}
      {children}
    </Box>
  );
}
