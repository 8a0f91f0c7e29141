import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEPOSIT_KINDS, PAYMENT_METHODS } from '@icehouse/domain';
import { users } from './auth';
import { orders } from './orders';
import { invoicePayments, invoices } from './invoices';
import { inList, money, percent, timestamptz } from './_columns';


/**
 * An order's deposit account (decision 171): money taken on an order before it is invoiced. Entries
 * are never edited or deleted: deposit (> 0), refund (< 0, money paid back), invoiced (< 0: moved
 * onto the order's invoice as its ledger entry of kind deposit, `invoice_payment_id`), applied (< 0:
 * a voided order's deposit applied as credit to another invoice of the customer, the + side of the
 * pair in `invoice_payment_id`). What the order holds is the entries' sum, never below 0.
 */
export const orderDeposits = pgTable(
  'order_deposits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<(typeof DEPOSIT_KINDS)[number]>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    method: text('method').$type<(typeof PAYMENT_METHODS)[number]>().notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    reason: text('reason').notNull().default(''),
    invoicePaymentId: integer('invoice_payment_id').references((): AnyPgColumn => invoicePayments.id, {
      onDelete: 'restrict',
    }),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedByUsername: text('recorded_by_username').notNull().default(''),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_deposits_order_id_idx').on(t.orderId, t.id),
    check('order_deposits_kind_check', inList(t.kind, DEPOSIT_KINDS)),
    check('order_deposits_method_check', inList(t.method, PAYMENT_METHODS)),
    check('order_deposits_amount_nonzero', sql`${t.amount} <> 0`),
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
  },
  (t) => [
    index('credit_notes_invoice_id_idx').on(t.invoiceId, t.id),
    index('credit_notes_date_idx').on(t.date, t.id),
    check('credit_notes_total_positive', sql`${t.totalAmount} > 0`),
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
