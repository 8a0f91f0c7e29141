import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { invoices } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { getCompanyInfo } from '../company/service';
import type { ArchivedPdf } from '../documents/archive';
import { summaryOf } from '../payments/ledger';
import { logLinkEvent, pdfThroughLink, resolveLink, type LinkCaller } from '../links/links';
import { invoicePdf } from './documents';
import type { customerInvoiceAnswer } from './schemas';
import { INVOICE_NOT_FOUND } from './views';
import { invoiceCustomerName } from '../ledger/invoice-owner';

/**
 * What a customer sees of an invoice through a link (decisions 161, 210): the key figures the staff's
 * invoice page shows (the payments summary: the domain's balance, credit and status rules), the terms
 * and the remit-to address, and the PDF. No lines of the ledger, no orders, no notes, no session.
 */

/** 404 when there is no such invoice (staff making or listing its links). */
export async function invoiceMustExist(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id));
  if (!row) throw AppError.notFound(INVOICE_NOT_FOUND);
}

export async function customerInvoice(
  deps: Pick<AppDeps, 'database'>,
  caller: LinkCaller,
  id: number,
): Promise<z.output<typeof customerInvoiceAnswer>> {
  const db = deps.database.db;
  const link = await resolveLink(db, caller, 'invoice', id);
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw AppError.notFound(INVOICE_NOT_FOUND);
  await logLinkEvent(db, link, caller, 'view');
  const [company, money] = [await getCompanyInfo(deps), summaryOf(row)];
  return {
    invoice_number: row.invoiceNumber,
    company_name: company.name,
    customer_name: invoiceCustomerName(row),
    date: row.date,
    due_date: money.due_date,
    terms: row.terms,
    total: money.total,
    paid: money.paid,
    credit: money.credit,
    balance_due: money.balance_due,
    status: money.status,
    remit_to: company.remit_to,
  };
}

/** The invoice's PDF through a link (its current archived version; logged). */
export async function customerInvoicePdf(
  deps: Pick<AppDeps, 'database' | 'pdf' | 'blobs'>,
  caller: LinkCaller,
  id: number,
): Promise<ArchivedPdf> {
  return pdfThroughLink(deps.database.db, caller, 'invoice', id, () => invoicePdf(deps, id, null));
}
