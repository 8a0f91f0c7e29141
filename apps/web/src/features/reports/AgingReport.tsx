import { useState } from 'react';
import { AGING_BUCKETS, formatMoney, todayIso } from '@icehouse/domain';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { Notice } from '../../components/Notice';
import { trpc } from '../../lib/trpc';
import { ReportDateField } from './ReportDateField';
import { REPORT_TEXT } from './texts';

/** Receivables aging per customer, as of a day (default today); CSV with the same day. */
export function AgingReport() {
  const [asOf, setAsOf] = useState(todayIso());
  const report = trpc.reports.aging.useQuery({ as_of: asOf });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <ReportDateField label={REPORT_TEXT.asOf} value={asOf} onChange={setAsOf} />
        <ExportCsvLink
          path="/api/reports/aging/csv/"
          params={{ as_of: asOf }}
          label={REPORT_TEXT.downloadCsv}
        />
      </div>
      {report.isError && <Notice tone="error">{REPORT_TEXT.loadError}</Notice>}
      {report.isPending && (
        <p role="status" className="text-sm text-slate-600">
          {REPORT_TEXT.loading}
        </p>
      )}
      {report.data && report.data.rows.length === 0 && (
        <p className="text-sm text-slate-600">{REPORT_TEXT.agingEmpty}</p>
      )}
      {report.data && report.data.rows.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{REPORT_TEXT.agingCaption}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {REPORT_TEXT.customer}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {REPORT_TEXT.invoices}
                </th>
                {AGING_BUCKETS.map((b) => (
                  <th key={b.key} scope="col" className="px-3 py-2 text-right font-medium">
                    {b.label}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {REPORT_TEXT.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.data.rows.map((row) => (
                <tr
                  key={`${row.customer_id ?? 'n'}-${row.customer_name}`}
                  className="border-t border-slate-100"
                >
                  <th scope="row" className="px-3 py-1.5 text-left font-medium">
                    {row.customer_name || '—'}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{row.invoices}</td>
                  {AGING_BUCKETS.map((b) => (
                    <td key={b.key} className="px-3 py-1.5 text-right tabular-nums">
                      {formatMoney(row[b.key])}
                    </td>
                  ))}
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatMoney(row.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-300 font-semibold">
                <th scope="row" className="px-3 py-2 text-left">
                  {REPORT_TEXT.total}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{report.data.total.invoices}</td>
                {AGING_BUCKETS.map((b) => (
                  <td key={b.key} className="px-3 py-2 text-right tabular-nums">
                    {formatMoney(report.data.total[b.key])}
                  </td>
                ))}
                <td className="px-3 py-2 text-right tabular-nums">{formatMoney(report.data.total.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
