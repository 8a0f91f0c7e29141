import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEPOSIT_KINDS, PAYMENT_METHODS } from '@icehouse/domain';
import { users } from './auth';
import { orders } from './orders';
import { invoicePayments } from './invoices';
import { inList, money, timestamptz } from './_columns';

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
