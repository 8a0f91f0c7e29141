import { useEffect, useRef } from 'react';
import { formatMoney } from '@icehouse/domain';
import { Notice } from '../../components/Notice';
import { useSessionUser } from '../../lib/auth';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { PRODUCTION_TEXT as T } from './texts';

const cell = 'px-3 py-1.5';
const num = `${cell} text-right tabular-nums`;

/**
 * The order form's bill of materials (everyone; the door options and items are on the form above, so only the
 * components are listed here) and, for superusers, its cost and margin: the
 * cost kept at the last save and today's when they differ. Read again after each save (version).
 */
export function OrderMaterialsSection({ orderId, version }: { orderId: number; version: number }) {
  const user = useSessionUser();
  const superuser = user?.is_superuser === true;
  const bom = trpc.production.billOfMaterials.useQuery({ id: orderId }, { enabled: !superuser });
  const costing = trpc.production.costing.useQuery({ id: orderId }, { enabled: superuser });
  const query = superuser ? costing : bom;
  const list = query.data?.bill_of_materials;
  // A save (new version) may change the product, price or kept cost: read again.
  const seen = useRef(version);
  const { refetch } = query;
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);

  return (
    <section aria-label={T.materialsTitle} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{T.materialsTitle}</h3>
        <a
          href={`/api/production/orders/${orderId}/build-sheet/`}
          target="_blank"
          rel="noopener"
          className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {T.printBuildSheet}
        </a>
      </div>
      {query.isError && <Notice tone="error">{T.loadError}</Notice>}
      {query.isPending && <p role="status" className="text-sm text-slate-600">{T.loading}</p>}
      {list && (
        <>
          {list.kind !== 'components' && <p className="text-sm text-slate-700">{list.kind_label}</p>}
          {list.lines.length > 0 && (
            <table className="min-w-full text-sm">
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className={cell}>{T.component}</th>
                  <th scope="col" className={num}>{T.perUnit}</th>
                  <th scope="col" className={num}>{T.quantity}</th>
                  {superuser && <th scope="col" className={num}>{T.unitCost}</th>}
                  {superuser && <th scope="col" className={num}>{T.lineCost}</th>}
                </tr>
              </thead>
              <tbody>
                {list.lines.map((l) => (
                  <tr key={l.component_id} className="border-t border-slate-100">
                    <th scope="row" className={`${cell} text-left font-medium`}>{l.name}</th>
                    <td className={num}>{l.quantity_per_unit}</td>
                    <td className={num}>{l.quantity}</td>
                    {superuser && <td className={num}>{formatMoney(l.unit_cost)}</td>}
                    {superuser && <td className={num}>{formatMoney(l.line_cost)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {list.missing_components.length > 0 && <Notice tone="info">{T.missing(list.missing_components)}</Notice>}
        </>
      )}
      {superuser && costing.data && <CostAndMargin costing={costing.data} />}
    </section>
  );
}

type Costing = RouterOutputs['production']['costing'];

function CostAndMargin({ costing }: { costing: Costing }) {
  const money = (v: string | null) => (v === null ? T.costUnknown : formatMoney(v));
  const pct = (v: string | null) => (v === null ? '' : ` (${v}%)`);
  return (
    <div aria-label={T.costTitle} role="group" className="mt-4 border-t border-slate-200 pt-3">
      <h4 className="mb-2 text-sm font-semibold text-slate-900">{T.costTitle}</h4>
      {!costing.cost_recorded && <Notice tone="info">{T.notRecorded}</Notice>}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{T.priceBeforeTax}</dt>
        <dd className="tabular-nums">{formatMoney(costing.price_before_tax)}</dd>
        {costing.cost_recorded && (
          <>
            <dt className="text-slate-600">{T.costAtSave}</dt>
            <dd className="tabular-nums">{money(costing.cost_at_save)}</dd>
          </>
        )}
        {(!costing.cost_recorded || costing.cost_changed) && (
          <>
            <dt className="text-slate-600">{T.costNow}</dt>
            <dd className="tabular-nums">{money(costing.cost_now)}</dd>
          </>
        )}
        <dt className="font-medium text-slate-800">{T.margin}</dt>
        <dd className="font-semibold tabular-nums">{money(costing.margin) + pct(costing.margin_percent)}</dd>
        {costing.cost_changed && (
          <>
            <dt className="text-slate-600">{T.marginNow}</dt>
            <dd className="tabular-nums">{money(costing.margin_now) + pct(costing.margin_now_percent)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
