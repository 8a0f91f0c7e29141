import { eq } from 'drizzle-orm';
import { settings } from '@icehouse/db/schema';
import type { AppDeps } from '../../deps';
import { getCompanyInfo } from '../company/service';
import { renderQuoteHtml, type PdfAddress, type QuoteDocument } from '../../pdf';
import { produceDocument, type ArchivedPdf, type DocumentSource } from '../documents/archive';
import { discountLabel, pdfCompany, safeFilenamePart } from '../documents/letterhead';
import { getQuote, type QuoteView } from './quote-read';

/** The quote's PDF (decision 160): the invoice's template parts, archived like every document (decision 061). */

type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;

const address = (a: Record<string, unknown> | undefined): PdfAddress => ({
  name: String(a?.name ?? ''),
  street: String(a?.street ?? ''),
  city: String(a?.city ?? ''),
  state: String(a?.state ?? ''),
  zip_code: String(a?.zip_code ?? ''),
  country: String(a?.country ?? ''),
});

export const quoteFilename = (quoteNumber: string) => `quote-${safeFilenamePart(quoteNumber)}.pdf`;

/** The quote as its PDF prints it: every amount the stored one (the domain's, at the last save). */
export async function quoteSource(deps: Pick<AppDeps, 'database'>, id: number): Promise<DocumentSource & { quote: QuoteView }> {
  const [quote, company] = await Promise.all([getQuote(deps, id), getCompanyInfo(deps)]);
  const f = quote.fields as Record<string, unknown> & { ship_via?: number | null; discount?: string; discount_is_percentage?: boolean; tax_exempt?: boolean };
  const [via] = f.ship_via
    ? await deps.database.db.select({ value: settings.value }).from(settings).where(eq(settings.id, f.ship_via))
    : [];
  const doc: QuoteDocument = {
    company: pdfCompany(company),
    quote_number: quote.quote_number,
    date: quote.date,
    valid_until: quote.valid_until,
    bill_to: address(f.billing_address as Record<string, unknown>),
    ship_to: address(f.shipping_address as Record<string, unknown>),
    po_job_name: String(f.customer_po_job_name ?? ''),
    ship_date: (f.ship_date as string | null) ?? null,
    ship_via: via?.value ?? '',
    line_items: quote.line_items,
    totals: {
      subtotal: quote.totals.subtotal,
      discount_amount: quote.totals.discount_amount,
      discount_label: discountLabel(f.discount ?? '0', f.discount_is_percentage ?? false),
      tax_rate: quote.totals.tax_rate,
      tax_amount: quote.totals.tax_amount,
      tax_exempt: f.tax_exempt ?? false,
      total: quote.totals.total,
    },
    accepted: quote.accepted ? { name: quote.accepted.name, at: quote.accepted.at } : null,
  };
  return {
    kind: 'quote',
    recordId: id,
    recordVersion: quote.version,
    filename: quoteFilename(quote.quote_number),
    html: renderQuoteHtml(doc),
    quote,
  };
}

/** The quote's current archived PDF: the stored version when its HTML is unchanged, else a new version. */
export async function quotePdf(deps: Deps, id: number, userId: number | null): Promise<ArchivedPdf> {
  return produceDocument(deps, await quoteSource(deps, id), userId);
}

