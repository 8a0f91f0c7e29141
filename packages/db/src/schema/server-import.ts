import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

/**
 * The source-id map of an import from a previous server (`npm run import:server`): which record here
 * each source record became. Written in the same transaction as the record it maps, so an import killed
 * at any point leaves a record with its row or neither, and the next run takes up where it stopped.
 * `fingerprint` is the SHA-256 of what the source answered when the record was last brought across: a
 * second run updates only the records whose source answer changed. `target_id` is not a foreign key:
 * one table maps every kind of record (orders, invoices, settings, ...), named by `entity`.
 */
export const serverImportIds = pgTable(
  'server_import_ids',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The source server's base URL, as given to --from (no trailing slash). */
    source: text('source').notNull(),
    entity: text('entity').notNull(),
    sourceId: text('source_id').notNull(),
    targetId: integer('target_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('server_import_ids_source_entity_source_id_key').on(t.source, t.entity, t.sourceId),
    index('server_import_ids_entity_target_id_idx').on(t.entity, t.targetId),
  ],
);
