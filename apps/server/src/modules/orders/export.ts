import { csvFilename, csvStream, type CsvColumn } from '../../csv';
import { ORDER_EXPORT_BATCH, exportOrders, type OrderExportRow } from './export-query';
import type { OrderListFilters } from './list-filters';
import type { DbDeps } from './service-common';
import { loadOrderViews } from './views';
import { depositsHeldByOrder } from '../ledger/deposits-held';

/** A row of the export with the order's total, as GET /api/orders/{id}/ answers it, and its held deposits (the list's). */
export type OrderCsvRow = OrderExportRow & { total: string; depositsHeld: string };

/** The orders list as CSV: the list's filters, every matching order, newest first. */
/**
 * Status is written as its key (`pending`, `in_production`, ...), as the invoices CSV and the API
 * write theirs (decision 143): a spreadsheet filter or an integrator's script keeps working when
 * a label is reworded.
 */
export const ORDER_CSV_COLUMNS: CsvColumn<OrderCsvRow>[] = [
  { header: 'Order ID', kind: 'integer', value: (r) => r.id },
  { header: 'Door Number', kind: 'text', value: (r) => r.doorNumber },
  { header: 'Date', kind: 'date', value: (r) => r.date },
  { header: 'Status', kind: 'text', value: (r) => r.status },
  { header: 'Customer ID', kind: 'integer', value: (r) => r.customerId },
  { header: 'Billing Name', kind: 'text', value: (r) => r.billingName },
  { header: 'Shipping Name', kind: 'text', value: (r) => r.shippingName },
  { header: 'Customer PO / Job Name', kind: 'text', value: (r) => r.customerPoJobName },
  { header: 'EPS PO Number', kind: 'text', value: (r) => r.epsPoNumber },
  { header: 'Phone', kind: 'text', value: (r) => r.phone },
  { header: 'Ship Date', kind: 'date', value: (r) => r.shipDate },
  { header: 'Ship Via', kind: 'text', value: (r) => r.shipVia },
  { header: 'Freight Cost', kind: 'decimal', value: (r) => r.freightCost },
  { header: 'Discount', kind: 'decimal', value: (r) => r.discount },
  { header: 'Discount Is Percentage', kind: 'boolean', value: (r) => r.discountIsPercentage },
  { header: 'Tax Exempt', kind: 'boolean', value: (r) => r.taxExempt },
  { header: 'Invoice Number', kind: 'text', value: (r) => r.invoiceNumber },
  { header: 'Invoice Date', kind: 'date', value: (r) => r.invoiceDate },
  { header: 'BOL Number', kind: 'text', value: (r) => r.bolNumber },
  { header: 'Order Total', kind: 'decimal', value: (r) => r.total },
  // Added last (decision 212): the columns before it keep their places.
  { header: 'Deposits Held', kind: 'decimal', value: (r) => r.depositsHeld },
];

/**
 * The rows with their totals, a batch at a time: an order's total is not stored, so it is the
 * domain's price of the order as the order's GET computes it (loadOrderViews), never a second sum;
 * its held deposits likewise, one grouped query per batch (as the list's page).
 */
async function* withTotals(deps: DbDeps, rows: AsyncIterable<OrderExportRow>): AsyncIterable<OrderCsvRow> {
  let batch: OrderExportRow[] = [];
  async function* flush() {
    const views = await loadOrderViews(
      deps.database.db,
      batch.map((r) => r.id),
    );
    const totals = new Map(views.map((v) => [v.id, v.totals.total]));
    const held = await depositsHeldByOrder(deps.database.db, batch.map((r) => r.id));
    for (const row of batch) yield { ...row, total: totals.get(row.id) ?? '0.00', depositsHeld: held.get(row.id) ?? '0.00' };
    batch = [];
  }
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= ORDER_EXPORT_BATCH) yield* flush();
  }
  if (batch.length > 0) yield* flush();
}

export function ordersCsv(deps: DbDeps, filters: OrderListFilters) {
  return {
    stream: csvStream(ORDER_CSV_COLUMNS, withTotals(deps, exportOrders(deps, filters))),
    filename: csvFilename('orders'),
  };
}
