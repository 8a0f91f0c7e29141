import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/** Names of the number sequences the app allocates from. */
export const SEQUENCE_NAMES = ['door_number', 'invoice_number', 'bol_number', 'credit_note_number', 'purchase_order_number'] as const;
export type SequenceName = (typeof SEQUENCE_NAMES)[number];

/**
 * Business number counters (door, invoice, BOL numbers), allocated with one
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` (see src/sequences.ts), which
 * is safe under concurrency on PostgreSQL. last_value is the last number handed out.
 */
export const numberSequences = pgTable('number_sequences', {
  name: text('name').primaryKey(),
  lastValue: bigint('last_value', { mode: 'number' }).notNull().default(0),
});
