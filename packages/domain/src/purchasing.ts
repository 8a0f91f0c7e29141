import { addMoney, multiplyQty, toMoneyString } from './money';
import { addDays } from './schedule';

/**
 * Purchasing: suppliers' purchase orders drafted from the materials list, and what a receipt does to
 * them. Pure rules, shared by the server (which stores and enforces them) and the screens (which show
 * the same figures before saving).
 */

export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'partly_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partly_received: 'Partly received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** Statuses whose lines are still on order (their unreceived quantities). */
export const OPEN_PURCHASE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = ['draft', 'sent', 'partly_received'];
/** Statuses in which the lines may be edited (before anything was received). */
export const EDITABLE_PURCHASE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = ['draft', 'sent'];
/** Statuses in which parts may be received (a draft is sent, or marked sent, first). */
export const RECEIVABLE_PURCHASE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = ['sent', 'partly_received'];
/** Statuses that may be cancelled: what was received stays received, the rest is no longer on order. */
export const CANCELLABLE_PURCHASE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = ['draft', 'sent', 'partly_received'];

/**
 * The quantity to order for `needed` units when the supplier sells packs of `packSize`: the smallest
 * multiple of the pack that covers the need (0 when nothing is needed). Pack sizes below 1 count as 1.
 */
export function roundUpToPack(needed: number, packSize: number): number {
  const need = Math.max(0, Math.ceil(needed));
  const pack = Math.max(1, Math.trunc(packSize));
  return Math.ceil(need / pack) * pack;
}

/**
 * The date a purchase order is expected: the day it is drafted plus the longest lead time of its
 * components (one delivery, so the slowest part decides), in calendar days. Null when no component
 * has a lead time (nobody knows; the office types one).
 */
export function expectedDateOf(from: string, leadTimes: readonly (number | null | undefined)[]): string | null {
  const known = leadTimes.filter((d): d is number => typeof d === 'number' && Number.isFinite(d) && d >= 0);
  if (known.length === 0) return null;
  return addDays(from, Math.max(...known.map((d) => Math.trunc(d))));
}

/** A component as drafting sees it: how many to buy, and how it is bought. */
export interface DraftComponent {
  component_id: number;
  name: string;
  to_buy: number;
  /** The catalogue's cost, used when the supplier has no last price. */
  cost: string;
  preferred_supplier_id: number | null;
  supplier_part_number: string;
  last_price: string | null;
  lead_time_days: number | null;
  pack_size: number;
}

export interface DraftLine {
  component_id: number;
  name: string;
  supplier_part_number: string;
  /** What the materials list says to buy. */
  to_buy: number;
  /** to_buy rounded up to the supplier's pack size: what is ordered. */
  quantity: number;
  unit_cost: string;
  line_total: string;
}

export interface DraftPurchaseOrder {
  supplier_id: number;
  expected_date: string | null;
  lines: DraftLine[];
  total: string;
}

export interface PurchaseDraft {
  purchase_orders: DraftPurchaseOrder[];
  /** Components to buy that have no preferred supplier: not drafted, listed so someone picks one. */
  without_supplier: { component_id: number; name: string; to_buy: number }[];
}

/**
 * Drafting from the materials list: one purchase order per preferred supplier, a line per component
 * with something to buy, its quantity rounded up to the pack size, priced at the supplier's last price
 * (else the catalogue's cost). Components without a preferred supplier are left out and listed.
 * Suppliers come in id order, lines in name order, so the same list drafts the same orders.
 */
export function draftPurchaseOrders(components: readonly DraftComponent[], today: string): PurchaseDraft {
  const bySupplier = new Map<number, { lines: DraftLine[]; leads: (number | null)[] }>();
  const without: PurchaseDraft['without_supplier'] = [];
  const sorted = [...components].sort((a, b) => a.name.localeCompare(b.name) || a.component_id - b.component_id);
  for (const c of sorted) {
    if (c.to_buy <= 0) continue;
    if (c.preferred_supplier_id === null) {
      without.push({ component_id: c.component_id, name: c.name, to_buy: c.to_buy });
      continue;
    }
    const group = bySupplier.get(c.preferred_supplier_id) ?? { lines: [], leads: [] };
    bySupplier.set(c.preferred_supplier_id, group);
    const quantity = roundUpToPack(c.to_buy, c.pack_size);
    const unitCost = toMoneyString(c.last_price ?? c.cost);
    group.leads.push(c.lead_time_days);
    group.lines.push({
      component_id: c.component_id,
      name: c.name,
      supplier_part_number: c.supplier_part_number,
      to_buy: c.to_buy,
      quantity,
      unit_cost: unitCost,
      line_total: toMoneyString(multiplyQty(unitCost, quantity)),
    });
  }
  const purchaseOrders = [...bySupplier.entries()]
    .sort(([a], [b]) => a - b)
    .map(([supplierId, group]) => ({
      supplier_id: supplierId,
      expected_date: expectedDateOf(today, group.leads),
      lines: group.lines,
      total: purchaseOrderTotal(group.lines),
    }));
  return { purchase_orders: purchaseOrders, without_supplier: without };
}

/** A purchase order's total: Σ unit cost × quantity, each line rounded to cents. */
export function purchaseOrderTotal(lines: readonly { unit_cost: string | null; quantity: number }[]): string {
  return toMoneyString(addMoney(...lines.map((l) => multiplyQty(l.unit_cost ?? '0', l.quantity))));
}

export interface ReceivableLine {
  id: number;
  quantity: number;
  received_quantity: number;
}

export interface ReceiptCheck {
  /** Lines receiving more than is still outstanding (received + now > ordered). */
  over: { line_id: number; ordered: number; received: number; receiving: number }[];
  /** Field errors by line index (the receipt's `lines[i].quantity`), nothing when the receipt may go. */
  lineErrors: Map<number, string>;
}

/**
 * Checks a receipt against the lines: each quantity a whole number ≥ 0 of a line of this order, each
 * line once, something received; over-receipt is reported (it is allowed only when confirmed).
 */
export function checkReceipt(
  lines: readonly ReceivableLine[],
  receipt: readonly { line_id: number; quantity: number }[],
): ReceiptCheck {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const over: ReceiptCheck['over'] = [];
  const lineErrors = new Map<number, string>();
  receipt.forEach((r, i) => {
    const line = byId.get(r.line_id);
    if (!line) lineErrors.set(i, PURCHASING_MESSAGES.lineNotOnOrder);
    else if (seen.has(r.line_id)) lineErrors.set(i, PURCHASING_MESSAGES.lineTwice);
    else if (!Number.isSafeInteger(r.quantity) || r.quantity < 0) lineErrors.set(i, PURCHASING_MESSAGES.receiveQuantityInvalid);
    else if (line.received_quantity + r.quantity > line.quantity) {
      over.push({ line_id: line.id, ordered: line.quantity, received: line.received_quantity, receiving: r.quantity });
    }
    seen.add(r.line_id);
  });
  return { over, lineErrors };
}

/** The status a purchase order has after receiving: received when every line is, partly when any part came. */
export function statusAfterReceipt(lines: readonly { quantity: number; received_quantity: number }[]): PurchaseOrderStatus {
  if (lines.length > 0 && lines.every((l) => l.received_quantity >= l.quantity)) return 'received';
  if (lines.some((l) => l.received_quantity > 0)) return 'partly_received';
  return 'sent';
}

/** What is still to come on a line (never below 0: an over-receipt leaves nothing outstanding). */
export const outstandingOf = (line: { quantity: number; received_quantity: number }) =>
  Math.max(0, line.quantity - line.received_quantity);

export const PURCHASING_MESSAGES = {
  supplierNameRequired: 'Supplier name is required.',
  supplierNameTaken: 'A supplier with this name already exists.',
  supplierInUse: 'This supplier has purchase orders; it cannot be deleted.',
  supplierNotFound: 'Supplier not found.',
  leadTimeInvalid: 'Lead time must be a whole number of days, 0 or more.',
  packSizeInvalid: 'Pack size must be a whole number, 1 or more.',
  lastPriceInvalid: 'Last price must be a number.',
  lastPriceNegative: 'Last price cannot be negative.',
  purchaseOrderNotFound: 'Purchase order not found.',
  quantityInvalid: 'Quantity must be a whole number, 1 or more.',
  unitCostInvalid: 'Unit cost must be a number.',
  unitCostNegative: 'Unit cost cannot be negative.',
  componentRequired: 'Component is required.',
  componentNotFound: 'Component not found.',
  componentTwice: 'Each component appears once on a purchase order.',
  linesRequired: 'A purchase order needs at least one line.',
  tooManyLines: 'A purchase order has at most 500 lines.',
  notEditable: 'Only a draft or sent purchase order with nothing received can be edited.',
  notSendable: 'Only a draft purchase order can be sent.',
  notCancellable: 'A received or cancelled purchase order cannot be cancelled.',
  notReceivable: 'Only a sent or partly received purchase order can be received.',
  lineNotOnOrder: 'This line is not on the purchase order.',
  lineTwice: 'Each line is received once per receipt.',
  receiveQuantityInvalid: 'Received quantity must be a whole number, 0 or more.',
  nothingReceived: 'Enter a received quantity for at least one line.',
  overReceipt: (ordered: number, total: number) =>
    `That makes ${total} received of ${ordered} ordered: confirm to receive more than was ordered.`,
  confirmOverReceipt: 'Some lines receive more than was ordered: confirm to receive them.',
  nothingToDraft: 'Nothing to buy in this range has a preferred supplier.',
  supplierEmailMissing: 'The supplier has no email address.',
} as const;
