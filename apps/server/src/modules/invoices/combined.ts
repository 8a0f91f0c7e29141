import { and, eq, inArray } from 'drizzle-orm';
import { LIMITS, MESSAGES } from '@icehouse/domain';
import { history, invoiceOrders, invoicePayments, invoices, orders } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { AppDeps } from '../../deps';
import { bumpOrderVersion } from '../orders/order-write';
import { loadOrdersForInvoicing } from '../orders/invoicing-loader';
import type { Actor } from '../orders/service-common';
import { salesTaxRate } from '../orders/views';
import { draftFromOrders } from './draft';
import { allocateInvoiceNumber, lockOrders, withInvoiceNumberRetry } from './numbers';
import { billingCustomers } from './customers';
import { invoiceFilename, renderInvoicePdf } from './documents';
import { INVOICE_MESSAGES, type InvoiceDeps, type CreatedInvoice } from './service-common';
import { insertInvoice, recordInvoiceOnOrders, sortedForInvoice } from './invoice-store';
import { moveDepositsOntoInvoice } from '../deposits/deposits';
import { announceChange, changeTransaction } from '../../changes';

/** A combined invoice: one invoice for several orders of one customer, and its undoing when its PDF fails. */

export interface CombinedInvoiceInput {
  order_ids: number[];
  date: string;
  /** The user confirmed combining orders billed to different customers (decision 012). */
  confirm_mixed_customers?: boolean;
}

/**
 * POST /api/invoices/create-combined/: one invoice covering every order (at least 2, all existing,
 * none voided, none already invoiced, all tax exempt or none), their lines grouped by order
 * (oldest order first) and prefixed 'Order {door}: '. Refusals are 400 {order_ids: [...]}, every
 * problem at once; orders billed to different customers are refused with 400
 * {confirm_mixed_customers: [...]} naming them, unless input.confirm_mixed_customers (decision 012).
 */
export async function createCombinedInvoice(
  deps: InvoiceDeps,
  actor: Actor,
  input: CombinedInvoiceInput,
): Promise<CreatedInvoice> {
  const userId = actor?.id ?? null;
  const ids = [...new Set(input.order_ids)];
  if (ids.length < LIMITS.combinedInvoiceMinOrders)
    throw AppError.validation({ order_ids: [MESSAGES.combinedInvoiceMinOrders] });
  return withInvoiceNumberRetry(() =>
    changeTransaction(deps, async (tx) => {
      const locked = await lockOrders(tx, ids);
      const problems: string[] = [];
      for (const id of ids)
        if (!locked.some((o) => o.id === id)) problems.push(INVOICE_MESSAGES.combined.missing(id));
      const invoiced = await tx
        .select({ orderId: invoiceOrders.orderId, number: invoices.invoiceNumber })
        .from(invoiceOrders)
        .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
        .where(inArray(invoiceOrders.orderId, ids));
      for (const o of locked) {
        if (o.status === 'voided') problems.push(INVOICE_MESSAGES.combined.voided(o.doorNumber));
        const has = invoiced.find((i) => i.orderId === o.id);
        if (has) problems.push(INVOICE_MESSAGES.combined.invoiced(o.doorNumber, has.number));
      }
      const exempt = locked.filter((o) => o.taxExempt).map((o) => o.doorNumber);
      if (exempt.length > 0 && exempt.length < locked.length) {
        problems.push(
          INVOICE_MESSAGES.combined.mixedTaxExempt(
            exempt,
            locked.filter((o) => !o.taxExempt).map((o) => o.doorNumber),
          ),
        );
      }
      if (problems.length > 0)
        throw new AppError('VALIDATION', problems.join(' '), { fieldErrors: { order_ids: problems } });

      const ordered = sortedForInvoice(locked);
      const loaded = await loadOrdersForInvoicing(
        tx,
        ordered.map((o) => o.id),
      );
      // Orders of different billing customers share an invoice only when the user said so.
      const customers = billingCustomers(loaded);
      if (customers.length > 1 && !input.confirm_mixed_customers) {
        const message = INVOICE_MESSAGES.combined.mixedCustomers(customers);
        throw AppError.validation({ confirm_mixed_customers: [message] }, message);
      }
      const draft = draftFromOrders(loaded, await salesTaxRate(tx));
      // A number typed on the orders is used when they all agree on it (and it is free).
      const typed = [...new Set(ordered.map((o) => o.invoiceNumber.trim()).filter(Boolean))];
      const invoiceNumber = await allocateInvoiceNumber(tx, typed.length === 1 ? typed[0]! : '', ids);
      const id = await insertInvoice(
        tx,
        ordered.map((o) => o.id),
        { invoiceNumber, date: input.date, draft, isCombined: true, userId },
      );
      await recordInvoiceOnOrders(tx, ordered, id, invoiceNumber, userId);
      await moveDepositsOntoInvoice(
        tx,
        actor,
        ordered.map((o) => o.id),
        id,
      );
      announceChange(tx, { entity: 'invoice', id, version: 1, action: 'created', by: userId });
      return { id, invoice_number: invoiceNumber, created: true };
    }),
  );
}

/**
 * Undoes a combined invoice whose PDF could not be made, so the user can simply try again: the
 * invoice and its 'invoice_created' entries go, and the orders get their Invoice Number back.
 * Kept when someone has already edited it (version moved on).
 */
export async function discardNewInvoice(
  deps: InvoiceDeps,
  actor: Actor,
  invoiceId: number,
  previousNumbers: ReadonlyMap<number, string>,
): Promise<boolean> {
  const userId = actor?.id ?? null;
  return changeTransaction(deps, async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice || invoice.version !== 1) return false;
    // Deposits moved onto it are on the books now (decision 171): the invoice stays, as one with payments does.
    const [entry] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoiceId))
      .limit(1);
    if (entry) return false;
    const links = await tx
      .select({ orderId: invoiceOrders.orderId })
      .from(invoiceOrders)
      .where(eq(invoiceOrders.invoiceId, invoiceId));
    const locked = await lockOrders(
      tx,
      links.map((l) => l.orderId),
    );
    await tx
      .delete(history)
      .where(and(eq(history.invoiceId, invoiceId), eq(history.action, 'invoice_created')));
    await tx.delete(invoices).where(eq(invoices.id, invoiceId));
    announceChange(tx, {
      entity: 'invoice',
      id: invoiceId,
      version: invoice.version,
      action: 'deleted',
      by: userId,
    });
    for (const o of locked) {
      const previous = previousNumbers.get(o.id) ?? '';
      if (o.invoiceNumber === invoice.invoiceNumber && previous !== o.invoiceNumber) {
        await tx.update(orders).set({ invoiceNumber: previous }).where(eq(orders.id, o.id));
        await bumpOrderVersion(tx, o.id, userId);
      }
    }
    return true;
  });
}

/** The Invoice Number fields of these orders now (for discardNewInvoice). */
export async function orderInvoiceNumbers(
  deps: Pick<AppDeps, 'database'>,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.database.db
    .select({ id: orders.id, invoiceNumber: orders.invoiceNumber })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.invoiceNumber]));
}

/**
 * POST /api/invoices/create-combined/: one invoice for several orders, answered as its PDF. When the
 * PDF cannot be made there is nothing to download, so the new invoice is undone (its orders get their
 * previous invoice numbers back) and "try again" works.
 */
export async function createCombinedInvoiceWithPdf(deps: AppDeps, actor: Actor, input: CombinedInvoiceInput) {
  const previous = await orderInvoiceNumbers(deps, input.order_ids);
  const created = await createCombinedInvoice(deps, actor, input);
  try {
    const { pdf } = await renderInvoicePdf(deps, created.id, actor?.id ?? null);
    return { ...created, pdf, filename: invoiceFilename(created.invoice_number) };
  } catch (error) {
    await discardNewInvoice(deps, actor, created.id, previous).catch((err: unknown) =>
      deps.log.error({ err, invoiceId: created.id }, 'could not discard a combined invoice whose PDF failed'),
    );
    throw error;
  }
}
