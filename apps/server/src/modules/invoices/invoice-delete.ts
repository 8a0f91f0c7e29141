import { eq } from 'drizzle-orm';
import { toMoneyString } from '@icehouse/domain';
import { invoiceOrders, invoicePayments, invoices } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import { bumpOrderVersion } from '../orders/order-write';
import type { Actor } from '../orders/service-common';
import { recordHistory } from '../orders/history';
import { lockOrders } from './numbers';
import { recordDeletedInvoice } from './deleted';
import { INVOICE_NOT_FOUND } from './views';
import { announceChange, changeTransaction } from '../../changes';
import { INVOICE_MESSAGES, type InvoiceDeps } from './service-common';

/**
 * DELETE /api/invoices/{id}/: the invoice goes (its lines and links with it) and its orders are
 * free to be invoiced again (has_invoice false). Refused (409) while it has ledger entries (payments,
 * refunds, reversals: decision 127) and while one of its orders is completed: a completed order must have an invoice, so its status is changed first. The invoice
 * is recorded in deleted_invoices and its number is never used again (decision 011): the orders
 * keep it in their Invoice Number field, and a new invoice of theirs gets a new number; their version moves on (has_invoice changed, and a form opened before must
 * not save 'completed' on the strength of an invoice that is gone). History: 'invoice_deleted'.
 */
export async function deleteInvoice(deps: InvoiceDeps, actor: Actor, id: number): Promise<void> {
  const userId = actor?.id ?? null;
  await changeTransaction(deps, async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!invoice) throw AppError.notFound(INVOICE_NOT_FOUND);
    // Its ledger stays on the books (decision 127): the invoice row holds the entries' FK (restrict). Checked
    // under the invoice's lock, which recordLedgerEntry takes too, so no payment lands in between.
    const [entry] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id))
      .limit(1);
    if (entry) throw new AppError('CONFLICT', INVOICE_MESSAGES.hasPayments);
    const links = await tx.select({ orderId: invoiceOrders.orderId }).from(invoiceOrders).where(eq(invoiceOrders.invoiceId, id));
    const locked = await lockOrders(
      tx,
      links.map((l) => l.orderId),
    );
    const completed = locked.find((o) => o.status === 'completed');
    if (completed) throw new AppError('CONFLICT', INVOICE_MESSAGES.completedOrder(completed.doorNumber));
    // Kept for the books, and so its number is never given to another invoice (decision 011).
    await recordDeletedInvoice(tx, invoice, locked.map((o) => o.doorNumber), actor);
    await tx.delete(invoices).where(eq(invoices.id, id));
    announceChange(tx, { entity: 'invoice', id, version: invoice.version, action: 'deleted', by: userId });
    for (const o of locked) {
      await bumpOrderVersion(tx, o.id, userId);
      await recordHistory(tx, {
        orderId: o.id,
        action: 'invoice_deleted',
        changes: {
          invoice_number: { old: invoice.invoiceNumber, new: null },
          total_amount: { old: toMoneyString(invoice.totalAmount), new: null },
        },
        userId,
      });
    }
  });
}
