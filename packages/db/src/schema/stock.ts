import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { STOCK_MOVEMENT_SOURCES } from '@icehouse/domain';
import { users } from './auth';
import { components } from './catalogue';
import { orders } from './orders';
import { purchaseOrderLines } from './purchasing';
import { inList, money, timestamptz } from './_columns';

/**
 * The stock ledger (decision 261): one row per movement of a component, never updated or deleted by the
 * app. On hand is the sum of a component's quantities; component_stock.on_hand is that sum, kept by a
 * trigger on insert (migration 0034), never written otherwise. `unit_cost` is the component's cost the
 * movement was valued at (a receipt's: the purchase price). `order_id` has no foreign key: the history
 * outlives a deleted order (whose parts were returned before it went).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    componentId: integer('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitCost: money('unit_cost').notNull(),
    source: text('source', { enum: STOCK_MOVEMENT_SOURCES }).notNull(),
    reason: text('reason').notNull().default(''),
    orderId: integer('order_id'),
    purchaseOrderLineId: integer('purchase_order_line_id').references(() => purchaseOrderLines.id, {
      onDelete: 'restrict',
    }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_component_id_idx').on(t.componentId, t.id),
    index('stock_movements_order_id_idx').on(t.orderId),
    index('stock_movements_purchase_order_line_id_idx').on(t.purchaseOrderLineId),
    check('stock_movements_source_check', inList(t.source, STOCK_MOVEMENT_SOURCES)),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0`),
    check('stock_movements_reason_check', sql`${t.source} <> 'adjustment' or btrim(${t.reason}) <> ''`),
  ],
);

/**
 * Whether an order's bill of materials is taken from stock (decision 259): one row per order that ever
 * reached the consumption status, locked (SELECT ... FOR UPDATE) by every change that may consume or
 * return its parts, so two concurrent status moves consume or return exactly once. `opening`: the order
 * was at or past the consumption status when the ledger began (migration 0039): its parts left the shelf
 * before the opening count, so the ledger never takes or returns them.
 */
export const orderStockConsumptions = pgTable(
  'order_stock_consumptions',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['consumed', 'returned', 'opening'] }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('order_stock_consumptions_state_check', sql`${t.state} in ('consumed', 'returned', 'opening')`)],
);
