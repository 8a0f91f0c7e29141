import { eq } from 'drizzle-orm';
import { billsOfLading } from '@icehouse/db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { getDocument, readBlob, type ArchivedPdf } from '../documents/archive';
import { invoicePdf } from '../invoices/documents';
import { bolPdf } from '../bols/documents';
import { quotePdf } from '../quotes/documents';
import { creditNotePdf } from '../credit/credit-note-pdf';
import { statementPdf } from '../statements/statement-pdf';
import { purchaseOrderPdf } from '../purchasing/documents';
import type { EmailKind } from '../outbox/send-email';


type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;

/** The record's current document, archived (rendered now if it changed since its last version). */
export async function currentDocument(
  deps: Deps,
  kind: EmailKind,
  recordId: number,
  userId: number | null,
): Promise<ArchivedPdf> {
  if (kind === 'invoice') return invoicePdf(deps, recordId, userId);
  if (kind === 'quote') return quotePdf(deps, recordId, userId);
  if (kind === 'credit_note') return creditNotePdf(deps, recordId, userId);
  if (kind === 'statement') return statementPdf(deps, recordId, userId);
  if (kind === 'purchase_order') return purchaseOrderPdf(deps, recordId, userId);
  const [bol] = await deps.database.db
    .select()
    .from(billsOfLading)
    .where(eq(billsOfLading.orderId, recordId));
  if (!bol) throw AppError.notFound('The order has no bill of lading.');
  return bolPdf(deps, recordId, bol, userId);
}

/** An archived version by id (the one pinned when Send was pressed: decision 128), or null when gone. */
export async function pinnedDocument(
  deps: Pick<AppDeps, 'database' | 'blobs'>,
  documentId: number,
): Promise<ArchivedPdf | null> {
  const document = await getDocument(deps, documentId);
  if (!document) return null;
  return {
    document,
    filename: document.filename,
    rendered: false,
    bytes: () => readBlob(deps, document.sha256),
  };
}
