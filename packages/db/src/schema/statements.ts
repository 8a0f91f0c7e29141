import type { Address, StatementFigures } from '@icehouse/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { customers } from './customers';
import { money, timestamptz } from './_columns';

/** A customer with a balance but no email address when a batch was sent. */
export interface SkippedCustomer {
  customer_id: number;
  customer_name: string;
  closing_balance: string;
}

/**
 * One "email statements to every customer with a balance" request (decision 201): what was asked and
 * by whom; its outcome is read from its statements' emails (queued, sent, failed).
 */
export const statementBatches = pgTable('statement_batches', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  periodFrom: date('period_from', { mode: 'string' }).notNull(),
  periodTo: date('period_to', { mode: 'string' }).notNull(),
  /** Customers with a balance but no email address: not sent, counted here. */
  skippedNoEmail: integer('skipped_no_email').notNull().default(0),
  /** Who they were, as they were then (names change; the outcome names them). */
  skippedCustomers: jsonb('skipped_customers').$type<SkippedCustomer[]>().notNull().default([]),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByUsername: text('created_by_username').notNull().default(''),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * A statement as issued (decision 200): made when a statement is emailed (alone or in a batch), so the
 * email, its archived PDF (kind 'statement') and its customer link name one record whose figures never
 * change. The figures are the domain's customerStatement of the period at that moment, stored whole;
 * the customer's name and billing address are copied (the record outlives edits and the customer).
 */
export const statements = pgTable(
  'statements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    billTo: jsonb('bill_to').$type<Address>().notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    openingBalance: money('opening_balance').notNull(),
    closingBalance: money('closing_balance').notNull(),
    figures: jsonb('figures').$type<StatementFigures>().notNull(),
    batchId: integer('batch_id').references(() => statementBatches.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByUsername: text('created_by_username').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('statements_customer_id_idx').on(t.customerId, t.id),
    index('statements_batch_id_idx').on(t.batchId),
    check('statements_period_check', sql`${t.periodTo} >= ${t.periodFrom}`),
  ],
);
