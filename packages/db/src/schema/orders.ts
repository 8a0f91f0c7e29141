import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { BUILDING_TYPES, DEFAULT_COUNTRY, ORDER_STATUSES } from '@icehouse/domain';
import { users } from './auth';
import { settings, products } from './catalogue';
import { storedFiles } from './files';
import { customers } from './customers';
import { TRGM_INDEX_OPTIONS, inList, money, timestamps } from './_columns';

/**
 * Billing and shipping addresses of orders (each order owns its two rows).
 * Blank parts are '' rather than NULL. `name` is the customer name and has a
 * trigram index for partial, case-insensitive search (ILIKE '%smith%').
 */
export const addresses = pgTable('addresses', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().default(''),
  street: text('street').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  country: text('country').notNull().default(DEFAULT_COUNTRY),
});

/**
 * Orders. Optional free text is '' when blank; optional dates, references and
 * amounts are NULL. `version` starts at 1 and is bumped by every update
 * (optimistic concurrency: UPDATE ... WHERE id = ? AND version = ?).
 *
 * `customer_search` is the billing and the shipping name (newline between), kept
 * in step by database triggers (migration 0003: on insert / change of the address
 * ids, and when an address's name changes), so the list's customer search is one
 * trigram-indexed ILIKE on orders that can also walk the (date, id) index.
 * Never written by the app.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    date: date('date', { mode: 'string' }).notNull(),
    shipDate: date('ship_date', { mode: 'string' }),
    shipViaId: integer('ship_via_id').references(() => settings.id, { onDelete: 'restrict' }),
    /** The invoice number typed on the order form (free text). */
    invoiceNumber: text('invoice_number').notNull().default(''),
    doorNumber: text('door_number').notNull().unique('orders_door_number_key'),
    specialDeliveryInfo: text('special_delivery_info').notNull().default(''),
    customerPoJobName: text('customer_po_job_name').notNull().default(''),
    freightCost: money('freight_cost').notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    discountIsPercentage: boolean('discount_is_percentage').notNull().default(false),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    phone: text('phone').notNull().default(''),
    epsPoNumber: text('eps_po_number').notNull().default(''),
    poDeliveryDate: date('po_delivery_date', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    additionalInfo: text('additional_info').notNull().default(''),
    billingAddressId: integer('billing_address_id').references(() => addresses.id, { onDelete: 'restrict' }),
    shippingAddressId: integer('shipping_address_id').references(() => addresses.id, {
      onDelete: 'restrict',
    }),
    /** The customer the order was taken for; a customer edit never rewrites the order's own address copies. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    blueprintFileId: integer('blueprint_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    doorPlacementFileId: integer('door_placement_file_id').references(() => storedFiles.id, {
      onDelete: 'set null',
    }),
    version: integer('version').notNull().default(1),
    ...timestamps(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** Billing name + '\n' + shipping name, maintained by triggers (see above). */
    customerSearch: text('customer_search').notNull().default(''),
  },
  (t) => [
    check('orders_status_check', inList(t.status, ORDER_STATUSES)),
    // Incremental sync (updated_since, ordering=updated_at): "what changed since" is a range of this index.
    index('orders_updated_at_id_idx').on(t.updatedAt, t.id),
    index('orders_date_id_idx').on(t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the list filtered by status, in list order (date desc, id desc) without a sort
    index('orders_status_date_id_idx').on(t.status, t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_billing_address_id_idx').on(t.billingAddressId),
    index('orders_shipping_address_id_idx').on(t.shippingAddressId),
    index('orders_customer_id_idx').on(t.customerId),
    // partial, case-insensitive searches of the list: customer (billing or shipping name) and door number
    index('orders_customer_search_trgm_idx')
      .using('gin', t.customerSearch.op('gin_trgm_ops'))
      .with(TRGM_INDEX_OPTIONS),
    index('orders_door_number_trgm_idx')
      .using('gin', t.doorNumber.op('gin_trgm_ops'))
      .with(TRGM_INDEX_OPTIONS),
    // the customer search's second step: the orders of the matching names (order_customer_names), read
    // from the index alone (status and date for the other filters and the order, id for the page)
    index('orders_customer_search_status_date_id_idx').on(t.customerSearch, t.status, t.date, t.id),
  ],
);

/**
 * Every distinct orders.customer_search (the billing and shipping names of orders), with a trigram
 * index: the list's customer search finds the matching names here first (about one name for ten
 * orders), then their orders through orders_customer_search_status_date_id_idx. Kept by a trigger on
 * orders (migration: a name is added when an order first has it, once: unique, so a search can count
 * through the names as they stream; two saves adding the same new name at once wait for each other's
 * commit). Names no order has any more stay (they match no order). Never written by the app.
 */
export const orderCustomerNames = pgTable(
  'order_customer_names',
  {
    search: text('search').notNull(),
  },
  (t) => [
    // Unique: each name once, so a search can join the names to their orders as they stream (decision 233).
    uniqueIndex('order_customer_names_search_key').on(t.search),
    index('order_customer_names_search_trgm_idx').using('gin', t.search.op('gin_trgm_ops')).with(TRGM_INDEX_OPTIONS),
  ],
);

/**
 * How many orders each month has, per status: the dashboard's by-month counts, the
 * list's years and its exact `count` (without a text search) read these few hundred
 * rows instead of counting 100k orders. Kept in step by a deferred trigger on orders
 * (insert, delete, change of status or date; migration 0003), so every writer (the
 * services, the demo seed, imports, tests writing rows directly) keeps it right, and
 * by a TRUNCATE trigger. Rows may hold 0; never written by the app.
 */
export const orderMonthCounts = pgTable(
  'order_month_counts',
  {
    /** First day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_month_counts_pkey', columns: [t.month, t.status] })],
);

/** The building of an order (one per order). Option columns reference settings rows. */
export const orderBuildingInfo = pgTable(
  'order_building_info',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .unique('order_building_info_order_id_key')
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** NULL with is_custom = true means the 'custom' product. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    isCustom: boolean('is_custom').notNull().default(false),
    price: money('price'),
    buildingType: text('building_type', { enum: BUILDING_TYPES }),
    buildingDescription: text('building_description').notNull().default(''),
    sizeId: integer('size_id').references(() => settings.id, { onDelete: 'restrict' }),
    customSize: text('custom_size').notNull().default(''),
    thicknessId: integer('thickness_id').references(() => settings.id, { onDelete: 'restrict' }),
    doorTypeId: integer('door_type_id').references(() => settings.id, { onDelete: 'restrict' }),
    doorTypePrice: money('door_type_price'),
    doorCladdingId: integer('door_cladding_id').references(() => settings.id, { onDelete: 'restrict' }),
    doorCladdingPrice: money('door_cladding_price'),
    hingeSideId: integer('hinge_side_id').references(() => settings.id, { onDelete: 'restrict' }),
    roofColorId: integer('roof_color_id').references(() => settings.id, { onDelete: 'restrict' }),
    sidingColorId: integer('siding_color_id').references(() => settings.id, { onDelete: 'restrict' }),
    /** Free-text door information. */
    doorPlacement: text('door_placement').notNull().default(''),
  },
  (t) => [
    check(
      'order_building_info_building_type_check',
      sql`${t.buildingType} is null or ${inList(t.buildingType, BUILDING_TYPES)}`,
    ),
    index('order_building_info_product_id_idx').on(t.productId),
  ],
);

/** Extra line items of an order: a settings item (additional_item category) or a custom name. */
export const orderAdditionalItems = pgTable(
  'order_additional_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    itemId: integer('item_id').references(() => settings.id, { onDelete: 'restrict' }),
    customItemName: text('custom_item_name').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    price: money('price').notNull().default('0'),
  },
  (t) => [
    check('order_additional_items_quantity_check', sql`${t.quantity} >= 1`),
    index('order_additional_items_order_id_idx').on(t.orderId, t.position),
  ],
);
