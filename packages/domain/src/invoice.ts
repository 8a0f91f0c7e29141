import { buildingTypeLabel, isDoorOnly } from './building';
import { Decimal, multiplyQty, roundCents, toDecimal, toMoneyString, type MoneyInput } from './money';
import type { PricedOrder } from './pricing';
import { applyDiscountAndTax, type DiscountAndTaxTerms } from './totals';
import { balanceDueOf } from './payments';

/**
 * Invoice totals (invoices spec §5) and the invoice lines made from an order.
 *
 * Rounding points are the order's (see pricing.ts): each price_each is read as cents, each line
 * amount (quantity × price_each) is rounded to cents, then the discount and the tax are each
 * rounded once. Subtotal, taxable subtotal, total and balance are sums of cent amounts.
 */

export interface InvoiceLineItem {
  quantity: number;
  description: string;
  /** Money string, e.g. "125.00". */
  price_each: string;
  /**
   * Set on lines made from an order: says for certain whether the line is the freight line, so
   * an item whose name happens to contain "freight" is still taxed as the order taxed it.
   * Lines typed by hand leave it unset and the description decides (spec: a line whose
   * description contains "freight" is not taxed).
   */
  is_freight?: boolean;
}

/** A line as it may arrive from a form or the wire. */
export interface InvoiceLineInput {
  quantity?: MoneyInput;
  description?: string | null;
  price_each?: MoneyInput;
  is_freight?: boolean | null;
}

export const DEFAULT_LINE_ITEM: Readonly<InvoiceLineItem> = Object.freeze({
  quantity: 1,
  description: '',
  price_each: '0.00',
});

/** A fresh editable copy of the default line (an Add Item click). */
export function newLineItem(): InvoiceLineItem {
  return { ...DEFAULT_LINE_ITEM };
}

export function isFreightLine(line: Pick<InvoiceLineInput, 'description' | 'is_freight'>): boolean {
  if (typeof line.is_freight === 'boolean') return line.is_freight;
  return /freight/i.test(line.description ?? '');
}

/** quantity × price each, rounded to cents, as a money string. */
export function lineAmount(quantity: MoneyInput, priceEach: MoneyInput): string {
  return toMoneyString(multiplyQty(priceEach, quantity));
}

export interface InvoiceTotalsInput extends DiscountAndTaxTerms {
  lineItems: readonly InvoiceLineInput[];
  paymentsCredits?: MoneyInput;
}

/** Money strings. */
export interface InvoiceTotals {
  subtotal: string;
  /** Σ of the non-freight lines: what tax applies to before the discount. */
  taxableSubtotal: string;
  discountAmount: string;
  taxAmount: string;
  total: string;
  balanceDue: string;
}

export function calculateInvoiceTotals(input: InvoiceTotalsInput): InvoiceTotals {
  let subtotal = new Decimal(0);
  let taxableSubtotal = new Decimal(0);
  for (const line of input.lineItems) {
    const amount = multiplyQty(line.price_each, line.quantity);
    subtotal = subtotal.plus(amount);
    if (!isFreightLine(line)) taxableSubtotal = taxableSubtotal.plus(amount);
  }
  const { discountAmount, taxAmount, total } = applyDiscountAndTax({
    subtotal,
    taxableBase: taxableSubtotal,
    discount: input.discount,
    discountIsPercentage: input.discountIsPercentage,
    taxRate: input.taxRate,
    taxExempt: input.taxExempt,
  });
  return {
    subtotal: toMoneyString(subtotal),
    taxableSubtotal: toMoneyString(taxableSubtotal),
    discountAmount: toMoneyString(discountAmount),
    taxAmount: toMoneyString(taxAmount),
    total: toMoneyString(total),
    // Negative payments are rejected by validation; here they count as 0.
    balanceDue: balanceDueOf(total, input.paymentsCredits),
  };
}

/** A labelled, priced choice of the order (door type, door cladding). */
export interface PricedChoice {
  label?: string | null;
  price?: MoneyInput;
}

/**
 * An order with its references resolved to display text (setting values, product description).
 * It is a PricedOrder: orderPriceInput(order, terms) prices it.
 */
export interface OrderForInvoice extends PricedOrder {
  /** The product's description, or the custom building description. */
  buildingDescription?: string | null;
  /** The custom building type, or the product's building_type. */
  buildingType?: string | null;
  buildingPrice?: MoneyInput;
  /** Size label, or the custom size text. */
  size?: string | null;
  thickness?: string | null;
  doorType?: PricedChoice | null;
  doorCladding?: PricedChoice | null;
  additionalItems?: readonly { label?: string | null; quantity: MoneyInput; price: MoneyInput }[] | null;
  freightCost?: MoneyInput;
}

export const FREIGHT_LINE_DESCRIPTION = 'Freight';

const text = (v: string | null | undefined): string => (v ?? '').trim();
const hasAmount = (v: MoneyInput): boolean => !roundCents(v).isZero();

/** "Walk-in cooler (Freezer/Cooler Unit) - Size: 8x10, Thickness: 4 in" */
export function describeBuilding(order: OrderForInvoice): string {
  const description = text(order.buildingDescription);
  const typeLabel = text(buildingTypeLabel(order.buildingType));
  let main = description || typeLabel || 'Building';
  if (description && typeLabel && !description.toLowerCase().includes(typeLabel.toLowerCase())) {
    main += ` (${typeLabel})`;
  }
  const details = [
    text(order.size) && `Size: ${text(order.size)}`,
    text(order.thickness) && `Thickness: ${text(order.thickness)}`,
  ].filter(Boolean);
  return details.length > 0 ? `${main} - ${details.join(', ')}` : main;
}

function quantityNumber(q: MoneyInput): number {
  return typeof q === 'number' && Number.isFinite(q) ? q : toDecimal(q).toNumber();
}

/**
 * The invoice lines of an order. Every line the order prices appears, and nothing it does not
 * price, so calculateInvoiceTotals over these lines equals calculateOrderPrice for the order.
 * Zero-priced lines are kept only when they say something (a chosen building, door or item).
 */
export function deriveInvoiceLineItems(order: OrderForInvoice): InvoiceLineItem[] {
  const lines: InvoiceLineItem[] = [];
  const doorOnly = isDoorOnly(order.buildingType);
  const line = (description: string, price: MoneyInput, quantity: MoneyInput = 1): InvoiceLineItem => ({
    quantity: quantityNumber(quantity),
    description,
    price_each: toMoneyString(price),
    is_freight: false,
  });

  // A door-only building with neither description nor price is fully described by its door line.
  const buildingChosen = text(order.buildingDescription) !== '' || (!!order.buildingType && !doorOnly);
  if (buildingChosen || hasAmount(order.buildingPrice)) {
    lines.push(line(describeBuilding(order), order.buildingPrice));
  }

  const door = order.doorType;
  if (doorOnly && door && (text(door.label) || hasAmount(door.price))) {
    lines.push(line(text(door.label) ? `Door Type: ${text(door.label)}` : 'Door', door.price));
  }

  const cladding = order.doorCladding;
  if (cladding && (text(cladding.label) || hasAmount(cladding.price))) {
    lines.push(
      line(text(cladding.label) ? `Door Cladding: ${text(cladding.label)}` : 'Door Cladding', cladding.price),
    );
  }

  for (const item of order.additionalItems ?? []) {
    lines.push(line(text(item.label) || 'Additional Item', item.price, item.quantity));
  }

  // Spec: only when freight > 0. Any non-zero amount is kept so totals agree even for data
  // validation would have refused (negative freight).
  if (hasAmount(order.freightCost)) {
    lines.push({ ...line(FREIGHT_LINE_DESCRIPTION, order.freightCost), is_freight: true });
  }
  return lines;
}
