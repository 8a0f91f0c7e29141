import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { percent, timestamptz } from './_columns';

/**
 * The company's own details: exactly one row, id 1 (CHECK id = 1). Blank text
 * fields are '' rather than NULL. The remit-to address is printed on invoices;
 * when blank the company address is used.
 */
export const companyInfo = pgTable(
  'company_info',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    phone: text('phone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    salesTaxRate: percent('sales_tax_rate').notNull().default('0'),
    remitPaymentName: text('remit_payment_name').notNull().default(''),
    remitPaymentStreet: text('remit_payment_street').notNull().default(''),
    remitPaymentCity: text('remit_payment_city').notNull().default(''),
    remitPaymentState: text('remit_payment_state').notNull().default(''),
    remitPaymentZipCode: text('remit_payment_zip_code').notNull().default(''),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [check('company_info_single_row', sql`${t.id} = 1`)],
);
