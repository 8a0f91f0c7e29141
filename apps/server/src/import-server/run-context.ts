import type { Db } from '@icehouse/db/client';
import { AppError } from '../errors';
import { fingerprintOf, readIdMap, writeIdMap, type ImportEntity, type MappedRecord } from './id-map';
import { SourceRefused, SourceUnavailable, type SourceClient } from './source';
import { inOneTransaction, type TargetDeps } from './target';

/** What one run did to one kind of record. */
export interface EntityCounts {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

export interface SkippedRecord {
  entity: ImportEntity;
  source_id: string;
  reason: string;
}

export interface Progress {
  entity: ImportEntity;
  done: number;
  total: number;
  counts: Record<ImportEntity, EntityCounts>;
}

/** A record refers to one that was not brought across (it was skipped, or the source lacks it). */
export class MissingReference extends Error {}

const ENTITIES: ImportEntity[] = ['company', 'setting', 'component', 'product', 'user', 'order', 'bol', 'invoice'];

/** Why a record could not be brought across, in words for the report. */
export function reasonOf(error: unknown): string {
  if (error instanceof AppError) {
    const fields = error.fieldErrors ? ` ${JSON.stringify(error.fieldErrors)}` : '';
    return `refused here (${error.code}): ${error.message}${fields}`;
  }
  if (error instanceof SourceUnavailable) return `the source did not answer: ${error.message}`;
  if (error instanceof SourceRefused) return `the source refused: ${error.message}`;
  if (error instanceof MissingReference) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * One import run: the source, the target, the source-id maps read so far, the counts and the skipped
 * records. `step` brings one record across in one transaction with its map row.
 */
export class ImportRun {
  readonly counts = Object.fromEntries(ENTITIES.map((e) => [e, { created: 0, updated: 0, unchanged: 0, skipped: 0 }])) as Record<
    ImportEntity,
    EntityCounts
  >;
  readonly skipped: SkippedRecord[] = [];
  readonly usersNeedingPassword: string[] = [];
  private readonly maps = new Map<ImportEntity, Map<string, MappedRecord>>();
  private progressOf: { entity: ImportEntity; done: number; total: number } | null = null;

  constructor(
    readonly source: SourceClient,
    readonly target: TargetDeps,
    readonly dryRun: boolean,
    private readonly onProgress: (progress: Progress) => void = () => {},
  ) {}

  /** The source's base URL: the map's key, and what history entries name. */
  get from(): string {
    return this.source.base;
  }

  async loadMap(entity: ImportEntity): Promise<Map<string, MappedRecord>> {
    let map = this.maps.get(entity);
    if (!map) {
      map = await readIdMap(this.target.database.db, this.from, entity);
      this.maps.set(entity, map);
    }
    return map;
  }

  mapped(entity: ImportEntity, sourceId: string | number): MappedRecord | undefined {
    return this.maps.get(entity)?.get(String(sourceId));
  }

  /** The id here of a record the source refers to; throws MissingReference when it was not brought across. */
  targetIdOf(entity: ImportEntity, sourceId: string | number | null | undefined): number {
    const found = this.mapped(entity, sourceId ?? '');
    if (sourceId === null || sourceId === undefined || !found) throw new MissingReference(`refers to ${entity} ${String(sourceId)}, which was not imported`);
    return found.targetId;
  }

  /** Starts a pass over `total` records of one kind (for the progress line). */
  async begin(entity: ImportEntity, total: number): Promise<void> {
    await this.loadMap(entity);
    this.progressOf = { entity, done: 0, total };
    this.onProgress({ ...this.progressOf, counts: this.counts });
  }

  /** A record brought across in part: listed with the skipped ones (the report, the exit code), not counted as one. */
  partly(entity: ImportEntity, sourceId: string | number, what: string, error: unknown): void {
    this.skipped.push({ entity, source_id: String(sourceId), reason: `${what}: ${reasonOf(error)}` });
  }

  skip(entity: ImportEntity, sourceId: string | number, error: unknown): void {
    this.counts[entity].skipped++;
    this.skipped.push({ entity, source_id: String(sourceId), reason: reasonOf(error) });
    this.tick(entity);
  }

  /**
   * Brings one source record across: unchanged when its answer's fingerprint is the one mapped;
   * otherwise `apply` creates it (no mapping yet) or updates the record mapped, in one transaction that
   * also writes its map row. A refusal is reported as a skipped record, with the reason.
   */
  async step(
    entity: ImportEntity,
    sourceId: string | number,
    answer: unknown,
    apply: (deps: TargetDeps, mapped: MappedRecord | null, tx: Db) => Promise<number>,
  ): Promise<number | null> {
    const map = await this.loadMap(entity);
    const fingerprint = fingerprintOf(answer);
    const mapped = map.get(String(sourceId)) ?? null;
    if (mapped && mapped.fingerprint === fingerprint) {
      this.counts[entity].unchanged++;
      this.tick(entity);
      return mapped.targetId;
    }
    if (this.dryRun) {
      this.counts[entity][mapped ? 'updated' : 'created']++;
      this.tick(entity);
      return mapped?.targetId ?? null;
    }
    try {
      const targetId = await inOneTransaction(this.target, async (deps, tx) => {
        const id = await apply(deps, mapped, tx);
        await writeIdMap(tx, this.from, entity, sourceId, { targetId: id, fingerprint });
        return id;
      });
      map.set(String(sourceId), { targetId, fingerprint });
      this.counts[entity][mapped ? 'updated' : 'created']++;
      this.tick(entity);
      return targetId;
    } catch (error) {
      this.skip(entity, sourceId, error);
      return null;
    }
  }

  private tick(entity: ImportEntity): void {
    if (this.progressOf?.entity !== entity) return;
    this.progressOf.done++;
    this.onProgress({ ...this.progressOf, counts: this.counts });
  }
}
