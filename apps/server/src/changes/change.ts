import { z } from 'zod';

/**
 * One committed change to a record, as the change feed carries it: `{ entity, id, version, action, by, at }`.
 * Announced by the service that made it, inside its transaction (announce.ts).
 */
export const CHANGE_ENTITIES = ['order', 'invoice', 'bill_of_lading', 'payment', 'customer'] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

/** What happened. Other areas add their own words (e.g. 'paid'); these are the ones used so far. */
export type ChangeAction =
  'created' | 'updated' | 'deleted' | 'status_changed' | 'voided' | 'unvoided' | (string & {});

export interface ChangeInput {
  entity: ChangeEntity;
  id: number;
  /** The record's version after the change (orders, invoices); null where the record has none. */
  version: number | null;
  action: ChangeAction;
  /** The user who made it; null for system work. */
  by: number | null;
}

export interface Change extends ChangeInput {
  /** When it was announced (inside the transaction), ISO 8601. */
  at: string;
}

/** The PostgreSQL NOTIFY channel of the feed (lower case: channel names are identifiers). */
export const CHANGES_CHANNEL = 'icehouse_changes';

export const changeSchema = z.object({
  entity: z.enum(CHANGE_ENTITIES),
  id: z.number().int(),
  version: z.number().int().nullable(),
  action: z.string().min(1).max(40),
  by: z.number().int().nullable(),
  at: z.string(),
});

/** A change as a browser receives it: with the name of who made it. */
export const liveChangeSchema = changeSchema.extend({ by_name: z.string().nullable() });
export type LiveChange = z.output<typeof liveChangeSchema>;

/**
 * One event of the live subscription: a change, or "refetch everything" (the feed may have missed
 * changes: the database connection was lost, or a reconnect could not be resumed).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('change'), change: liveChangeSchema }),
  z.object({ type: z.literal('refetch'), reason: z.enum(['reconnected', 'resume_unavailable']) }),
]);
export type LiveEvent = z.output<typeof liveEventSchema>;
