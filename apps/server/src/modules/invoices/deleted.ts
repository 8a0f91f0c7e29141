import { count, desc, eq } from 'drizzle-orm';
import { toMoneyString } from '@icehouse/domain';
import { deletedInvoices, users, type invoices } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { pageRows, type ListPage } from '../../operations/list-page';
import type { AppDeps } from '../../deps';
import type { Actor } from '../orders/service-common';
import { INVOICE_PAGE_SIZE } from './read-queries';
import { invoiceCustomerName } from '../ledger/invoice-owner';

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

export type DeletedInvoicePage = ListPage<DeletedInvoiceView>;

/** Newest deletion first, 25 a page (or `page_size`); a page past the end is 404 'Invalid page.' (as the other lists). */
export async function listDeletedInvoices(
  deps: Pick<AppDeps, 'database'>,
  filters: { page?: number | null | undefined; page_size?: number | null | undefined } = {},
): Promise<DeletedInvoicePage> {
  const db = deps.database.db;
  const page = filters.page ?? 1;
  const size = filters.page_size ?? INVOICE_PAGE_SIZE;
  const [fetched, [total]] = await Promise.all([
    db
      .select()
      .from(deletedInvoices)
      .orderBy(desc(deletedInvoices.deletedAt), desc(deletedInvoices.id))
      .limit(size + 1)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(deletedInvoices),
  ]);
  const { rows, next, previous } = pageRows(fetched, page, size);
  return {
    count: Number(total?.n ?? 0),
    next,
    previous,
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
