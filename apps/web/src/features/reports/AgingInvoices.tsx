import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { AgingBucket } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { formatDate, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { REPORT_TEXT } from './texts';

/** Which figure of the aging report was opened: a customer's row (or every customer), a bucket (or all). */
export interface AgingDrill {
  /** The row's customer; null with a customer_name: unlinked invoices of that bill-to name. */
  customer_id: number | null;
  /** null with customer_id null: every customer (a Total line figure). */
  customer_name: string | null;
  bucket?: AgingBucket;
  /** What the figure is, as staff read it ('Lakeside Resort, 1–30 days'). */
  title: string;
}

/**
 * The invoices behind a figure of the aging report, as the server lists them
 * (reports.agingInvoices): each opens in the invoice editor; their balances add up to the figure.
 */
export function AgingInvoices({
  asOf,
  drill,
  onClose,
}: {
  asOf: string;
  drill: AgingDrill;
  onClose: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const who =
    drill.customer_id !== null
      ? { customer_id: drill.customer_id }
      : drill.customer_name !== null
        ? { customer_name: drill.customer_name }
        : {};
  const list = trpc.reports.agingInvoices.useQuery({ as_of: asOf, bucket: drill.bucket, ...who });
  // The list appears below the table: take the reader there.
  useEffect(() => headingRef.current?.focus(), [drill]);

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900">
          {REPORT_TEXT.drillTitle(drill.title)}
        </h2>
        <Button size="sm" onClick={onClose}>
          {REPORT_TEXT.drillClose}
        </Button>
      </div>
      {list.isError && <Notice tone="error">{REPORT_TEXT.loadError}</Notice>}
      {list.isPending && (
        <p role="status" className="text-sm text-slate-600">
          {REPORT_TEXT.loading}
        </p>
      )}
      {list.data && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{REPORT_TEXT.drillTitle(drill.title)}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {REPORT_TEXT.invoiceNumber}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {REPORT_TEXT.customer}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {REPORT_TEXT.date}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {REPORT_TEXT.dueDate}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {REPORT_TEXT.daysPastDue}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {REPORT_TEXT.balanceDue}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.results.map((invoice) => (
                <tr key={invoice.id} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-1.5 text-left font-medium">
                    <Link
                      to={`/invoices/${invoice.id}/edit`}
                      className="text-sky-700 underline-offset-2 hover:underline"
                    >
                      {invoice.invoice_number}
                    </Link>
                  </th>
                  <td className="px-3 py-1.5">{invoice.customer_name || '—'}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{formatDate(invoice.date)}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">
                    {invoice.due_date ? formatDate(invoice.due_date) : '—'}
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {Math.max(0, invoice.days_past_due)}
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatMoney(invoice.balance_due)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
