import type { StatementFigures } from '@icehouse/domain';

/**
 * The plain data the three documents print. Callers map database rows onto these shapes, resolve
 * ids to labels (settings, products) and compute every amount with the domain's money helpers
 * (`lineAmount`, `calculateInvoiceTotals`, `calculateOrderPrice`): templates only format.
 *
 * Conventions: money is a decimal string as the API carries it ("1250.00"; numbers are accepted
 * too) and prints as "$1,250.00"; dates are ISO "YYYY-MM-DD" and print as MM/DD/YYYY; optional
 * text that is blank, null or missing is left out of the document (with its label).
 */

/** A decimal amount, e.g. "1250.00". */
export type Money = string | number;

/** ISO date "YYYY-MM-DD" (a longer ISO timestamp prints its date part). */
export type IsoDate = string;

export type Text = string | null | undefined;

export interface PdfAddress {
  name?: Text;
  street?: Text;
  city?: Text;
  state?: Text;
  zip_code?: Text;
  /** Printed only when it is not the US ('US', 'USA', 'United States' are left out). */
  country?: Text;
}

/** Company information (the letterhead). */
export interface PdfCompany {
  name: string;
  street?: Text;
  city?: Text;
  state?: Text;
  zip_code?: Text;
  phone?: Text;
  fax?: Text;
  email?: Text;
  website?: Text;
}

/** A building as the order describes it, every id already resolved to its label. */
export interface PdfBuilding {
  /** Product description, or the custom building description. */
  description?: Text;
  /** A building type code (FREEZER_COOLER_UNIT, ...) or its label. */
  building_type?: Text;
  /** Size label or custom size text. */
  size?: Text;
  thickness?: Text;
  door_type?: Text;
  hinge_side?: Text;
  door_cladding?: Text;
  roof_color?: Text;
  siding_color?: Text;
}

// ---------------------------------------------------------------------------------------------
// Invoice

export interface InvoiceLine {
  quantity: Money;
  description: string;
  price_each: Money;
  /** quantity × price_each, computed by the caller (`lineAmount`). */
  amount: Money;
}

export interface InvoiceTotalsBlock {
  subtotal: Money;
  discount_amount: Money;
  /** e.g. 'Discount (10%)' or 'Discount'; the row is printed only when discount_amount is not zero. */
  discount_label?: Text;
  /** Percent, e.g. "8.25". */
  tax_rate: Money;
  tax_amount: Money;
  tax_exempt: boolean;
  total: Money;
  payments_credits: Money;
  balance_due: Money;
  /** An overpayment (paid − total, the domain's `creditOf`); the row is printed only when it is not zero. */
  credit?: Money;
}

/** One entry of the invoice's payments ledger, as the invoice prints it. */
export interface InvoicePaymentLine {
  date: IsoDate;
  /** The method's label ('Check'), with the entry's kind when it is not a payment ('Check (Refund)'). */
  method: string;
  reference?: Text;
  /** Negative for a refund or a reversal. */
  amount: Money;
}

export interface InvoiceDocument {
  company: PdfCompany;
  /**
   * Where payment goes. Pass `resolveRemitTo(companyInfo)`: the remit-to fields, or the company's
   * address when they are blank (spec). Null leaves the block out.
   */
  remit_to?: PdfAddress | null;
  invoice_number: string;
  date: IsoDate;
  bill_to: PdfAddress;
  ship_to: PdfAddress;
  po_job_name?: Text;
  ship_date?: IsoDate | null;
  ship_via?: Text;
  /** Default 'Due on receipt' is the caller's (the editor's default); blank is left out. */
  terms?: Text;
  due_date?: IsoDate | null;
  line_items: InvoiceLine[];
  totals: InvoiceTotalsBlock;
  /** The payments ledger, oldest first; the Payments table is printed only when there is an entry. */
  payments?: InvoicePaymentLine[];
  /** Door numbers of the orders this invoice covers (several for a combined invoice). */
  order_numbers?: string[];
  /** A closing note printed under the lines, e.g. 'Thank you for your business.' */
  note?: Text;
}

// ---------------------------------------------------------------------------------------------
// Bill of lading

export interface BolItem {
  quantity: Money;
  description: string;
}

export interface BillOfLadingDocument {
  /** The shipper. */
  company: PdfCompany;
  bol_number: string;
  date: IsoDate;
  free_on_board?: Text;
  /** Ship-to address. */
  consignee: PdfAddress;
  consignee_phone?: Text;
  bill_to: PdfAddress;
  order: {
    door_number: string;
    customer_po_job_name?: Text;
    eps_po_number?: Text;
    ship_via?: Text;
    ship_date?: IsoDate | null;
  };
  /** Printed as the first article (quantity 1) with its details under it. */
  building: PdfBuilding;
  /** Additional items with their quantities. */
  items: BolItem[];
  special_delivery_info?: Text;
}

// ---------------------------------------------------------------------------------------------
// Order print (shop floor)

export interface OrderPrintItem {
  quantity: Money;
  /** Setting label or custom item name. */
  item: string;
  price: Money;
  /** quantity × price, computed by the caller (`lineAmount`). */
  amount: Money;
}

export interface OrderPrintTotals {
  /** Σ of the additional items (`additionalItemsTotal`); its row is printed when given. */
  additional_items_total?: Money | null;
  subtotal: Money;
  discount_amount: Money;
  /** e.g. 'Discount (5%)'; the row is printed only when discount_amount is not zero. */
  discount_label?: Text;
  tax_rate: Money;
  tax_amount: Money;
  tax_exempt: boolean;
  total: Money;
}

export interface OrderDrawing {
  /** 'Blueprint' or 'Door Drawing'. */
  label: string;
  filename: string;
}

export interface OrderPrintDocument {
  company: PdfCompany;
  door_number: string;
  /** Status value (pending, scheduled_to_ship, ...) or label. */
  status: string;
  date: IsoDate;
  ship_date?: IsoDate | null;
  ship_via?: Text;
  eps_po_number?: Text;
  customer_po_job_name?: Text;
  po_delivery_date?: IsoDate | null;
  invoice_number?: Text;
  bol_number?: Text;
  customer_name?: Text;
  phone?: Text;
  billing_address: PdfAddress;
  shipping_address: PdfAddress;
  building: PdfBuilding & {
    /** Building price (blank for a custom door-only product). */
    price?: Money | null;
    /** Pass it only where the order prices it (door-only buildings); printed when given. */
    door_type_price?: Money | null;
    door_cladding_price?: Money | null;
  };
  /** Free-text door information (door placement). */
  door_information?: Text;
  notes?: Text;
  special_delivery_info?: Text;
  freight_cost?: Money | null;
  additional_items: OrderPrintItem[];
  totals: OrderPrintTotals;
  /** Files attached to the order, noted by name. */
  drawings?: OrderDrawing[];
  /** When the sheet was printed (ISO timestamp or date); printed in the header when given. */
  printed_at?: Text;
}

// ---------------------------------------------------------------------------------------------
// Quote

export interface QuoteDocument {
  company: PdfCompany;
  quote_number: string;
  date: IsoDate;
  valid_until: IsoDate;
  bill_to: PdfAddress;
  ship_to: PdfAddress;
  po_job_name?: Text;
  ship_date?: IsoDate | null;
  ship_via?: Text;
  line_items: InvoiceLine[];
  totals: Omit<InvoiceTotalsBlock, 'payments_credits' | 'balance_due' | 'credit'>;
  /** The customer's acceptance, printed under the lines once given. */
  accepted?: { name: string; at: IsoDate } | null;
}

// Credit note

export interface CreditNoteDocument {
  company: PdfCompany;
  credit_note_number: string;
  date: IsoDate;
  invoice_number: string;
  invoice_date: IsoDate;
  po_job_name?: Text;
  bill_to: PdfAddress;
  reason: string;
  line_items: { quantity: Money; description: string; price_each: Money; amount: Money }[];
  totals: { subtotal: Money; tax_rate: Money; tax_exempt: boolean; tax_amount: Money; total: Money };
  /** The invoice's total as issued, and its balance due now (after this and every credit and payment). */
  invoice_total: Money;
  invoice_balance_due: Money;
}

/** A customer's statement (decision 200): the domain's figures of the period as issued. */
export interface StatementDocument {
  company: PdfCompany;
  /** The statement's id as printed ("S-12"); null for a preview of the period (not issued, no number). */
  number: string | null;
  bill_to: PdfAddress;
  figures: StatementFigures;
}
