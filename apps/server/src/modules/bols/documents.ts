import type { AppDeps } from '../../deps';
import { getCompanyInfo } from '../company/service';
import { getOrder } from '../orders/order-read';
import type { OrderView } from '../orders/views';
import { buildingOf, isBlankAddress, itemLabel, labelsOf, pdfAddress, type OrderLabels } from '../orders/documents';
import { renderBolHtml, type BillOfLadingDocument } from '../../pdf';
import { pdfCompany, safeFilenamePart } from '../documents/letterhead';
import type { BolRecord } from './service';
import { produceDocument, type ArchivedPdf, type DocumentSource } from '../documents/archive';

/** An order's bill of lading on paper (the parts it shares with the order print: orders/documents.ts). */

type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;

export function bolDocument(order: OrderView, bol: Pick<BolRecord, 'bolNumber' | 'date' | 'freeOnBoard'>, company: Parameters<typeof pdfCompany>[0], labels: OrderLabels): BillOfLadingDocument {
  return {
    company: pdfCompany(company),
    bol_number: bol.bolNumber,
    date: bol.date,
    free_on_board: bol.freeOnBoard,
    // Shipped to the shipping address; an order without one ships to its billing address.
    consignee: pdfAddress(isBlankAddress(order.shipping_address) ? order.billing_address : order.shipping_address),
    consignee_phone: order.phone,
    bill_to: pdfAddress(order.billing_address),
    order: {
      door_number: order.door_number,
      customer_po_job_name: order.customer_po_job_name,
      eps_po_number: order.eps_po_number,
      ship_via: order.ship_via?.label ?? '',
      ship_date: order.ship_date,
    },
    building: buildingOf(order, labels),
    items: order.additional_items.map((i) => ({ quantity: i.quantity, description: itemLabel(i, labels) })),
    special_delivery_info: order.special_delivery_info,
  };
}

export const bolFilename = (bolNumber: string) => `bill-of-lading-${safeFilenamePart(bolNumber)}.pdf`;

/** What the order's bill of lading is rendered from (its archive key: decision 061). */
export async function bolSource(deps: Pick<AppDeps, 'database'>, orderId: number, bol: BolRecord): Promise<DocumentSource> {
  const order = await getOrder(deps, orderId);
  const [company, labels] = await Promise.all([getCompanyInfo(deps), labelsOf(deps, order)]);
  return { kind: 'bol', recordId: orderId, recordVersion: null, filename: bolFilename(bol.bolNumber), html: renderBolHtml(bolDocument(order, bol, company, labels)) };
}

/** The order's bill of lading as an archived PDF (the stored one when nothing on it changed). */
export async function bolPdf(deps: Deps, orderId: number, bol: BolRecord, userId: number | null): Promise<ArchivedPdf> {
  return produceDocument(deps, await bolSource(deps, orderId, bol), userId);
}

/** The order's bill of lading as a PDF (archived). */
export async function renderBolPdf(deps: Deps, orderId: number, bol: BolRecord, userId: number | null = null): Promise<{ pdf: Buffer; filename: string }> {
  const archived = await bolPdf(deps, orderId, bol, userId);
  return { pdf: await archived.bytes(), filename: archived.filename };
}
