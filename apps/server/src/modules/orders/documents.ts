import { additionalItemsTotal, isDoorOnly, lineAmount, showsBuildingPrice } from '@icehouse/domain';
import type { AppDeps } from '../../deps';
import { getCompanyInfo } from '../company/service';
import { getOrder } from './order-read';
import { productDescriptions, settingLabels, type AddressView, type OrderView } from './views';
import { renderOrderPrintHtml, type OrderPrintDocument, type PdfAddress, type PdfBuilding } from '../../pdf';
import { discountLabel, pdfCompany, safeFilenamePart } from '../documents/letterhead';
import { produceDocument, type ArchivedPdf } from '../documents/archive';

/**
 * An order on paper: the shop-floor print (GET /api/orders/{id}/print/), and the parts every order
 * document shares (the bill of lading's too, bols/documents.ts): ids resolved to their labels, amounts
 * from the order's own totals (calculateOrderPrice) and the domain's lineAmount.
 */

type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;

export interface OrderLabels {
  setting: (id: number | null | undefined) => string;
  product: (id: number | null | undefined) => string;
}

/** Labels of every setting and product the order refers to (two queries). */
export async function labelsOf(deps: Pick<AppDeps, 'database'>, order: OrderView): Promise<OrderLabels> {
  const b = order.building_info;
  const settingIds = [
    b?.size,
    b?.thickness,
    b?.door_type,
    b?.door_cladding,
    b?.hinge_side,
    b?.roof_color,
    b?.siding_color,
    ...order.additional_items.map((i) => i.item),
  ];
  const productId = typeof b?.product === 'number' ? b.product : null;
  const [settings, products] = await Promise.all([
    settingLabels(deps.database.db, settingIds),
    productDescriptions(deps.database.db, [productId]),
  ]);
  const from = (map: Map<number, string>) => (id: number | null | undefined) => (typeof id === 'number' ? (map.get(id) ?? '') : '');
  return { setting: from(settings), product: from(products) };
}

export function pdfAddress(a: AddressView | null): PdfAddress {
  return a ? { name: a.name, street: a.street, city: a.city, state: a.state, zip_code: a.zip_code, country: a.country } : {};
}

export const isBlankAddress = (a: AddressView | null) => !a || [a.name, a.street, a.city, a.state, a.zip_code].every((v) => v.trim() === '');

export function buildingOf(order: OrderView, labels: OrderLabels): PdfBuilding {
  const b = order.building_info;
  if (!b) return {};
  const productName = labels.product(typeof b.product === 'number' ? b.product : null);
  return {
    description: b.is_custom ? b.building_description : productName || b.building_description,
    building_type: b.building_type,
    size: b.custom_size || labels.setting(b.size),
    thickness: labels.setting(b.thickness),
    door_type: labels.setting(b.door_type),
    hinge_side: labels.setting(b.hinge_side),
    door_cladding: labels.setting(b.door_cladding),
    roof_color: labels.setting(b.roof_color),
    siding_color: labels.setting(b.siding_color),
  };
}

export function itemLabel(item: OrderView['additional_items'][number], labels: OrderLabels): string {
  return item.item !== null ? labels.setting(item.item) || item.custom_item_name : item.custom_item_name || 'Additional Item';
}

const money = (v: string | null | undefined): string | null => v ?? null;

export function orderPrintDocument(order: OrderView, company: Parameters<typeof pdfCompany>[0], labels: OrderLabels, printedAt: Date): OrderPrintDocument {
  const b = order.building_info;
  const buildingType = b?.building_type ?? null;
  return {
    company: pdfCompany(company),
    door_number: order.door_number,
    status: order.status,
    date: order.date,
    ship_date: order.ship_date,
    ship_via: order.ship_via?.label ?? '',
    eps_po_number: order.eps_po_number,
    customer_po_job_name: order.customer_po_job_name,
    po_delivery_date: order.po_delivery_date,
    invoice_number: order.invoice_details?.invoice_number || order.invoice_number,
    bol_number: order.bol_number,
    customer_name: order.customer_name,
    phone: order.phone,
    billing_address: pdfAddress(order.billing_address),
    shipping_address: pdfAddress(order.shipping_address),
    building: {
      ...buildingOf(order, labels),
      price: b && showsBuildingPrice(b.is_custom, buildingType) ? money(b.price) : null,
      // Priced (and printed) only for door-only buildings, as the order's totals do.
      door_type_price: b && isDoorOnly(buildingType) ? money(b.door_type_price) : null,
      door_cladding_price: b ? money(b.door_cladding_price) : null,
    },
    door_information: b?.door_placement ?? '',
    notes: order.notes,
    special_delivery_info: order.special_delivery_info,
    freight_cost: order.freight_cost,
    additional_items: order.additional_items.map((i) => ({
      quantity: i.quantity,
      item: itemLabel(i, labels),
      price: i.price,
      amount: lineAmount(i.quantity, i.price),
    })),
    totals: {
      additional_items_total: order.additional_items.length ? additionalItemsTotal(order.additional_items) : null,
      subtotal: order.totals.subtotal,
      discount_amount: order.totals.discount_amount,
      discount_label: discountLabel(order.discount, order.discount_is_percentage),
      tax_rate: order.totals.tax_rate,
      tax_amount: order.totals.tax_amount,
      tax_exempt: order.tax_exempt,
      total: order.totals.total,
    },
    drawings: [
      ...(order.blueprint_filename ? [{ label: 'Blueprint', filename: order.blueprint_filename }] : []),
      ...(order.door_placement_filename ? [{ label: 'Door Drawing', filename: order.door_placement_filename }] : []),
    ],
    printed_at: printedAt.toISOString(),
  };
}

export const orderPrintFilename = (doorNumber: string) => `order-${safeFilenamePart(doorNumber)}.pdf`;

/**
 * GET /api/orders/{id}/print/: the order for the shop floor, archived. Its "printed at" line is left out
 * of the archive key: printing an unchanged order again answers the stored print (with its time).
 */
export async function orderPrintPdf(deps: Deps, orderId: number, userId: number | null): Promise<ArchivedPdf> {
  const order = await getOrder(deps, orderId);
  const [company, labels] = await Promise.all([getCompanyInfo(deps), labelsOf(deps, order)]);
  const at = (when: Date) => renderOrderPrintHtml(orderPrintDocument(order, company, labels, when));
  return produceDocument(
    deps,
    { kind: 'order_print', recordId: orderId, recordVersion: null, filename: orderPrintFilename(order.door_number), html: at(new Date()), hashHtml: at(new Date(0)) },
    userId,
  );
}
