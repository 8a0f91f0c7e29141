import { sql } from 'drizzle-orm';
import { balanceDueOf } from '@icehouse/domain';
import type { AppDeps } from '../../deps';
import { COMPANY_ID, getCompanyInfo } from '../company/service';
import { renderCreditNoteHtml } from '../../pdf';
import { pdfCompany, safeFilenamePart } from '../documents/letterhead';
import { getInvoiceForDocument } from '../invoices/views';
import {
  currentIfUnchanged,
  keyedSource,
  produceDocument,
  type ArchivedPdf,
  type DataKey,
  type DocumentSource,
} from '../documents/archive';
import { getCreditNote } from './credit-notes';

/** A credit note's PDF, archived like an invoice's (decision 061): the same template parts, versions kept. */

type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;

export const creditNoteFilename = (number: string) => `credit-note-${safeFilenamePart(number)}.pdf`;

async function creditNoteSource(deps: Pick<AppDeps, 'database'>, id: number): Promise<DocumentSource> {
  const note = await getCreditNote(deps, id);
  const [invoice, company] = await Promise.all([
    getInvoiceForDocument(deps, note.invoice_id),
    getCompanyInfo(deps),
  ]);
  return {
    kind: 'credit_note',
    recordId: id,
    recordVersion: null,
    filename: creditNoteFilename(note.credit_note_number),
    html: renderCreditNoteHtml({
      company: pdfCompany(company),
      credit_note_number: note.credit_note_number,
      date: note.date,
      invoice_number: note.invoice_number,
      invoice_date: invoice.date,
      po_job_name: invoice.editable_data.po_job_name,
      bill_to: invoice.editable_data.bill_to,
      reason: note.reason,
      line_items: note.line_items,
      totals: {
        subtotal: note.subtotal,
        tax_rate: note.tax_rate,
        tax_exempt: note.tax_exempt,
        tax_amount: note.tax_amount,
        total: note.total,
      },
      invoice_total: invoice.totals.total,
      invoice_balance_due: balanceDueOf(invoice.totals.total, invoice.editable_data.payments_credits),
    }),
  };
}

/** What the credit note's HTML is made of (archive.ts's source key): its row, lines, its invoice's row, the company. */
const creditNoteSourceKey: DataKey = (id) => sql`md5(concat_ws('|',
  (select n::text from credit_notes n where n.id = ${id}),
  (select string_agg(l::text, ',' order by l.id) from credit_note_lines l where l.credit_note_id = ${id}),
  (select i::text from invoices i join credit_notes n on n.invoice_id = i.id where n.id = ${id}),
  (select c::text from company_info c where c.id = ${COMPANY_ID})))`;

/** GET /api/credit-notes/{id}/pdf/: the current archived version, rendered when something on it changed. */
export async function creditNotePdf(deps: Deps, id: number, userId: number | null): Promise<ArchivedPdf> {
  const current = await currentIfUnchanged(deps, 'credit_note', id, creditNoteSourceKey);
  if (current) return current;
  const { source, key } = await keyedSource(deps, creditNoteSourceKey(id), (snapshot) =>
    creditNoteSource(snapshot, id),
  );
  return produceDocument(deps, source, userId, key);
}
