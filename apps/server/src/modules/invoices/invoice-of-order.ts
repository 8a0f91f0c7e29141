import { queueInvoiceRender } from './jobs';
import { eq, sql } from 'drizzle-orm';
import { calculateInvoiceTotals, dueDateAfterSave, toMoneyString, todayIso } from '@icehouse/domain';
import { isUniqueViolation } from '@icehouse/db';
import { invoiceLineItems, invoiceOrders, invoices } from '@icehouse/db/schema';
import { loadOrdersForInvoicing } from '../orders/invoicing-loader';
import { ORDER_NOT_FOUND, type Actor } from '../orders/service-common';
import { recordHistory } from '../orders/history';
import { salesTaxRate } from '../orders/views';
import { draftFromOrders, orderTotal } from './draft';
import { allocateInvoiceNumber, lockOrders, withInvoiceNumberRetry } from './numbers';
import { INVOICE_NOT_FOUND } from './views';
import { announceChange, changeTransaction } from '../../changes';
import { createError, INVOICE_MESSAGES, type InvoiceDeps, type CreatedInvoice } from './service-common';
import {
  insertLines,
  totalsColumns,
  draftColumns,
  insertInvoice,
  recordInvoiceOnOrders,
  existingInvoiceOf,
  sortedForInvoice,
  withCustomerTerms,
} from './invoice-store';
import { moveDepositsOntoInvoice } from '../deposits/deposits';

/** The invoice of one order: created from the order, or made again from it. */

/**
 * POST /api/orders/{id}/create-invoice/: the invoice of one order, made from the order with the
 * domain's rules. Idempotent: the order row is locked (SELECT ... FOR UPDATE) for the whole
 * transaction, so a double click, a retry or 50 parallel calls make one invoice and the others
 * answer it (created: false); invoice_orders.order_id UNIQUE backs this up.
 */
export async function createInvoiceForOrder(
  deps: InvoiceDeps,
  actor: Actor,
  orderId: number,
): Promise<CreatedInvoice> {
  const userId = actor?.id ?? null;
  try {
    return await withInvoiceNumberRetry(() =>
      changeTransaction(deps, async (tx) => {
        const [locked] = await lockOrders(tx, [orderId]);
        if (!locked) throw createError('NOT_FOUND', ORDER_NOT_FOUND);
        const existing = await existingInvoiceOf(tx, orderId);
        if (existing) return { id: existing.id, invoice_number: existing.invoiceNumber, created: false };
        if (locked.status === 'voided') throw createError('VALIDATION', INVOICE_MESSAGES.voided);

        const [order] = await loadOrdersForInvoicing(tx, [orderId]);
        const taxRate = await salesTaxRate(tx);
        const draft = draftFromOrders([order!], taxRate);
        const expected = orderTotal(order!, taxRate);
        if (draft.totals.total !== expected) {
          // The domain promises they agree (and a property test proves it); say so loudly if not.
          deps.log.error(
            { orderId, invoiceTotal: draft.totals.total, orderTotal: expected },
            'invoice total differs from the order total',
          );
        }
        const invoiceNumber = await allocateInvoiceNumber(tx, locked.invoiceNumber, [orderId]);
        const id = await insertInvoice(tx, [orderId], {
          invoiceNumber,
          date: todayIso(),
          draft,
          isCombined: false,
          userId,
        });
        await recordInvoiceOnOrders(tx, [locked], id, invoiceNumber, userId);
        await moveDepositsOntoInvoice(tx, actor, [orderId], id);
        announceChange(tx, { entity: 'invoice', id, version: 1, action: 'created', by: userId });
        await queueInvoiceRender(deps.jobs, id, userId, tx);
        return { id, invoice_number: invoiceNumber, created: true };
      }),
    );
  } catch (error) {
    // The unique order_id caught a race the lock did not (it cannot on one database): answer the winner.
    if (isUniqueViolation(error, 'invoice_orders_order_id_key')) {
      const existing = await existingInvoiceOf(deps.database.db, orderId);
      if (existing) return { id: existing.id, invoice_number: existing.invoiceNumber, created: false };
    }
    throw error;
  }
}

/**
 * Rebuilds an existing invoice from its order(s) as they are now (lines, addresses, terms,
 * totals), keeping its id, number, date and payments. Its due date follows the terms it now has
 * unless it was set by hand (decision 242). Manual edits are dropped (has_manual_edits false) and
 * the version moves on. The order form's SAVE & RECREATE INVOICE.
 */
export async function recreateInvoiceForOrder(
  deps: InvoiceDeps,
  actor: Actor,
  orderId: number,
): Promise<CreatedInvoice> {
  const userId = actor?.id ?? null;
  const existing = await existingInvoiceOf(deps.database.db, orderId);
  if (!existing) return createInvoiceForOrder(deps, actor, orderId);
  return changeTransaction(deps, async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, existing.id)).for('update');
    if (!invoice) throw createError('NOT_FOUND', INVOICE_NOT_FOUND);
    const links = await tx
      .select({ orderId: invoiceOrders.orderId })
      .from(invoiceOrders)
      .where(eq(invoiceOrders.invoiceId, invoice.id));
    const locked = await lockOrders(
      tx,
      links.map((l) => l.orderId),
    );
    const exempt = locked.filter((o) => o.taxExempt).map((o) => o.doorNumber);
    if (exempt.length > 0 && exempt.length < locked.length) {
      const message = INVOICE_MESSAGES.combined.mixedTaxExempt(
        exempt,
        locked.filter((o) => !o.taxExempt).map((o) => o.doorNumber),
      );
      throw createError('VALIDATION', message);
    }
    const loaded = await loadOrdersForInvoicing(
      tx,
      sortedForInvoice(locked).map((o) => o.id),
    );
    const taxRate = await salesTaxRate(tx);
    const draft = await withCustomerTerms(
      tx,
      draftFromOrders(loaded, taxRate),
      loaded.map((o) => o.id),
    );
    const totals = calculateInvoiceTotals({
      lineItems: draft.lines,
      discount: draft.discount,
      discountIsPercentage: draft.discountIsPercentage,
      taxRate: draft.taxRate,
      taxExempt: draft.taxExempt,
      paymentsCredits: invoice.paymentsCredits,
    });
    const due = dueDateAfterSave(
      { date: invoice.date, terms: invoice.terms, dueDate: invoice.dueDate, setByHand: invoice.dueDateSetByHand },
      { date: invoice.date, terms: draft.terms, dueDate: invoice.dueDate },
    );
    const [recreated] = await tx
      .update(invoices)
      .set({
        ...draftColumns(draft),
        dueDate: due.dueDate,
        ...totalsColumns(totals),
        hasManualEdits: false,
        version: sql`${invoices.version} + 1`,
      })
      .where(eq(invoices.id, invoice.id))
      .returning({ version: invoices.version });
    announceChange(tx, {
      entity: 'invoice',
      id: invoice.id,
      version: recreated!.version,
      action: 'updated',
      by: userId,
    });
    await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id));
    await insertLines(tx, invoice.id, draft.lines);
    for (const o of locked) {
      await recordHistory(tx, {
        orderId: o.id,
        invoiceId: invoice.id,
        action: 'invoice_updated',
        changes: {
          recreated_from_order: { old: null, new: true },
          total_amount: { old: toMoneyString(invoice.totalAmount), new: totals.total },
        },
        userId,
      });
    }
    await queueInvoiceRender(deps.jobs, invoice.id, userId, tx);
    return { id: invoice.id, invoice_number: invoice.invoiceNumber, created: false };
  });
}
