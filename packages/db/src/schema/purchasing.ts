import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { PURCHASE_ORDER_STATUSES } from '@icehouse/domain';
import { users } from './auth';
import { components } from './catalogue';
import { suppliers } from './suppliers';
import { inList, money, timestamps } from './_columns';

/**
 * Purchase orders to suppliers, numbered P-1001.. from number_sequences ('purchase_order_number',
 * allocated row-locked in the creating transaction like invoice numbers; never reused). `version`
 * starts at 1 and is bumped by every update (optimistic concurrency, as orders).
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    number: text('number').notNull().unique('purchase_orders_number_key'),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('draft'),
    expectedDate: date('expected_date', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    check('purchase_orders_status_check', inList(t.status, PURCHASE_ORDER_STATUSES)),
    index('purchase_orders_supplier_id_idx').on(t.supplierId),
    index('purchase_orders_status_idx').on(t.status),
  ],
);

/**
 * A purchase order's lines: `quantity` ordered, `received_quantity` received so far (kept by the
 * receiving service in the transaction that writes the receipt's stock movements). On order is
 * quantity − received_quantity of the open purchase orders' lines.
 */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    componentId: integer('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitCost: money('unit_cost').notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('purchase_order_lines_purchase_order_id_idx').on(t.purchaseOrderId, t.position),
    index('purchase_order_lines_component_id_idx').on(t.componentId),
    unique('purchase_order_lines_order_component_key').on(t.purchaseOrderId, t.componentId),
    check('purchase_order_lines_quantity_check', sql`${t.quantity} >= 1`),
    check('purchase_order_lines_received_quantity_check', sql`${t.receivedQuantity} >= 0`),
    check('purchase_order_lines_unit_cost_check', sql`${t.unitCost} >= 0`),
  ],
);
