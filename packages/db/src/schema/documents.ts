import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamptz } from './_columns';

/**
 * Every invoice, bill of lading and order print produced (decision 061): immutable rows, the bytes in
 * the blob store under `sha256`. `record_id` is the invoice's id (kind 'invoice') or the order's
 * ('bol', 'order_print', 'build_sheet'); `version` counts 1, 2... per record and kind; `source_hash` is the SHA-256
 * of the exact HTML the PDF was rendered from: the same hash again is served from here, no browser.
 */
export const archivedDocuments = pgTable(
  'archived_documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind')
      .$type<'invoice' | 'bol' | 'order_print' | 'build_sheet' | 'quote' | 'credit_note' | 'statement' | 'purchase_order'>()
      .notNull(),
    recordId: integer('record_id').notNull(),
    version: integer('version').notNull(),
    /** The invoice's own version when rendered (invoices only). */
    recordVersion: integer('record_version'),
    sourceHash: text('source_hash').notNull(),
    /**
     * The key of the data and code the document was made of (invoices: invoiceSourceKey); a download whose
     * key is this one serves the stored bytes without building the HTML. NULL: not known (hash only).
     */
    sourceKey: text('source_key'),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    filename: text('filename').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('archived_documents_version_key').on(t.kind, t.recordId, t.version),
    check(
      'archived_documents_kind_check',
      sql`${t.kind} IN ('invoice', 'bol', 'order_print', 'build_sheet', 'quote', 'credit_note', 'statement', 'purchase_order')`,
    ),
    index('archived_documents_sha256_idx').on(t.sha256),
  ],
);

export type EmailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'not_sent';

/** Emails of invoices and bills of lading (decision 062): the sent log, one row per message. */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').$type<'invoice' | 'bol' | 'quote' | 'credit_note' | 'statement' | 'purchase_order'>().notNull(),
    /** The invoice's id ('invoice') or the order's ('bol'). */
    recordId: integer('record_id').notNull(),
    toAddresses: jsonb('to_addresses').$type<string[]>().notNull(),
    ccAddresses: jsonb('cc_addresses').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Our Message-ID header, fixed when queued: every attempt sends the same one. */
    messageId: text('message_id').notNull().unique('email_messages_message_id_key'),
    status: text('status').$type<EmailStatus>().notNull().default('queued'),
    /** The archived PDF attached (set by the job when it attaches it). */
    documentId: integer('document_id').references(() => archivedDocuments.id),
    jobId: text('job_id'),
    attempts: integer('attempts').notNull().default(0),
    /** The SMTP server's answer to the message (e.g. `250 2.0.0 Ok: queued as 4F2...`). */
    serverResponse: text('server_response').notNull().default(''),
    error: text('error').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    check(
      'email_messages_kind_check',
      sql`${t.kind} IN ('invoice', 'bol', 'quote', 'credit_note', 'statement', 'purchase_order')`,
    ),
    check(
      'email_messages_status_check',
      sql`${t.status} IN ('queued', 'sending', 'sent', 'failed', 'not_sent')`,
    ),
    index('email_messages_record_idx').on(t.kind, t.recordId, t.id),
  ],
);
