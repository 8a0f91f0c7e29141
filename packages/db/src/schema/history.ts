import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { orders } from './orders';
import { invoices } from './invoices';
import { timestamptz } from './_columns';

/** Known history actions; the column is plain text so new actions need no migration. */
export const HISTORY_ACTIONS = [
  'created',
  'updated',
  'status_changed',
  'voided',
  'unvoided',
  'duplicated',
  'file_added',
  'file_removed',
  'invoice_created',
  'invoice_updated',
  'invoice_deleted',
  'bol_created',
  'bol_updated',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** field name -> { old, new } */
export type HistoryChanges = Record<string, { old: unknown; new: unknown }>;

/** Audit trail of orders (and their invoices). */
export const history = pgTable(
  'history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    action: text('action').$type<HistoryAction | (string & {})>().notNull(),
    changes: jsonb('changes').$type<HistoryChanges>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('history_order_id_created_at_idx').on(t.orderId, t.createdAt.desc().nullsFirst()),
    index('history_invoice_id_idx').on(t.invoiceId),
  ],
);
