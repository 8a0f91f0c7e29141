import { count, desc, eq } from 'drizzle-orm';
import { toMoneyString } from '@icehouse/domain';
import { deletedInvoices, users, type invoices } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import type { AppDeps } from '../../deps';
import type { Actor } from '../orders/service-common';
import { INVOICE_PAGE_SIZE, invoiceCustomerName } from './views';

/**
 * The record of deleted invoices (decision 011): number, date, total, customer and orders, who
 * deleted it and when. Written by deleteInvoice in its own transaction; its numbers are never
 * handed out again (numbers.ts). Superusers read it: GET /api/invoices/deleted/, invoices.deleted.
 */

type InvoiceRow = typeof invoices.$inferSelect;

export async function recordDeletedInvoice(tx: Db, invoice: InvoiceRow, doorNumbers: readonly string[], actor: Actor): Promise<void> {
  const [user] = actor ? await tx.select({ username: users.username }).from(users).where(eq(users.id, actor.id)) : [];
  await tx.insert(deletedInvoices).values({
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    date: invoice.date,
    totalAmount: invoice.totalAmount,
    customerName: invoiceCustomerName(invoice),
    orderNumbers: doorNumbers.join(', '),
    deletedBy: actor?.id ?? null,
    deletedByUsername: user?.username ?? '',
  });
}

export interface DeletedInvoiceView {
  invoice_number: string;
  date: string;
  total_amount: string;
  customer_name: string;
  order_number: string;
  deleted_by: string | null;
  deleted_at: string;
}

export interface DeletedInvoicePage {
  count: number;
  next_page: number | null;
  previous_page: number | null;
  results: DeletedInvoiceView[];
}

/** Newest deletion first, 25 a page; a page past the end is 404 'Invalid page.' (as the other lists). */
export async function listDeletedInvoices(deps: Pick<AppDeps, 'database'>, filters: { page?: number | null } = {}): Promise<DeletedInvoicePage> {
  const db = deps.database.db;
  const page = filters.page ?? 1;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deletedInvoices)
      .orderBy(desc(deletedInvoices.deletedAt), desc(deletedInvoices.id))
      .limit(INVOICE_PAGE_SIZE)
      .offset((page - 1) * INVOICE_PAGE_SIZE),
    db.select({ n: count() }).from(deletedInvoices),
  ]);
  const n = Number(total?.n ?? 0);
  if (page > 1 && rows.length === 0) throw AppError.notFound('Invalid page.');
  return {
    count: n,
    next_page: page * INVOICE_PAGE_SIZE < n ? page + 1 : null,
    previous_page: page > 1 ? page - 1 : null,
    results: rows.map((r) => ({
      invoice_number: r.invoiceNumber,
      date: r.date,
      total_amount: toMoneyString(r.totalAmount),
      customer_name: r.customerName,
      order_number: r.orderNumbers,
      deleted_by: r.deletedByUsername || null,
      deleted_at: r.deletedAt.toISOString(),
    })),
  };
}
