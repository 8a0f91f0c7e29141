import { toDecimal, type MoneyInput } from '@icehouse/domain';
import type { AppDeps } from '../../deps';
import { getCompanyInfo, type CompanyInfoView } from '../company/service';
import { renderInvoiceHtml, type InvoiceDocument, type PdfAddress, type PdfCompany } from '../../pdf';
import { getInvoice, type InvoiceView } from './views';

/**
 * Database data -> the PDF templates' plain documents. Templates only format: every amount here
 * is the stored one (computed by the domain when the invoice was saved).
 */

type Deps = Pick<AppDeps, 'database' | 'pdf'>;

/** The letterhead: company information (blank fields are left out of the document). */
export function pdfCompany(company: CompanyInfoView): PdfCompany {
  return {
    name: company.name,
    street: company.street,
    city: company.city,
    state: company.state,
    zip_code: company.zip_code,
    phone: company.phone,
    fax: company.fax,
    email: company.email,
    website: company.website,
  };
}

/** The remit-to block: the remit fields, else the company address (domain remitToAddress); null when all blank. */
function remitTo(company: CompanyInfoView): PdfAddress | null {
  const r = company.remit_to;
  return Object.values(r).some((v) => v.trim() !== '') ? { ...r } : null;
}

/** 'Discount (10%)' for a percentage, 'Discount' for an amount. */
export function discountLabel(discount: MoneyInput, isPercentage: boolean): string {
  return isPercentage ? `Discount (${toDecimal(discount).toString()}%)` : 'Discount';
}

export function invoiceDocument(invoice: InvoiceView, company: CompanyInfoView): InvoiceDocument {
  const data = invoice.editable_data;
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
      total: invoice.totals.total,
      payments_credits: invoice.totals.payments_credits,
      balance_due: invoice.totals.balance_due,
    },
    order_numbers: invoice.orders_data.map((o) => o.door_number),
    note: 'Thank you for your business.',
  };
}

/** A file name part made of safe characters only ('INV 10/2' -> 'INV_10_2'). */
export function safeFilenamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'document';
}

export const invoiceFilename = (invoiceNumber: string) => `invoice-${safeFilenamePart(invoiceNumber)}.pdf`;

/** The invoice as a PDF, with its file name. */
export async function renderInvoicePdf(deps: Deps, id: number): Promise<{ pdf: Buffer; filename: string; invoice: InvoiceView }> {
  const [invoice, company] = await Promise.all([getInvoice(deps, id), getCompanyInfo(deps)]);
  const pdf = await deps.pdf.render(renderInvoiceHtml(invoiceDocument(invoice, company)));
  return { pdf, filename: invoiceFilename(invoice.invoice_number), invoice };
}
