import {
  orderSchema,
  type OrderData,
  type OrderForInvoice,
  type OrderInput,
  type OrderStatus,
} from '@icehouse/domain';
import type { InvoiceAddress } from '../schema/index';
import type { DemoCustomer } from './data';

/** What the order steps share: an order as planned, as drafted (the order form's fields) and as saved. */

/** One of the story's orders (story-orders.ts): its building and dates are given, not drawn. */
export interface StoryOrder {
  /** How the story's later steps find it ('statement-shipped', 'voided-with-deposit', ...). */
  key: string;
  product: string;
  shipDate: string | null;
  shipVia: string | null;
  freight: string;
  items?: readonly (readonly [string, number])[];
  doorType?: string;
  cladding?: string;
  jobName?: string;
  notes?: string;
  /** The day the order reached its status (the history's status change); default: the order's date. */
  statusOn?: string;
  /** Invoiced before it ships, on this day (a completed order is invoiced on its ship date). */
  invoiceOn?: string;
  /** The quote it was converted from (its fields are the quote's). */
  fromQuote?: string;
}

export interface PlannedOrder {
  date: string;
  status: OrderStatus;
  customer: DemoCustomer;
  /** Part of the combined-invoice pair. */
  combined?: boolean;
  story?: StoryOrder;
}

/** An order ready to be written: its fields validated by the order's own schema, and who saved it when. */
export interface OrderDraft {
  data: OrderData;
  createdBy: number;
  createdAt: Date;
  version: number;
  /** The history's status change (when the status is not pending). */
  statusChange: { userId: number; at: Date } | null;
}

export interface SavedOrder {
  id: number;
  plan: PlannedOrder;
  customerId: number | null;
  doorNumber: string;
  shipDate: string | null;
  shipViaLabel: string;
  discount: string;
  discountIsPercentage: boolean;
  taxExempt: boolean;
  poJobName: string;
  billTo: InvoiceAddress;
  shipTo: InvoiceAddress;
  forInvoice: OrderForInvoice;
  /** The order's price at the company's sales tax rate (the order's own rule). */
  total: string;
  createdBy: number;
  createdAt: Date;
}

/** The door number the drafts carry until the sequence gives the real one (the schema requires one). */
export const DRAFT_DOOR_NUMBER = 'draft';

/**
 * The order's fields through the order's own schema (orderSchema: status requirements, money, ZIP and
 * phone rules), so a demo order is one the order form would have saved. Throws on anything it refuses.
 */
export function parseOrder(input: OrderInput): OrderData {
  const parsed = orderSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`demo seed: an order the order form would refuse (${problems})`);
  }
  return parsed.data;
}
