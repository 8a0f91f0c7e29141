import type { AppDeps } from '../../deps';
import { getCompanyInfo } from '../company/service';
import { renderPurchaseOrderHtml, type PurchaseOrderDocument } from '../../pdf';
import { produceDocument, type ArchivedPdf, type DocumentSource } from '../documents/archive';
import { pdfCompany, safeFilenamePart } from '../documents/letterhead';
import { getSupplier } from './suppliers';
import { getPurchaseOrder } from './purchase-order-read';

/** The purchase order's PDF, archived like every document (decision 061): what is emailed to the supplier. */

type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;

export const purchaseOrderFilename = (number: string) => `purchase-order-${safeFilenamePart(number)}.pdf`;

export async function purchaseOrderSource(deps: Pick<AppDeps, 'database'>, id: number): Promise<DocumentSource> {
  const po = await getPurchaseOrder(deps, id);
  const [company, supplier] = await Promise.all([getCompanyInfo(deps), getSupplier(deps, po.supplier_id)]);
  const doc: PurchaseOrderDocument = {
    company: pdfCompany(company),
    number: po.number,
    date: (po.sent_at ?? po.created_at).slice(0, 10),
    expected_date: po.expected_date,
    supplier,
    notes: po.notes,
    lines: po.lines,
    total: po.total,
  };
  return {
    kind: 'purchase_order',
    recordId: id,
    recordVersion: po.version,
    filename: purchaseOrderFilename(po.number),
    html: renderPurchaseOrderHtml(doc),
  };
}

/** The purchase order's current archived PDF: the stored version when its HTML is unchanged, else a new one. */
export async function purchaseOrderPdf(deps: Deps, id: number, userId: number | null): Promise<ArchivedPdf> {
  return produceDocument(deps, await purchaseOrderSource(deps, id), userId);
}
