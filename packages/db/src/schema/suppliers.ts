import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

/**
 * Whom the shop buys components from. Blank text fields are '' rather than NULL. `version` starts at 1
 * and is bumped by every update (optimistic concurrency, as orders).
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull().unique('suppliers_name_key'),
    contact: text('contact').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    terms: text('terms').notNull().default(''),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [check('suppliers_name_check', sql`btrim(${t.name}) <> ''`)],
);
