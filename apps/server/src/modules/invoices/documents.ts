import {
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  balanceDueOf,
  creditOf,
  paymentsTotal,
  toMoneyString,
} from '@icehouse/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { COMPANY_ID, getCompanyInfo, type CompanyInfoView } from '../company/service';
import {
  renderInvoiceHtml,
  type InvoiceDocument,
  type InvoicePaymentLine,
  type PdfAddress,
} from '../../pdf';
import { ledgerEntries, type PaymentView } from '../payments/ledger';
import { getInvoiceForDocument, type InvoiceForDocument } from './views';
import { discountLabel, pdfCompany, safeFilenamePart } from '../documents/letterhead';
import {
  currentIfUnchanged,
  keyedSource,
  produceDocument,
  type ArchivedPdf,
  type DataKey,
  type DocumentSource,
} from '../documents/archive';

/**
 * Database data -> the PDF templates' plain documents. Templates only format: every amount here
 * is the stored one (computed by the domain when the invoice was saved).
 */

type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;

/** The remit-to block: the remit fields, else the company address (domain remitToAddress); null when all blank. */
function remitTo(company: CompanyInfoView): PdfAddress | null {
  const r = company.remit_to;
  return Object.values(r).some((v) => v.trim() !== '') ? { ...r } : null;
}

/** A ledger entry as the invoice prints it: 'Check', or 'Check (Refund)' for an entry that is not a payment. */
export function paymentLine(
  entry: Pick<PaymentView, 'kind' | 'date' | 'method' | 'reference' | 'amount'>,
): InvoicePaymentLine {
  const method = PAYMENT_METHOD_LABELS[entry.method];
  return {
    date: entry.date,
    method: entry.kind === 'payment' ? method : `${method} (${PAYMENT_KIND_LABELS[entry.kind]})`,
    reference: entry.reference,
    amount: entry.amount,
  };
}

/**
 * The invoice as its PDF prints it. `payments` is its ledger, oldest first: Payments/Credits is
 * their sum, the balance due and the credit the domain's rules on it (the figures the editor
 * shows), so the printed entries always add up to the printed totals.
 */
export function invoiceDocument(
  invoice: InvoiceForDocument,
  company: CompanyInfoView,
  payments: readonly PaymentView[] = [],
): InvoiceDocument {
  const data = invoice.editable_data;
  const total = invoice.totals.total;
  const paid = toMoneyString(paymentsTotal(payments.map((p) => p.amount)));
  return {
    company: pdfCompany(company),
    remit_to: remitTo(company),
    invoice_number: invoice.invoice_number,
    date: invoice.date,
    bill_to: data.bill_to,
    ship_to: data.ship_to,
    po_job_name: data.po_job_name,
    ship_date: data.ship_date,
    ship_via: data.ship_via,
    terms: data.terms,
    due_date: data.due_date,
    line_items: invoice.line_items.items.map((l) => ({
      quantity: l.quantity,
      description: l.description,
      price_each: l.price_each,
      amount: l.amount,
    })),
    totals: {
      subtotal: invoice.totals.subtotal,
      discount_amount: invoice.totals.discount_amount,
      discount_label: discountLabel(data.discount, data.discount_is_percentage),
      tax_rate: data.tax_rate,
      tax_amount: invoice.totals.tax_amount,
      tax_exempt: data.tax_exempt,
      total,
      payments_credits: paid,
      balance_due: balanceDueOf(total, paid),
      credit: creditOf(total, paid),
    },
    payments: payments.map(paymentLine),
    order_numbers: invoice.order_numbers,
    note: 'Thank you for your business.',
  };
}

export const invoiceFilename = (invoiceNumber: string) => `invoice-${safeFilenamePart(invoiceNumber)}.pdf`;

/** What the invoice's PDF is rendered from (its archive key: decision 061). */
export async function invoiceSource(
  deps: Pick<AppDeps, 'database'>,
  id: number,
): Promise<DocumentSource & { invoice: InvoiceForDocument }> {
  // The ledger is part of the HTML, so recording an entry changes the archive's hash: the next
  // request renders (and archives) a PDF that shows it.
  // (getInvoiceForDocument answers 404 for an invoice that does not exist; its ledger is then empty.)
  const [invoice, company, payments] = await Promise.all([
    getInvoiceForDocument(deps, id),
    getCompanyInfo(deps),
    ledgerEntries(deps, id),
  ]);
  return {
    kind: 'invoice',
    recordId: id,
    recordVersion: invoice.version,
    filename: invoiceFilename(invoice.invoice_number),
    html: renderInvoiceHtml(invoiceDocument(invoice, company, payments)),
    invoice,
  };
}

/**
 * Everything the invoice's HTML is made of, as one SQL value (archive.ts's source key): its row, its
 * lines, its orders' door numbers, its ledger and the company information (letterhead, remit-to). Whole
 * rows, so that a column a later template prints is covered without touching this. Keep it in step with
 * invoiceSource: a table the HTML reads that is missing here would serve a stale PDF.
 */
const invoiceSourceKey: DataKey = (id) => sql`md5(concat_ws('|',
  (select i::text from invoices i where i.id = ${id}),
  (select string_agg(l::text, ',' order by l.id) from invoice_line_items l where l.invoice_id = ${id}),
  (select string_agg(o.id || ':' || o.door_number, ',' order by o.id)
     from invoice_orders io join orders o on o.id = io.order_id where io.invoice_id = ${id}),
  (select string_agg(p::text, ',' order by p.id) from invoice_payments p where p.invoice_id = ${id}),
  (select c::text from company_info c where c.id = ${COMPANY_ID})))`;

/**
 * The invoice's current archived PDF: the stored one when nothing it shows changed (one statement when
 * its source key says so), else a new version.
 */
export async function invoicePdf(deps: Deps, id: number, userId: number | null): Promise<ArchivedPdf> {
  return (
    (await currentIfUnchanged(deps, 'invoice', id, invoiceSourceKey)) ??
    (await produceInvoicePdf(deps, id, userId)).pdf
  );
}

async function produceInvoicePdf(deps: Deps, id: number, userId: number | null) {
  const { source, key } = await keyedSource(deps, invoiceSourceKey(id), (snapshot) =>
    invoiceSource(snapshot, id),
  );
  return { pdf: await produceDocument(deps, source, userId, key), invoice: source.invoice };
}

/** The invoice as a PDF (archived), with its file name. */
export async function renderInvoicePdf(
  deps: Deps,
  id: number,
  userId: number | null = null,
): Promise<{ pdf: Buffer; filename: string; invoice: InvoiceForDocument }> {
  const { pdf, invoice } = await produceInvoicePdf(deps, id, userId);
  return { pdf: await pdf.bytes(), filename: pdf.filename, invoice };
}
