import { csvStream, type CsvColumn } from '../../csv';
import type { DbDeps } from '../../deps';
import { movementRows, movementView } from './stock-read';

type Row = ReturnType<typeof movementView> & { name: string };

/**
 * The stock movements as CSV, newest first (one component's, or all): what moved, why, on hand after it.
 * `money: false` leaves out the unit cost (a role that sees no money).
 */
export async function movementsCsv(deps: DbDeps, componentId: number | undefined, { money = true }: { money?: boolean } = {}) {
  const rows = (await movementRows(deps.database.db, componentId)).map((r) => ({ ...movementView(r), name: r.componentName }));
  const columns: CsvColumn<Row>[] = [
    { header: 'Date', kind: 'text', value: (r) => r.created_at },
    { header: 'Component', kind: 'text', value: (r) => r.name },
    { header: 'Quantity', kind: 'integer', value: (r) => r.quantity },
    { header: 'On hand after', kind: 'integer', value: (r) => r.on_hand_after },
    { header: 'Unit cost', kind: 'decimal', value: (r) => r.unit_cost },
    { header: 'Source', kind: 'text', value: (r) => r.source_label },
    { header: 'Reason', kind: 'text', value: (r) => r.reason },
    { header: 'Order', kind: 'text', value: (r) => r.door_number ?? (r.order_id === null ? '' : `#${r.order_id}`) },
    { header: 'Purchase order', kind: 'text', value: (r) => r.purchase_order_number ?? '' },
    { header: 'By', kind: 'text', value: (r) => r.user ?? '' },
  ];
  const kept = money ? columns : columns.filter((c) => c.header !== 'Unit cost');
  return { stream: csvStream(kept, rows), filename: componentId === undefined ? 'stock-movements.csv' : `stock-movements-${componentId}.csv` };
}
