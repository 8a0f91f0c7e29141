import { useState } from 'react';
import { AGING_BUCKETS, formatMoney, todayIso, type AgingBucket } from '@icehouse/domain';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { Notice } from '../../components/Notice';
import { trpc } from '../../lib/trpc';
import { ReportDateField } from './ReportDateField';
import { REPORT_TEXT } from './texts';
import { AgingInvoices, type AgingDrill } from './AgingInvoices';

/** A figure of the report as a button that lists the invoices behind it (none behind a zero). */
function Figure({
  amount,
  drill,
  onDrill,
}: {
  amount: string;
  drill: AgingDrill;
  onDrill: (d: AgingDrill) => void;
}) {
  if (Number(amount) === 0) return <>{formatMoney(amount)}</>;
  return (
    <button
      type="button"
      onClick={() => onDrill(drill)}
      aria-label={REPORT_TEXT.drillLabel(formatMoney(amount), drill.title)}
      className="rounded text-sky-700 tabular-nums underline-offset-2 hover:underline"
    >
      {formatMoney(amount)}
    </button>
  );
}

/** Receivables aging per customer, as of a day (default today); CSV with the same day. */
export function AgingReport() {
  const [asOf, setAsOf] = useState(todayIso());
  const report = trpc.reports.aging.useQuery({ as_of: asOf });
  const [drill, setDrill] = useState<AgingDrill | null>(null);
  const bucketLabel = (key: AgingBucket | undefined) =>
    AGING_BUCKETS.find((b) => b.key === key)?.label ?? REPORT_TEXT.total;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <ReportDateField
          label={REPORT_TEXT.asOf}
          value={asOf}
          onChange={(value) => {
            setAsOf(value);
            setDrill(null);
          }}
        />
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
                      <Figure
                        amount={row[b.key]}
                        onDrill={setDrill}
                        drill={{
                          customer_id: row.customer_id,
                          customer_name: row.customer_name,
                          bucket: b.key,
                          title: `${row.customer_name || '—'}, ${b.label}`,
                        }}
                      />
                    </td>
                  ))}
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    <Figure
                      amount={row.total}
                      onDrill={setDrill}
                      drill={{
                        customer_id: row.customer_id,
                        customer_name: row.customer_name,
                        title: `${row.customer_name || '—'}, ${bucketLabel(undefined)}`,
                      }}
                    />
                  </td>
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
                    <Figure
                      amount={report.data.total[b.key]}
                      onDrill={setDrill}
                      drill={{ customer_id: null, customer_name: null, bucket: b.key, title: b.label }}
                    />
                  </td>
                ))}
                <td className="px-3 py-2 text-right tabular-nums">{formatMoney(report.data.total.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {drill && <AgingInvoices asOf={asOf} drill={drill} onClose={() => setDrill(null)} />}
    </div>
  );
}
