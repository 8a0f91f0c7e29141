import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SPREADSHEET_MESSAGES, type SpreadsheetKind } from '@icehouse/domain';
import { isUniqueViolation } from '@icehouse/db';
import { spreadsheetBatches, spreadsheetMappings, spreadsheetUploads, users, type SpreadsheetJournal } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import { changeTransaction, type ChangeTx } from '../../changes';
import type { ChangeDeps, DbDeps } from '../../deps';
import { planComponents } from './component-rows';
import { planCustomers } from './customer-rows';
import { planProducts } from './product-rows';
import { CellErrors, type KindPlan, type MappedRow } from './service-common';
import { loadUpload, mappedRows, resolveMapping, type UploadRow } from './uploads';
import type { batchAnswer, previewAnswer } from './schemas';

/**
 * The preview (every row validated, nothing written) and the import (the same plan, made again in the
 * import's transaction and written only when no row has an error), recorded as a batch.
 */

type PreviewAnswer = z.output<typeof previewAnswer>;

/**
 * Any constant: the advisory lock imports and undos take first, so they run one after another. A name is
 * matched ignoring case by the plan, which two imports made at once would each make without the other's
 * rows (two "Clamp"s differing in case pass the database's unique index).
 */
const IMPORT_LOCK = 4_520_270;

/** Waits for any other import or undo to commit; the plan made after it sees their records. */
export async function lockImports(tx: ChangeTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
}
export type BatchAnswer = z.output<typeof batchAnswer>;

const PLANNERS: Record<SpreadsheetKind, (db: Db, rows: readonly MappedRow[], errors: CellErrors) => Promise<KindPlan>> = {
  customers: planCustomers,
  components: planComponents,
  products: planProducts,
};

async function planUpload(db: Db, upload: UploadRow, mapping: Record<string, string>) {
  const rows = mappedRows(upload, resolveMapping(upload, mapping));
  const errors = new CellErrors();
  const plan = await PLANNERS[upload.kind](db, rows, errors);
  return { rows, errors, plan };
}

export async function previewUpload(deps: DbDeps, id: number, mapping: Record<string, string>): Promise<PreviewAnswer> {
  const upload = await loadUpload(deps.database.db, id);
  const { rows, errors, plan } = await planUpload(deps.database.db, upload, mapping);
  return {
    upload_id: upload.id,
    kind: upload.kind,
    filename: upload.filename,
    row_count: rows.length,
    error_count: errors.count,
    rows_with_errors: errors.byRow.size,
    create_count: plan.created,
    update_count: plan.updated,
    rows: rows.map((r) => ({
      row: r.n,
      values: r.values,
      errors: errors.byRow.get(r.n) ?? {},
      action: errors.byRow.has(r.n) ? null : (plan.actions.get(r.n) ?? null),
    })),
    edits: upload.edits.map(({ row, column, from, to, at }) => ({ row, column, from, to, at })),
  };
}

export function batchView(row: typeof spreadsheetBatches.$inferSelect, username: string | null): BatchAnswer {
  return {
    id: row.id,
    kind: row.kind,
    filename: row.filename,
    row_count: row.rowCount,
    created_count: row.createdCount,
    updated_count: row.updatedCount,
    created_at: row.createdAt.toISOString(),
    created_by: username,
    undone_at: row.undoneAt ? row.undoneAt.toISOString() : null,
  };
}

/**
 * Imports an upload in one transaction: refused (400, nothing written) while any row has an error; the
 * mapping is remembered for the kind, the batch recorded with its journal, the upload removed.
 */
export async function importUpload(
  deps: ChangeDeps,
  user: { id: number; username: string },
  id: number,
  mapping: Record<string, string>,
): Promise<BatchAnswer> {
  try {
    return await changeTransaction(deps, async (tx) => {
      await lockImports(tx);
      const upload = await loadUpload(tx, id, true);
      const { rows, errors, plan } = await planUpload(tx as unknown as Db, upload, mapping);
      if (errors.count > 0) {
        const message = SPREADSHEET_MESSAGES.hasErrors(errors.count);
        throw new AppError('VALIDATION', message, { details: { error_count: errors.count, rows_with_errors: errors.byRow.size } });
      }
      const journal: SpreadsheetJournal = { created: {}, updated: [] };
      await plan.write(tx, journal, user.id);
      await tx
        .insert(spreadsheetMappings)
        .values({ kind: upload.kind, mapping, updatedBy: user.id })
        .onConflictDoUpdate({ target: spreadsheetMappings.kind, set: { mapping, updatedBy: user.id, updatedAt: sql`now()` } });
      const [batch] = await tx
        .insert(spreadsheetBatches)
        .values({
          kind: upload.kind,
          filename: upload.filename,
          rowCount: rows.length,
          createdCount: plan.created,
          updatedCount: plan.updated,
          journal,
          createdBy: user.id,
        })
        .returning();
      await tx.delete(spreadsheetUploads).where(eq(spreadsheetUploads.id, upload.id));
      return batchView(batch!, user.username);
    });
  } catch (error) {
    // Another import or a form created the same name meanwhile: nothing was written; preview again.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', SPREADSHEET_MESSAGES.changedMeanwhile);
    throw error;
  }
}

/** The newest imports, newest first. */
export async function listBatches(deps: DbDeps): Promise<{ results: BatchAnswer[] }> {
  const rows = await deps.database.db
    .select({ batch: spreadsheetBatches, username: users.username })
    .from(spreadsheetBatches)
    .leftJoin(users, eq(users.id, spreadsheetBatches.createdBy))
    .orderBy(desc(spreadsheetBatches.id))
    .limit(20);
  return { results: rows.map((r) => batchView(r.batch, r.username)) };
}

/** The newest batch not undone, locked for its undo. */
export async function lastBatch(db: Db) {
  const [row] = await db
    .select()
    .from(spreadsheetBatches)
    .where(isNull(spreadsheetBatches.undoneAt))
    .orderBy(desc(spreadsheetBatches.id))
    .limit(1)
    .for('update');
  if (!row) throw AppError.notFound(SPREADSHEET_MESSAGES.nothingToUndo);
  return row;
}
