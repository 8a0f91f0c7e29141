import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { CUSTOMER_LINK_DOCUMENTS, STORED_QUOTE_STATUSES, type QuoteOrderFields, type StoredQuoteStatus } from '@icehouse/domain';
import { users } from './auth';
import { customers } from './customers';
import { orders } from './orders';
import { TRGM_INDEX_OPTIONS, inList, money, percent, timestamps, timestamptz } from './_columns';

/**
 * Quotes (decision 160). `fields` holds the order form's fields as validated (the order's own schema),
 * prices included; `subtotal`..`total` and `tax_rate` are the price as last saved (the domain's
 * calculateOrderPrice with the sales tax rate of that save). `quote_number` ('Q-1001') comes from the
 * 'quote_number' sequence only and is never reused (unique, and a deleted draft's number is not handed
 * out again: the sequence never goes back). `status` never holds 'expired': it is computed from
 * `valid_until`. `search` (number and bill-to name) is kept by the app on every write.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    quoteNumber: text('quote_number').notNull().unique('quotes_quote_number_key'),
    status: text('status').$type<StoredQuoteStatus>().notNull().default('draft'),
    date: date('date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The bill-to name, else the ship-to name (the list's Customer column and its search). */
    customerName: text('customer_name').notNull().default(''),
    fields: jsonb('fields').$type<QuoteOrderFields>().notNull(),
    subtotal: money('subtotal').notNull(),
    discountAmount: money('discount_amount').notNull(),
    taxAmount: money('tax_amount').notNull(),
    total: money('total').notNull(),
    taxRate: percent('tax_rate').notNull(),
    /** The order it was converted to. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    convertedAt: timestamptz('converted_at'),
    sentAt: timestamptz('sent_at'),
    acceptedName: text('accepted_name'),
    acceptedAt: timestamptz('accepted_at'),
    acceptedIp: text('accepted_ip'),
    declinedComment: text('declined_comment'),
    declinedAt: timestamptz('declined_at'),
    declinedIp: text('declined_ip'),
    version: integer('version').notNull().default(1),
    ...timestamps(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('quotes_status_check', inList(t.status, STORED_QUOTE_STATUSES)),
    check('quotes_valid_until_check', sql`${t.validUntil} >= ${t.date}`),
    index('quotes_date_id_idx').on(t.date.desc(), t.id.desc()),
    index('quotes_customer_id_idx').on(t.customerId),
    index('quotes_order_id_idx').on(t.orderId),
    index('quotes_customer_name_trgm_idx')
      .using('gin', t.customerName.op('gin_trgm_ops'))
      .with(TRGM_INDEX_OPTIONS),
  ],
);

/**
 * Links that open one document for a customer without a staff account (decision 161). Only the
 * SHA-256 of the token is kept; the token itself is shown once (and put in the email). `entity_type`
 * names the kind of document (quotes now; invoices and statements can follow), `entity_id` its id.
 */
export const customerLinks = pgTable(
  'customer_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entityType: text('entity_type').$type<(typeof CUSTOMER_LINK_DOCUMENTS)[number]>().notNull(),
    entityId: integer('entity_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('customer_links_token_hash_key'),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('customer_links_entity_type_check', inList(t.entityType, CUSTOMER_LINK_DOCUMENTS)),
    index('customer_links_entity_idx').on(t.entityType, t.entityId),
  ],
);

/** Each use of a customer link (view, PDF, accept, decline), logged on its document. */
export const customerLinkEvents = pgTable(
  'customer_link_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    linkId: integer('link_id')
      .notNull()
      .references(() => customerLinks.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').$type<'view' | 'pdf' | 'accept' | 'decline'>().notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    check('customer_link_events_action_check', sql`${t.action} in ('view', 'pdf', 'accept', 'decline')`),
    index('customer_link_events_entity_idx').on(t.entityType, t.entityId, t.id),
    index('customer_link_events_link_idx').on(t.linkId),
  ],
);
