import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { components } from './catalogue';
import { money, timestamptz } from './_columns';

/**
 * Make to order: each order's cost of materials as it was when the order was last saved (its bill
 * of materials at the components' costs of that moment), with the price before tax of that save,
 * so a later cost change does not rewrite the margin of past orders. Written by the order save,
 * in its transaction; one row per order. `materials_cost` is NULL when the materials are not known
 * (custom building, no product, simple product without components: `bom_kind` says which).
 * `product_id` is the order's product at that save (no foreign key: the row outlives a product).
 */
export const orderCostings = pgTable(
  'order_costings',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id'),
    productDescription: text('product_description').notNull().default(''),
    bomKind: text('bom_kind').notNull(),
    materialsCost: money('materials_cost'),
    priceBeforeTax: money('price_before_tax').notNull(),
    savedAt: timestamptz('saved_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_costings_product_id_idx').on(t.productId),
    check('order_costings_bom_kind_check', sql`${t.bomKind} in ('components', 'simple', 'custom', 'no_product', 'product_missing')`),
  ],
);

/**
 * How many of each component the shop has on hand: the sum of its stock movements (decision 261), kept by
 * the trigger on stock_movements (migration 0034) and never written otherwise. A component without a row
 * has 0. It may go below 0 when an order consumes parts the ledger did not know were there (the shop
 * built it anyway); a count and an adjustment put it right.
 */
export const componentStock = pgTable('component_stock', {
  componentId: integer('component_id')
    .primaryKey()
    .references(() => components.id, { onDelete: 'cascade' }),
  onHand: integer('on_hand').notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
