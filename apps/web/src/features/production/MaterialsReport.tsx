import { Fragment, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MATERIALS_DEFAULT_STATUSES, MATERIALS_STATUSES, formatMoney, nextShipWeek, statusLabel, todayIso } from '@icehouse/domain';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { Notice } from '../../components/Notice';
import { trpc } from '../../lib/trpc';
import { useSeesMoney } from '../../lib/access';
import { orderHref } from '../order-form/OrderFormProvider';
import { ReportDateField } from '../reports/ReportDateField';
import { REPORT_TEXT } from '../reports/texts';
import { PRODUCTION_TEXT as T } from './texts';

type Status = (typeof MATERIALS_STATUSES)[number];
const num = 'px-3 py-1.5 text-right tabular-nums';

/**
 * Materials per ship week (everyone): ship dates from..to (default next week), the statuses that
 * count, each component's needed, cost, on hand, on order, available and to buy; a row opens to the orders
 * and the purchase orders behind it (an order that has taken its parts from stock says so). A role
 * that sees no money (the shop) receives no costs: the cost columns and the totals row are left out.
 */
export function MaterialsReport() {
  const week = nextShipWeek(todayIso());
  const [from, setFrom] = useState(week.from);
  const [to, setTo] = useState(week.to);
  const [statuses, setStatuses] = useState<Status[]>([...MATERIALS_DEFAULT_STATUSES]);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const money = useSeesMoney();
  const { search } = useLocation();
  const columnCount = money ? 9 : 6;
  const report = trpc.production.materials.useQuery({ from, to, statuses }, { enabled: statuses.length > 0 });
  const toggle = (s: Status) => setStatuses((list) => (list.includes(s) ? list.filter((x) => x !== s) : MATERIALS_STATUSES.filter((x) => x === s || list.includes(x))));
  const expand = (id: number) => setOpen((set) => new Set(set.has(id) ? [...set].filter((x) => x !== id) : [...set, id]));

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <ReportDateField label={REPORT_TEXT.from} value={from} onChange={setFrom} />
        <ReportDateField label={REPORT_TEXT.to} value={to} onChange={setTo} />
        <fieldset className="flex flex-wrap gap-3">
          <legend className="text-sm font-medium text-slate-800">{T.statuses}</legend>
          {MATERIALS_STATUSES.map((s) => (
            <label key={s} className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={statuses.includes(s)} onChange={() => toggle(s)} />
              {statusLabel(s)}
            </label>
          ))}
        </fieldset>
        <ExportCsvLink path="/api/production/materials/csv/" params={{ from, to, statuses: statuses.join(',') }} label={REPORT_TEXT.downloadCsv} />
        <a
          href={`/api/production/materials/pdf/?${new URLSearchParams({ from, to, statuses: statuses.join(',') }).toString()}`}
          target="_blank"
          rel="noopener"
          className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {T.printPdf}
        </a>
      </div>
      <p className="text-xs text-slate-500">{T.materialsHint}</p>
      {report.isError && <Notice tone="error">{REPORT_TEXT.loadError}</Notice>}
      {report.isFetching && !report.data && (
        <p role="status" className="text-sm text-slate-600">
          {REPORT_TEXT.loading}
        </p>
      )}
      {report.data && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{T.materialsCaption}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{T.component}</th>
                <th scope="col" className={num}>{T.needed}</th>
                {money && <th scope="col" className={num}>{T.unitCost}</th>}
                {money && <th scope="col" className={num}>{T.totalCost}</th>}
                <th scope="col" className={num}>{T.onHand}</th>
                <th scope="col" className={num}>{T.onOrder}</th>
                <th scope="col" className={num}>{T.available}</th>
                <th scope="col" className={num}>{T.toBuy}</th>
                {money && <th scope="col" className={num}>{T.toBuyCost}</th>}
              </tr>
            </thead>
            <tbody>
              {report.data.rows.length === 0 && (
                <tr>
                  <td colSpan={columnCount} className="px-3 py-4 text-center text-slate-500">{T.noMaterials}</td>
                </tr>
              )}
              {report.data.rows.map((row) => (
                <Fragment key={row.component_id}>
                  <tr className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-1.5 text-left font-medium">
                      <button
                        type="button"
                        aria-expanded={open.has(row.component_id)}
                        aria-label={T.showOrders(row.name)}
                        onClick={() => expand(row.component_id)}
                        className="mr-1 rounded px-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
                      >
                        {open.has(row.component_id) ? '▾' : '▸'}
                      </button>
                      {row.name}
                    </th>
                    <td className={num}>{row.needed}</td>
                    {money && <td className={num}>{formatMoney(row.unit_cost)}</td>}
                    {money && <td className={num}>{formatMoney(row.total_cost)}</td>}
                    <td className={num}>{row.on_hand}</td>
                    <td className={num}>
                      {row.on_order}
                      {row.next_expected_date && <span className="block text-xs text-slate-500">{T.expected(row.next_expected_date)}</span>}
                    </td>
                    <td className={num}>{row.available}</td>
                    <td className={`${num} font-semibold`}>{row.to_buy}</td>
                    {money && <td className={num}>{formatMoney(row.to_buy_cost)}</td>}
                  </tr>
                  {open.has(row.component_id) && (
                    <tr className="bg-slate-50">
                      <td colSpan={columnCount} className="px-8 py-1.5">
                        <ul aria-label={T.ordersOf(row.name)} className="flex flex-wrap gap-x-4 text-xs text-slate-700">
                          {row.orders.map((o) => (
                            <li key={o.order_id}>
                              <Link className="text-sky-800 underline" to={orderHref(search, o.order_id)}>
                                {o.door_number}
                              </Link>{' '}
                              × {o.quantity}
                              {o.consumed && <span className="text-slate-500"> ({T.taken})</span>}
                            </li>
                          ))}
                        </ul>
                        {row.purchase_orders.length > 0 && (
                          <ul aria-label={T.purchaseOrdersOf(row.name)} className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-700">
                            {row.purchase_orders.map((p) => (
                              <li key={p.purchase_order_id}>
                                <Link className="text-sky-800 underline" to={`/purchase-orders/${p.purchase_order_id}`}>
                                  {p.number}
                                </Link>{' '}
                                {p.supplier_name} × {p.quantity}
                                {p.expected_date && `, ${T.expected(p.expected_date)}`}
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
            {money && (
              <tfoot>
                <tr className="border-t-2 border-slate-300 font-semibold">
                  <th scope="row" className="px-3 py-2 text-left">{REPORT_TEXT.total}</th>
                  <td className={num} colSpan={3}>{formatMoney(report.data.total_cost)}</td>
                  <td className={num} colSpan={5}>{formatMoney(report.data.to_buy_cost)}</td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
      {report.data && report.data.orders_without_materials.length > 0 && (
        <section aria-label={T.withoutMaterials} className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm">
          <h3 className="mb-1 font-semibold">{T.withoutMaterials}</h3>
          <ul className="flex flex-col gap-0.5">
            {report.data.orders_without_materials.map((o) => (
              <li key={o.order_id}>
                {o.door_number}: {o.kind_label}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
