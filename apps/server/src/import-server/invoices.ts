import { eq } from 'drizzle-orm';
import { orders } from '@icehouse/db/schema';
import { createInvoiceForOrder } from '../modules/invoices/invoice-of-order';
import { createCombinedInvoice } from '../modules/invoices/combined';
import { updateInvoice } from '../modules/invoices/invoice-update';
import { getInvoice } from '../modules/invoices/views';
import { recordHistory } from '../modules/orders/history';
import { changeOrderStatus, voidOrder } from '../modules/orders/order-status';
import { fingerprintOf } from './id-map';
import { inOneTransaction } from './target';
import type { ImportRun } from './run-context';
import type { SourceOrder } from './orders';
import { keepInvoiceDates, keepUnedited } from './source-facts';

/**
 * Invoices, single and combined, by ascending number. An imported order keeps the invoice number the
 * source wrote on it, and the invoice services take a number typed on the order, so an invoice is
 * made by the service with the source's number. Edited invoices (has_manual_edits) are then saved
 * with the source's editable data through the invoice PATCH, as the editor saves them; an unedited
 * one keeps the source's date (source-facts.ts). The payments ledger is not brought across (see
 * docs/operations.md), so editable_data.payments_credits is left as this product's ledger says.
 */

type SourceInvoice = Record<string, unknown> & {
  id: number;
  invoice_number: string;
  date: string;
  orders: number[];
  is_combined?: boolean;
  has_manual_edits: boolean;
  editable_data: Record<string, unknown> & { due_date: string | null; payments_credits?: string };
};

/** Invoice details read at once. */
const READ_AHEAD = 8;

const byNumber = (a: SourceInvoice, b: SourceInvoice) => {
  const [x, y] = [Number(a.invoice_number), Number(b.invoice_number)];
  return Number.isFinite(x) && Number.isFinite(y) ? x - y : a.invoice_number.localeCompare(b.invoice_number);
};

/** What the PATCH sends: the source's editable data, without the ledger's sum. */
function editedData(inv: SourceInvoice): Record<string, unknown> {
  const { payments_credits: _paid, ...rest } = inv.editable_data;
  return rest;
}

/** Whether the invoice the service made says what the source's says (its dates aside: kept below). */
function sameAsSource(made: Record<string, unknown>, inv: SourceInvoice): boolean {
  const { payments_credits: _a, due_date: _b, ...here } = made;
  const { due_date: _c, ...there } = editedData(inv);
  return fingerprintOf(here) === fingerprintOf(there);
}

export async function importInvoices(run: ImportRun): Promise<void> {
  const rows = await run.source.list<{ id: number }>('/api/invoices/?page_size=100');
  await run.begin('invoice', rows.length);
  const all: SourceInvoice[] = [];
  for (let from = 0; from < rows.length; from += READ_AHEAD) {
    const batch = rows.slice(from, from + READ_AHEAD);
    const read = await Promise.all(batch.map((r) => run.source.getJson<SourceInvoice>(`/api/invoices/${r.id}/`).catch((error: unknown) => ({ error }))));
    for (const [i, answer] of read.entries()) {
      if ('error' in answer) run.skip('invoice', batch[i]!.id, answer.error);
      else all.push(answer);
    }
  }
  for (const inv of all.sort(byNumber)) {
    const { orders_data: _full, ...answer } = inv;
    await run.step('invoice', inv.id, answer, async (deps, mapped, tx) => {
      const orderIds = inv.orders.map((id) => run.targetIdOf('order', id));
      let id: number;
      if (mapped) id = mapped.targetId;
      else if (orderIds.length > 1 || inv.is_combined)
        id = (await createCombinedInvoice(deps, null, { order_ids: orderIds, date: inv.date, confirm_mixed_customers: true })).id;
      else id = (await createInvoiceForOrder(deps, null, orderIds[0]!)).id;
      const made = await getInvoice(deps, id);
      if (inv.has_manual_edits || !sameAsSource(made.editable_data, inv) || made.invoice_number !== inv.invoice_number) {
        await updateInvoice(deps, null, id, { invoice_number: inv.invoice_number, date: inv.date, editable_data: editedData(inv) } as never);
        if (!inv.has_manual_edits) await keepUnedited(tx, id);
      } else if (made.date !== inv.date || made.editable_data.due_date !== inv.editable_data.due_date) {
        await keepInvoiceDates(tx, id, { date: inv.date, dueDate: inv.editable_data.due_date });
      }
      for (const orderId of orderIds)
        await recordHistory(tx, {
          orderId,
          invoiceId: id,
          action: 'imported',
          changes: { imported_from: { old: null, new: `${run.from}/api/invoices/${inv.id}/` }, invoice_number: { old: null, new: inv.invoice_number } },
          userId: null,
        });
      return id;
    });
  }
}

/**
 * The statuses reached only by a move: completed (once its invoice is here) and voided. Read from the
 * records here, so a run that stopped before this pass makes the moves when it runs again.
 */
export async function importStatuses(run: ImportRun, all: readonly SourceOrder[]): Promise<number> {
  let moved = 0;
  for (const o of all) {
    if (o.status !== 'completed' && o.status !== 'voided') continue;
    const mapped = run.mapped('order', o.id);
    if (!mapped || run.dryRun) continue;
    const [here] = await run.target.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, mapped.targetId));
    if (!here || here.status === o.status) continue;
    try {
      await inOneTransaction(run.target, (deps) =>
        o.status === 'voided' ? voidOrder(deps, null, mapped.targetId) : changeOrderStatus(deps, null, mapped.targetId, 'completed'),
      );
      moved++;
    } catch (error) {
      run.partly('order', o.id, `imported as ${here.status}, but not moved to ${o.status}`, error);
    }
  }
  return moved;
}
