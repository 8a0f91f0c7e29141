import type { Address } from '@icehouse/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DEFAULT_INVOICE_TERMS, PAYMENT_KINDS, PAYMENT_METHODS } from '@icehouse/domain';
import { users } from './auth';
import { orders } from './orders';
import { TRGM_INDEX_OPTIONS, inList, money, percent, timestamps, timestamptz } from './_columns';

/** An address as copied onto an invoice (bill_to / ship_to): the domain's address shape. */
export type InvoiceAddress = Address;

/**
 * Invoices. The editable fields are stored as edited; subtotal ... balance_due
 * are the stored results of the domain's invoice totals rule (kept for the
 * list screen and reports), recomputed by the service on every save.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    invoiceNumber: text('invoice_number').notNull().unique('invoices_invoice_number_key'),
    date: date('date', { mode: 'string' }).notNull(),
    billTo: jsonb('bill_to').$type<InvoiceAddress>().notNull(),
    shipTo: jsonb('ship_to').$type<InvoiceAddress>().notNull(),
    poJobName: text('po_job_name').notNull().default(''),
    shipDate: date('ship_date', { mode: 'string' }),
    shipVia: text('ship_via').notNull().default(''),
    terms: text('terms').notNull().default(DEFAULT_INVOICE_TERMS),
    dueDate: date('due_date', { mode: 'string' }),
    /**
     * True once a save set the due date itself (decision 242); until then it follows the invoice's
     * date and terms (the domain's dueDateForTerms) whenever either changes.
     */
    dueDateSetByHand: boolean('due_date_set_by_hand').notNull().default(false),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    taxRate: percent('tax_rate').notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    discountIsPercentage: boolean('discount_is_percentage').notNull().default(false),
    /**
     * The sum of the invoice's payments ledger (invoice_payments), kept by the payments service in
     * the transaction that records an entry (migration 0012; never written otherwise).
     */
    paymentsCredits: money('payments_credits').notNull().default('0'),
    subtotal: money('subtotal').notNull().default('0'),
    /** The non-freight lines' sum (the domain's taxableSubtotal), stored for the sales tax report. */
    taxableSubtotal: money('taxable_subtotal').notNull().default('0'),
    discountAmount: money('discount_amount').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    totalAmount: money('total_amount').notNull().default('0'),
    balanceDue: money('balance_due').notNull().default('0'),
    hasManualEdits: boolean('has_manual_edits').notNull().default(false),
    isCombined: boolean('is_combined').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What the invoice list's search looks in, one line each: the invoice number, the bill-to and
     * ship-to names, and its orders' customer_search (their billing and shipping names). Kept by
     * triggers (migration 0009_invoice_search_column); never written by the app.
     */
    search: text('search').notNull().default(''),
  },
  (t) => [
    // Incremental sync (updated_since, ordering=updated_at): "what changed since" is a range of this index.
    index('invoices_updated_at_id_idx').on(t.updatedAt, t.id),
    index('invoices_date_id_idx').on(t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The aging report reads the invoices with a balance (migration 0012).
    index('invoices_open_due_idx')
      .on(t.dueDate)
      .where(sql`${t.balanceDue} > 0`),
    // The invoice list's partial, case-insensitive search (ILIKE '%…%'): one trigram index.
    index('invoices_search_trgm_idx').using('gin', t.search.op('gin_trgm_ops')).with(TRGM_INDEX_OPTIONS),
  ],
);

/**
 * How many invoices there are: one row, so the invoice list's `count` reads one row instead of
 * counting every invoice (~1 ms of PostgreSQL per call at 20,000). Kept by statement triggers on
 * invoices (insert, delete, truncate; migration 0006), so every writer keeps it right.
 */
export const invoiceCount = pgTable(
  'invoice_count',
  {
    id: integer('id').primaryKey().default(1),
    invoices: integer('invoices').notNull().default(0),
  },
  (t) => [check('invoice_count_single_row', sql`${t.id} = 1`)],
);

/** Which orders an invoice covers. An order has at most one invoice (order_id UNIQUE). */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .unique('invoice_orders_order_id_key')
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'invoice_orders_pkey', columns: [t.invoiceId, t.orderId] })],
);

/** Invoice lines. Amount = quantity * price_each. */
export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull().default('1'),
    description: text('description').notNull().default(''),
    priceEach: money('price_each').notNull().default('0'),
    /**
     * true/false on lines made from an order (says for certain whether it is the freight
     * line); NULL on lines typed by hand, where a description containing "freight" decides
     * (the domain's isFreightLine()).
     */
    isFreight: boolean('is_freight'),
  },
  (t) => [index('invoice_line_items_invoice_id_idx').on(t.invoiceId, t.position)],
);

/**
 * Invoices that were deleted (decision 011): what the customer and the books may
 * still hold. An invoice number recorded here is never handed out or accepted again (the invoice
 * number allocator and the invoice PATCH check it), so a number identifies one invoice for good.
 * Read by superusers (GET /api/invoices/deleted/). The user's name is copied: the record outlives them.
 */
export const deletedInvoices = pgTable(
  'deleted_invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The id the invoice had. */
    invoiceId: integer('invoice_id').notNull(),
    invoiceNumber: text('invoice_number').notNull().unique('deleted_invoices_invoice_number_key'),
    date: date('date', { mode: 'string' }).notNull(),
    totalAmount: money('total_amount').notNull(),
    customerName: text('customer_name').notNull().default(''),
    /** The door numbers of its orders, joined with ', '. */
    orderNumbers: text('order_numbers').notNull().default(''),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    deletedByUsername: text('deleted_by_username').notNull().default(''),
    deletedAt: timestamptz('deleted_at').notNull().defaultNow(),
  },
  (t) => [index('deleted_invoices_deleted_at_idx').on(t.deletedAt.desc(), t.id.desc())],
);

/**
 * An invoice's payments ledger (decisions 075-077): payments (> 0), refunds (< 0, with a
 * reason), reversals (the negation of one entry, `reverses_id`, at most one per entry), adjustments
 * (a PATCH of payments_credits) and opening entries (migration 0012). Entries are never edited or
 * deleted: a mistake is reversed. invoices.payments_credits holds their sum.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    // restrict: an invoice with entries is never deleted (decision 127), so no payment ever leaves the books.
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<(typeof PAYMENT_KINDS)[number]>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    method: text('method').$type<(typeof PAYMENT_METHODS)[number]>().notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    reason: text('reason').notNull().default(''),
    reversesId: integer('reverses_id').references((): AnyPgColumn => invoicePayments.id, {
      onDelete: 'cascade',
    }),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Copied: the record outlives the user. */
    recordedByUsername: text('recorded_by_username').notNull().default(''),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
    /** kind credit_note: the credit note whose total this entry is (one entry per note; decision 172). A
     * credit_note_void entry names its note through `reverses_id` (the note's entry), not here. */
    creditNoteId: integer('credit_note_id').references((): AnyPgColumn => creditNotes.id, {
      onDelete: 'restrict',
    }),
    /** kind credit: the other entry of the pair (− on the invoice whose overpayment it was, + here; decision 174). */
    pairedId: integer('paired_id').references((): AnyPgColumn => invoicePayments.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    unique('invoice_payments_reverses_id_key').on(t.reversesId),
    unique('invoice_payments_credit_note_id_key').on(t.creditNoteId),
    index('invoice_payments_invoice_id_idx').on(t.invoiceId, t.id),
    index('invoice_payments_date_idx').on(t.date.desc(), t.id.desc()),
    check('invoice_payments_kind_check', inList(t.kind, PAYMENT_KINDS)),
    check('invoice_payments_method_check', inList(t.method, PAYMENT_METHODS)),
    check('invoice_payments_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Credit notes (decision 172): issued against an invoice, numbered CN-1001.. (number_sequences
 * credit_note_number; never reused), never edited. Their total reaches the invoice as a ledger entry
 * of kind credit_note; the invoice's own total stays as issued. Totals are the domain's
 * creditNoteTotals at the invoice's tax rate, stored for the reports.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    creditNoteNumber: text('credit_note_number').notNull().unique('credit_notes_credit_note_number_key'),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    taxRate: percent('tax_rate').notNull(),
    taxExempt: boolean('tax_exempt').notNull(),
    subtotal: money('subtotal').notNull(),
    taxableSubtotal: money('taxable_subtotal').notNull(),
    taxAmount: money('tax_amount').notNull(),
    totalAmount: money('total_amount').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByUsername: text('created_by_username').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /**
     * Voided (decision 249): the day it takes effect, why, by whom and when. The note and its entry stay; a
     * ledger entry of kind credit_note_void reverses the entry, so every reader of the ledger sees both.
     */
    voidDate: date('void_date', { mode: 'string' }),
    voidReason: text('void_reason').notNull().default(''),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidedByUsername: text('voided_by_username').notNull().default(''),
    voidedAt: timestamptz('voided_at'),
  },
  (t) => [
    index('credit_notes_invoice_id_idx').on(t.invoiceId, t.id),
    index('credit_notes_date_idx').on(t.date, t.id),
    index('credit_notes_void_date_idx').on(t.voidDate, t.id),
    check('credit_notes_total_positive', sql`${t.totalAmount} > 0`),
    check('credit_notes_void_whole', sql`(${t.voidDate} IS NULL) = (${t.voidedAt} IS NULL)`),
    check('credit_notes_void_not_before_note', sql`${t.voidDate} IS NULL OR ${t.voidDate} >= ${t.date}`),
  ],
);

/** A credit note's lines: quantity × price each, as on the invoice. */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    description: text('description').notNull().default(''),
    priceEach: money('price_each').notNull(),
    /** As on invoice lines: set when the line was copied from the invoice, NULL when typed (the description decides). */
    isFreight: boolean('is_freight'),
  },
  (t) => [index('credit_note_lines_credit_note_id_idx').on(t.creditNoteId, t.position)],
);
