import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { BUILDING_TYPES, SETTING_CATEGORIES } from '@icehouse/domain';
import { inList, money } from './_columns';
import { suppliers } from './suppliers';

/** Option lists for the order form (ship via, sizes, door types, ...). */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    category: text('category', { enum: SETTING_CATEGORIES }).notNull(),
    value: text('value').notNull(),
    price: money('price'),
  },
  (t) => [
    unique('settings_category_value_key').on(t.category, t.value),
    check('settings_category_check', inList(t.category, SETTING_CATEGORIES)),
  ],
);

/**
 * Parts products are built from. Price = cost * (1 + markup / 100). `cost` is the moving average of what
 * the parts on the shelf cost (each receipt updates it, decision 260); `last_price` is what the last
 * receipt (or the supplier's quote) charged a unit. The supplier fields say whom purchase orders go to.
 */
export const components = pgTable(
  'components',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull().unique('components_name_key'),
    cost: money('cost').notNull(),
    /** Percent, e.g. '35.00'. */
    markup: numeric('markup', { precision: 7, scale: 2 }).notNull().default('0'),
    preferredSupplierId: integer('preferred_supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    supplierPartNumber: text('supplier_part_number').notNull().default(''),
    lastPrice: money('last_price'),
    leadTimeDays: integer('lead_time_days'),
    /** Purchase quantities are rounded up to a whole number of packs. */
    packSize: integer('pack_size').notNull().default(1),
  },
  (t) => [
    index('components_preferred_supplier_id_idx').on(t.preferredSupplierId),
    check('components_pack_size_check', sql`${t.packSize} >= 1`),
    check('components_lead_time_days_check', sql`${t.leadTimeDays} is null or ${t.leadTimeDays} >= 0`),
    check('components_last_price_check', sql`${t.lastPrice} is null or ${t.lastPrice} >= 0`),
  ],
);

/** Sellable products: simple ones carry a price, the others are built from components. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    description: text('description').notNull(),
    buildingType: text('building_type', { enum: BUILDING_TYPES }).notNull(),
    isSimple: boolean('is_simple').notNull().default(false),
    price: money('price'),
  },
  (t) => [check('products_building_type_check', inList(t.buildingType, BUILDING_TYPES))],
);

/** Components of a non-simple product. A component in use cannot be deleted (RESTRICT). */
export const productComponents = pgTable(
  'product_components',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentId: integer('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    unique('product_components_product_component_key').on(t.productId, t.componentId),
    index('product_components_component_id_idx').on(t.componentId),
    check('product_components_quantity_check', sql`${t.quantity} >= 1`),
  ],
);
