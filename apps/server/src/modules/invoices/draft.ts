import {
  DEFAULT_INVOICE_TERMS,
  calculateInvoiceTotals,
  calculateOrderPrice,
  combinedInvoiceDiscount,
  deriveInvoiceLineItems,
  orderPriceInput,
  toMoneyString,
  type InvoiceLineItem,
  type InvoiceTotals,
} from '@icehouse/domain';
import type { InvoiceAddress } from '@icehouse/db/schema';
import type { OrderForInvoicing } from '../orders/invoicing-loader';

/**
 * What a new invoice says, made from its order(s) with the domain's rules (one implementation:
 * deriveInvoiceLineItems for the lines, calculateInvoiceTotals for the totals). For one order the
 * totals equal the order's calculateOrderPrice to the cent.
 */
export interface InvoiceDraft {
  billTo: InvoiceAddress;
  shipTo: InvoiceAddress;
  poJobName: string;
  shipDate: string | null;
  shipVia: string;
  terms: string;
  taxExempt: boolean;
  taxRate: string;
  discount: string;
  discountIsPercentage: boolean;
  lines: InvoiceLineItem[];
  totals: InvoiceTotals;
}

/** Text of several orders: distinct, non-blank, in order, joined. */
function distinctJoined(values: readonly string[]): string {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))].join(', ');
}

/** Lines of an order on a combined invoice say which order they belong to. */
export function combinedLineDescription(doorNumber: string, description: string): string {
  return `Order ${doorNumber}: ${description}`;
}

/**
 * The invoice of `orders` (one, or several for a combined invoice, in the order given) at the
 * company's sales tax rate. A combined invoice is tax exempt only when every order is (the caller
 * refuses a mix); its discount is the domain's combinedInvoiceDiscount.
 */
export function draftFromOrders(orders: readonly OrderForInvoicing[], taxRate: string): InvoiceDraft {
  const head = orders[0];
  if (!head) throw new Error('draftFromOrders: no orders');
  const combined = orders.length > 1;
  const lines = combined
    ? orders.flatMap((o) =>
        deriveInvoiceLineItems(o.forInvoice).map((line) => ({
          ...line,
          description: combinedLineDescription(o.doorNumber, line.description),
        })),
      )
    : deriveInvoiceLineItems(head.forInvoice);

  const { discount, discountIsPercentage } = combinedInvoiceDiscount(
    orders.map((o) => ({ priced: o.forInvoice, discount: o.discount, discountIsPercentage: o.discountIsPercentage })),
  );
  const taxExempt = orders.every((o) => o.taxExempt);
  const shipDates = orders.map((o) => o.shipDate).filter((d): d is string => !!d);
  const totals = calculateInvoiceTotals({ lineItems: lines, discount, discountIsPercentage, taxRate, taxExempt, paymentsCredits: 0 });
  return {
    billTo: head.billTo,
    shipTo: head.shipTo,
    poJobName: combined ? distinctJoined(orders.map((o) => o.customerPoJobName)) : head.customerPoJobName,
    shipDate: shipDates.length ? shipDates.sort().at(-1)! : null,
    shipVia: distinctJoined(orders.map((o) => o.shipVia)),
    terms: DEFAULT_INVOICE_TERMS,
    taxExempt,
    taxRate: toMoneyString(taxRate),
    discount,
    discountIsPercentage,
    lines,
    totals,
  };
}

/** The order's own price, as its screen shows it (for checking an invoice made from it). */
export function orderTotal(order: OrderForInvoicing, taxRate: string): string {
  return calculateOrderPrice(
    orderPriceInput(order.forInvoice, {
      discount: order.discount,
      discountIsPercentage: order.discountIsPercentage,
      taxRate,
      taxExempt: order.taxExempt,
    }),
  ).total;
}
