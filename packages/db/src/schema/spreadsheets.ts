import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { SPREADSHEET_KINDS } from '@icehouse/domain';
import { users } from './auth';
import { inList, timestamptz } from './_columns';

/**
 * The spreadsheet import (customers, components, products from CSV or XLSX): the column mapping
 * remembered per kind, each uploaded sheet's cells (kept until imported, so a preview, a cell's
 * correction and the import read the same rows on any instance), and each import as a batch with
 * what undo needs (the ids it created, the values it replaced).
 */

/** The last mapping used for a kind: field name -> the header it was read from. */
export const spreadsheetMappings = pgTable(
  'spreadsheet_mappings',
  {
    kind: text('kind', { enum: SPREADSHEET_KINDS }).primaryKey(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('spreadsheet_mappings_kind_check', inList(t.kind, SPREADSHEET_KINDS))],
);

/** One cell corrected in the preview: where, what it was, what it became, who and when. */
export interface SpreadsheetCellEdit {
  row: number;
  column: string;
  from: string;
  to: string;
  by: number | null;
  at: string;
}

/** A row of an uploaded sheet: its number in the file (the header is row 1) and its cells as text. */
export interface SpreadsheetRow {
  n: number;
  cells: string[];
}

/** An uploaded sheet: its header row and its non-blank rows, numbered as the file numbers them. */
export const spreadsheetUploads = pgTable(
  'spreadsheet_uploads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: SPREADSHEET_KINDS }).notNull(),
    filename: text('filename').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    rows: jsonb('rows').$type<SpreadsheetRow[]>().notNull(),
    edits: jsonb('edits').$type<SpreadsheetCellEdit[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('spreadsheet_uploads_kind_check', inList(t.kind, SPREADSHEET_KINDS))],
);

/**
 * What an import did, for its undo: the rows it created (by table) and the rows it updated with
 * their values before and after (by table, id). Written in the import's transaction.
 */
export interface SpreadsheetJournal {
  created: Record<string, number[]>;
  updated: { table: string; id: number; before: Record<string, unknown>; after: Record<string, unknown> }[];
}

export const spreadsheetBatches = pgTable(
  'spreadsheet_batches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: SPREADSHEET_KINDS }).notNull(),
    filename: text('filename').notNull(),
    rowCount: integer('row_count').notNull(),
    createdCount: integer('created_count').notNull(),
    updatedCount: integer('updated_count').notNull(),
    journal: jsonb('journal').$type<SpreadsheetJournal>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    undoneAt: timestamptz('undone_at'),
    undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('spreadsheet_batches_created_at_idx').on(t.createdAt, t.id),
    check('spreadsheet_batches_kind_check', inList(t.kind, SPREADSHEET_KINDS)),
  ],
);
