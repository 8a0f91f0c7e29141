import { formatMoney, formatUsDate, statusLabel, type MaterialsSummary } from '@icehouse/domain';
import { renderDocument } from './layout';

const CSS = `
body{font-size:9.5pt}
h1{font-size:16pt;color:#1e3a5f;margin-bottom:2px}
.sub{color:#52606d;margin-bottom:10px}
table{width:100%;border-collapse:collapse}
th,td{border-bottom:1px solid #cbd2d9;padding:3px 5px;text-align:left;vertical-align:top}
.num{text-align:right}
.orders{font-size:8pt;color:#3e4c59}
tfoot td,tfoot th{font-weight:bold;border-top:2px solid #52606d}
.apart{margin-top:10px}
`;

/** The materials list as a printable document (the buyer's copy): the same figures as the screen and CSV. */
/** The materials list as the screen and CSV show it: the domain's figures, with the range they cover. */
export interface MaterialsDocument extends MaterialsSummary {
  from: string;
  to: string;
  orders: number;
  statuses: readonly string[];
}

/** `money: false`: the copy for a role that sees no money, without the cost columns and their totals. */
export function renderMaterialsHtml(
  view: MaterialsDocument,
  { money = true }: { money?: boolean } = {},
): string {
  const body = (
    <>
      <h1>Materials to buy</h1>
      <div className="sub">
        Ship dates {formatUsDate(view.from)} – {formatUsDate(view.to)} · {view.orders} orders (
        {view.statuses.map(statusLabel).join(', ')})
      </div>
      <table>
        <thead>
          <tr>
            <th>Component</th>
            <th className="num">Needed</th>
            {money && <th className="num">Unit cost</th>}
            {money && <th className="num">Total cost</th>}
            <th className="num">On hand</th>
            <th className="num">To buy</th>
            {money && <th className="num">To buy cost</th>}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((r) => (
            <tr key={r.component_id}>
              <td>
                {r.name}
                <div className="orders">
                  {r.orders.map((o) => `${o.door_number} × ${o.quantity}`).join('; ')}
                </div>
              </td>
              <td className="num">{r.needed}</td>
              {money && <td className="num">{formatMoney(r.unit_cost)}</td>}
              {money && <td className="num">{formatMoney(r.total_cost)}</td>}
              <td className="num">{r.on_hand}</td>
              <td className="num">{r.to_buy}</td>
              {money && <td className="num">{formatMoney(r.to_buy_cost)}</td>}
            </tr>
          ))}
        </tbody>
        {money && (
          <tfoot>
            <tr>
              <th>Total</th>
              <td />
              <td />
              <td className="num">{formatMoney(view.total_cost)}</td>
              <td />
              <td />
              <td className="num">{formatMoney(view.to_buy_cost)}</td>
            </tr>
          </tfoot>
        )}
      </table>
      {view.orders_without_materials.length > 0 && (
        <div className="apart">
          Orders without a bill of materials:{' '}
          {view.orders_without_materials.map((o) => `${o.door_number} (${o.kind_label})`).join('; ')}
        </div>
      )}
    </>
  );
  return renderDocument({
    title: 'Materials to buy',
    footer: ['Materials', `${view.from} to ${view.to}`],
    css: CSS,
    body,
  });
}
