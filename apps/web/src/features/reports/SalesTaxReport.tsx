import { REPORT_PERIODS, formatMoney, type ReportPeriod } from '@icehouse/domain';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { Notice } from '../../components/Notice';
import { serverFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ReportPeriodFields, useReportFilters } from './ReportPeriodFields';
import { ReportSelectField } from './ReportSelectField';
import { REPORT_TEXT } from './texts';

const AMOUNTS = [
  ['taxable_sales', REPORT_TEXT.taxableSales],
  ['exempt_sales', REPORT_TEXT.exemptSales],
  ['freight', REPORT_TEXT.freight],
  ['discounts', REPORT_TEXT.discounts],
  ['tax', REPORT_TEXT.tax],
  // What was invoiced and what was credited each in its own column, so each ties to its documents.
  ['invoiced', REPORT_TEXT.invoiced],
  ['credited', REPORT_TEXT.credited],
  ['total', REPORT_TEXT.netTotal],
] as const;

const PERIOD_OPTIONS = [
  { value: 'month', label: REPORT_TEXT.month },
  { value: 'quarter', label: REPORT_TEXT.quarter },
  { value: 'year', label: REPORT_TEXT.year },
] as const;

/**
 * Sales tax by period: from/to (default this year) grouped by month, quarter or year; CSV with the
 * same filters, and the payments recorded in those dates as CSV. The filters live in the URL
 * (`?from=&to=&period=`), so a report can be reloaded, bookmarked and shared as it is shown.
 */
export function SalesTaxReport() {
  const filters = useReportFilters<'period'>();
  const { from, to, setParam } = filters;
  const rawPeriod = filters.params.get('period');
  const period: ReportPeriod = (REPORT_PERIODS as readonly string[]).includes(rawPeriod ?? '')
    ? (rawPeriod as ReportPeriod)
    : 'quarter';
  const report = trpc.reports.salesTax.useQuery({ from, to, period });
  // A refused filter (To before From) is said on its field; anything else under the bar.
  const fieldErrors = serverFieldErrors(report.error);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <ReportPeriodFields filters={filters} fieldErrors={fieldErrors} />
        <ReportSelectField
          label={REPORT_TEXT.groupBy}
          value={period}
          options={PERIOD_OPTIONS}
          onChange={(value) => setParam('period', value)}
        />
        <ExportCsvLink
          path="/api/reports/sales-tax/csv/"
          params={{ from, to, period }}
          label={REPORT_TEXT.downloadCsv}
        />
        {/* Every payment, refund and reversal recorded in the same dates (decision 115). */}
        <ExportCsvLink
          path="/api/payments/export.csv"
          params={{ from, to }}
          label={REPORT_TEXT.paymentsCsv}
        />
      </div>
      <p className="text-xs text-slate-500">{REPORT_TEXT.salesTaxHint}</p>
      {report.isError && !fieldErrors && <Notice tone="error">{REPORT_TEXT.loadError}</Notice>}
      {report.isPending && (
        <p role="status" className="text-sm text-slate-600">
          {REPORT_TEXT.loading}
        </p>
      )}
      {report.data && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{REPORT_TEXT.salesTaxCaption}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {REPORT_TEXT.period}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {REPORT_TEXT.invoices}
                </th>
                {AMOUNTS.map(([key, label]) => (
                  <th key={key} scope="col" className="px-3 py-2 text-right font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.data.rows.map((row) => (
                <tr key={row.period} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-1.5 text-left font-medium">
                    {row.period}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{row.invoices}</td>
                  {AMOUNTS.map(([key]) => (
                    <td key={key} className="px-3 py-1.5 text-right tabular-nums">
                      {formatMoney(row[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-300 font-semibold">
                <th scope="row" className="px-3 py-2 text-left">
                  {REPORT_TEXT.total}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{report.data.total.invoices}</td>
                {AMOUNTS.map(([key]) => (
                  <td key={key} className="px-3 py-2 text-right tabular-nums">
                    {formatMoney(report.data.total[key])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
