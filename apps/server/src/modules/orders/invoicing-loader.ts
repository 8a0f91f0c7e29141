import type { OrderForInvoice, OrderStatus } from '@icehouse/domain';
import type { InvoiceAddress } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import {
  effectiveBuildingType,
  loadOrderRecords,
  productDescriptions,
  settingLabels,
  type OrderRecord,
} from './views';

/** An order as the invoices module needs it: everything resolved to text, ready for invoice lines. */
export interface OrderForInvoicing {
  id: number;
  status: OrderStatus;
  version: number;
  doorNumber: string;
  date: string;
  shipDate: string | null;
  /** Ship via label ('' when none). */
  shipVia: string;
  customerPoJobName: string;
  epsPoNumber: string;
  discount: string;
  discountIsPercentage: boolean;
  taxExempt: boolean;
  billTo: InvoiceAddress;
  shipTo: InvoiceAddress;
  /** For the domain's deriveInvoiceLineItems / orderPriceInput. */
  forInvoice: OrderForInvoice;
  /** The invoice the order already has, if any. */
  invoiceId: number | null;
}

const invoiceAddress = (a: OrderRecord['billing']): InvoiceAddress => ({
  name: a?.name ?? '',
  street: a?.street ?? '',
  city: a?.city ?? '',
  state: a?.state ?? '',
  zip_code: a?.zipCode ?? '',
  country: a?.country ?? 'US',
});

/**
 * Loads orders for invoicing (in the order of `ids`, missing ones skipped), a fixed number of
 * queries. Pass the invoice transaction as `db` to read inside it.
 */
export async function loadOrdersForInvoicing(db: Db, ids: readonly number[]): Promise<OrderForInvoicing[]> {
  const records = await loadOrderRecords(db, ids);
  const settingIds: (number | null)[] = [];
  const productIds: (number | null)[] = [];
  for (const r of records) {
    settingIds.push(r.order.shipViaId, ...r.items.map((i) => i.itemId));
    const b = r.building;
    if (b) {
      settingIds.push(b.sizeId, b.thicknessId, b.doorTypeId, b.doorCladdingId);
      productIds.push(b.productId);
    }
  }
  const [labels, productNames] = await Promise.all([
    settingLabels(db, settingIds),
    productDescriptions(db, productIds),
  ]);
  const text = (id: number | null | undefined) =>
    id === null || id === undefined ? '' : (labels.get(id) ?? '');
  return records.map((r) => {
    const o = r.order;
    const b = r.building;
    const forInvoice: OrderForInvoice = {
      buildingDescription: b
        ? b.isCustom
          ? b.buildingDescription
          : (productNames.get(b.productId ?? -1) ?? b.buildingDescription)
        : null,
      buildingType: effectiveBuildingType(r),
      buildingPrice: b?.price ?? null,
      size: b ? b.customSize || text(b.sizeId) : '',
      thickness: b ? text(b.thicknessId) : '',
      doorType: b?.doorTypeId ? { label: text(b.doorTypeId), price: b.doorTypePrice } : null,
      doorCladding: b?.doorCladdingId ? { label: text(b.doorCladdingId), price: b.doorCladdingPrice } : null,
      additionalItems: r.items.map((i) => ({
        label: i.itemId !== null ? text(i.itemId) : i.customItemName,
        quantity: i.quantity,
        price: i.price,
      })),
      freightCost: o.freightCost,
    };
    return {
      id: o.id,
      status: o.status,
      version: o.version,
      doorNumber: o.doorNumber,
      date: o.date,
      shipDate: o.shipDate,
      shipVia: text(o.shipViaId),
      customerPoJobName: o.customerPoJobName,
      epsPoNumber: o.epsPoNumber,
      discount: o.discount,
      discountIsPercentage: o.discountIsPercentage,
      taxExempt: o.taxExempt,
      billTo: invoiceAddress(r.billing),
      shipTo: invoiceAddress(r.shipping),
      forInvoice,
      invoiceId: r.invoice?.id ?? null,
    };
  });
}
