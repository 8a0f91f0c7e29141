import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_COUNTRY } from '@icehouse/domain';
import { users } from './auth';
import { TRGM_INDEX_OPTIONS, timestamps } from './_columns';

/**
 * Customers (migration 0011_customers). `name` is the billing name; the billing address
 * parts sit beside it in the order address's shape (street, city, state, zip_code, country). Orders
 * and invoices keep their own copies of the addresses: editing a customer never rewrites them.
 * `version` starts at 1 and is bumped by every update (optimistic concurrency).
 *
 * `search` (name, email, phone, city, one line each) is a stored generated column with a trigram
 * index: the list's partial, case-insensitive search. Never written by the app.
 */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    billingStreet: text('billing_street').notNull().default(''),
    billingCity: text('billing_city').notNull().default(''),
    billingState: text('billing_state').notNull().default(''),
    billingZipCode: text('billing_zip_code').notNull().default(''),
    billingCountry: text('billing_country').notNull().default(DEFAULT_COUNTRY),
    notes: text('notes').notNull().default(''),
    /** Payment terms each new invoice takes ("Net 30" sets its due date 30 days on); '' for the default (decision 175). */
    paymentTerms: text('payment_terms').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    search: text('search')
      .notNull()
      .generatedAlwaysAs(sql`"name" || E'\\n' || "email" || E'\\n' || "phone" || E'\\n' || "billing_city"`),
  },
  (t) => [
    index('customers_name_id_idx').on(t.name, t.id),
    index('customers_updated_at_id_idx').on(t.updatedAt, t.id),
    index('customers_search_trgm_idx').using('gin', t.search.op('gin_trgm_ops')).with(TRGM_INDEX_OPTIONS),
  ],
);

/**
 * A customer's named ship-to addresses. At most one `is_default` per customer (a partial unique
 * index); the service keeps exactly one while the customer has any.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    label: text('label').notNull().default(''),
    name: text('name').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    country: text('country').notNull().default(DEFAULT_COUNTRY),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    index('customer_addresses_customer_id_idx').on(t.customerId, t.position),
    uniqueIndex('customer_addresses_one_default_idx')
      .on(t.customerId)
      .where(sql`"is_default"`),
  ],
);
