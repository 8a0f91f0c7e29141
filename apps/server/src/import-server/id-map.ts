import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { serverImportIds } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';

/**
 * The source-id map (server_import_ids): source record -> record here, with the fingerprint of the
 * source answer it was last made from. Read once per kind of record at the start of its pass; written
 * in the transaction of the record it maps.
 */

export type ImportEntity = 'company' | 'setting' | 'component' | 'product' | 'user' | 'order' | 'invoice' | 'bol';

export interface MappedRecord {
  targetId: number;
  fingerprint: string;
}

/** SHA-256 of a source answer, keys sorted, so the same answer always gives the same fingerprint. */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export async function readIdMap(db: Db, source: string, entity: ImportEntity): Promise<Map<string, MappedRecord>> {
  const rows = await db
    .select({ sourceId: serverImportIds.sourceId, targetId: serverImportIds.targetId, fingerprint: serverImportIds.fingerprint })
    .from(serverImportIds)
    .where(and(eq(serverImportIds.source, source), eq(serverImportIds.entity, entity)));
  return new Map(rows.map((r) => [r.sourceId, { targetId: r.targetId, fingerprint: r.fingerprint }]));
}

/** Records (or moves on) one mapping, in the caller's transaction. */
export async function writeIdMap(
  tx: Db,
  source: string,
  entity: ImportEntity,
  sourceId: string | number,
  mapped: MappedRecord,
): Promise<void> {
  await tx
    .insert(serverImportIds)
    .values({ source, entity, sourceId: String(sourceId), targetId: mapped.targetId, fingerprint: mapped.fingerprint })
    .onConflictDoUpdate({
      target: [serverImportIds.source, serverImportIds.entity, serverImportIds.sourceId],
      set: { targetId: mapped.targetId, fingerprint: mapped.fingerprint, updatedAt: sql`now()` },
    });
}
