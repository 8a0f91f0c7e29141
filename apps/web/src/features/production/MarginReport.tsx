import { useId, useState } from 'react';
import { formatMoney } from '@icehouse/domain';
import { inputClassName } from '../../components/Field';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { Notice } from '../../components/Notice';
import { trpc } from '../../lib/trpc';
import { ReportDateField } from '../reports/ReportDateField';
import { useReportFilters } from '../reports/ReportPeriodFields';
import { REPORT_TEXT } from '../reports/texts';
import { PRODUCTION_TEXT as T } from './texts';

type Group = 'month' | 'product';
const AMOUNTS = [
  ['price_before_tax', T.priceBeforeTax],
  ['materials_cost', T.costAtSave],
  ['margin', T.margin],
] as const;
const num = 'px-3 py-1.5 text-right tabular-nums';

/** Margin by month or by product (superusers): orders dated from..to, cost as kept at each save; CSV alike. */
export function MarginReport() {
  // The reports' shared period, in the URL (decision 250).
  const { from, to, setParam } = useReportFilters();
  const [group, setGroup] = useState<Group>('month');
  const groupId = useId();
  const report = trpc.production.marginReport.useQuery({ from, to, group });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <ReportDateField label={REPORT_TEXT.from} value={from} onChange={(v) => setParam('from', v)} />
        <ReportDateField label={REPORT_TEXT.to} value={to} onChange={(v) => setParam('to', v)} />
        <div className="flex flex-col gap-1">
          <label htmlFor={groupId} className="text-sm font-medium text-slate-800">
            {REPORT_TEXT.groupBy}
          </label>
          <select id={groupId} value={group} onChange={(e) => setGroup(e.target.value as Group)} className={inputClassName(false)}>
            <option value="month">{T.byMonth}</option>
            <option value="product">{T.byProduct}</option>
          </select>
        </div>
        <ExportCsvLink path="/api/reports/margin/csv/" params={{ from, to, group }} label={REPORT_TEXT.downloadCsv} />
      </div>
      <p className="text-xs text-slate-500">{T.marginHint}</p>
      {report.isError && <Notice tone="error">{REPORT_TEXT.loadError}</Notice>}
      {report.isPending && (
        <p role="status" className="text-sm text-slate-600">
          {REPORT_TEXT.loading}
        </p>
      )}
      {report.data && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{T.marginCaption}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {group === 'month' ? T.byMonth : T.byProduct}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{T.orders}</th>
                {AMOUNTS.map(([key, label]) => (
                  <th key={key} scope="col" className="px-3 py-2 text-right font-medium">{label}</th>
                ))}
                <th scope="col" className="px-3 py-2 text-right font-medium">{T.marginPercent}</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{T.unknownCost}</th>
              </tr>
            </thead>
            <tbody>
              {report.data.rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-1.5 text-left font-medium">{row.label}</th>
                  <td className={num}>{row.orders}</td>
                  {AMOUNTS.map(([key]) => (
                    <td key={key} className={num}>{formatMoney(row[key])}</td>
                  ))}
                  <td className={num}>{row.margin_percent ?? ''}</td>
                  <td className={num}>{row.unknown_cost_orders}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-300 font-semibold">
                <th scope="row" className="px-3 py-2 text-left">{REPORT_TEXT.total}</th>
                <td className={num}>{report.data.total.orders}</td>
                {AMOUNTS.map(([key]) => (
                  <td key={key} className={num}>{formatMoney(report.data.total[key])}</td>
                ))}
                <td className={num}>{report.data.total.margin_percent ?? ''}</td>
                <td className={num}>{report.data.total.unknown_cost_orders}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
