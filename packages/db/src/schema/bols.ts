import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { orders } from './orders';
import { timestamps } from './_columns';

/** Bills of lading: at most one per order. */
export const billsOfLading = pgTable('bills_of_lading', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .unique('bills_of_lading_order_id_key')
    .references(() => orders.id, { onDelete: 'cascade' }),
  bolNumber: text('bol_number').notNull().unique('bills_of_lading_bol_number_key'),
  date: date('date', { mode: 'string' }).notNull(),
  freeOnBoard: text('free_on_board').notNull().default(''),
  ...timestamps(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});
