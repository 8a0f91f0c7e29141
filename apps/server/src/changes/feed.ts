import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Listening } from '@icehouse/db/client';
import { users } from '@icehouse/db/schema';
import { CHANGES_CHANNEL, changeSchema, type Change } from './change';

/**
 * The change feed of one app instance: listens to the database's NOTIFY channel (one dedicated
 * connection; PGlite: in-process) and hands every committed change to this instance's live
 * subscriptions. It keeps the last RING_SIZE events in memory so a browser that reconnects to the
 * same instance resumes from its last event id (decision 080); anything else gets "refetch".
 */
export type FeedEvent =
  | { type: 'change'; change: Change; byName: string | null }
  | { type: 'refetch'; reason: 'reconnected' | 'resume_unavailable' };

export interface FeedEntry {
  /** `<instance>:<seq>`: the SSE event id (tRPC `tracked()`). */
  id: string;
  seq: number;
  event: FeedEvent;
}

export interface ChangeFeed {
  readonly instanceId: string;
  /** Starts listening (idempotent); the first subscription calls it. */
  start(): Promise<void>;
  /** Each event from now on, in order. Returns the removal. */
  subscribe(listener: (entry: FeedEntry) => void): () => void;
  /**
   * The events after `lastEventId`, or null when they cannot be given (an id of another instance, or
   * older than the ring): the caller then tells its client to refetch.
   */
  since(lastEventId: string): FeedEntry[] | null;
  /** The id of the newest event (or of "nothing yet"). */
  lastId(): string;
  /** Open subscriptions (figures, tests). */
  readonly size: number;
  close(): Promise<void>;
}

export const RING_SIZE = 1000;
const NAME_TTL_MS = 5 * 60_000;

export function createChangeFeed(
  database: Database,
  log: Logger,
  options: { ringSize?: number } = {},
): ChangeFeed {
  const ringSize = options.ringSize ?? RING_SIZE;
  const instanceId = randomBytes(6).toString('base64url');
  const listeners = new Set<(entry: FeedEntry) => void>();
  const ring: FeedEntry[] = [];
  const names = new Map<number, { name: string | null; until: number }>();
  let seq = 0;
  let listening: Promise<Listening> | null = null;
  let closed = false;
  // Notifications are handled one after another, so events keep their commit order.
  let chain: Promise<void> = Promise.resolve();

  const publish = (event: FeedEvent) => {
    seq += 1;
    const entry: FeedEntry = { id: `${instanceId}:${seq}`, seq, event };
    ring.push(entry);
    if (ring.length > ringSize) ring.shift();
    for (const listener of listeners) listener(entry);
  };

  async function nameOf(userId: number): Promise<string | null> {
    const cached = names.get(userId);
    if (cached && cached.until > Date.now()) return cached.name;
    const [row] = await database.db
      .select({ username: users.username })
      .from(users)
      .where(inArray(users.id, [userId]));
    const name = row?.username ?? null;
    if (names.size > 1000) names.clear();
    names.set(userId, { name, until: Date.now() + NAME_TTL_MS });
    return name;
  }

  async function onNotify(payload: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = null;
    }
    const result = changeSchema.safeParse(parsed);
    if (!result.success) {
      log.warn({ payload: payload.slice(0, 200) }, 'change feed: unreadable notification ignored');
      return;
    }
    const change = result.data as Change;
    const byName = change.by === null ? null : await nameOf(change.by).catch(() => null);
    if (!closed) publish({ type: 'change', change, byName });
  }

  return {
    instanceId,
    get size() {
      return listeners.size;
    },
    start() {
      if (closed) return Promise.resolve();
      listening ??= database
        .listen(CHANGES_CHANNEL, {
          onNotify: (payload) => {
            chain = chain
              .then(() => onNotify(payload))
              .catch((err: unknown) => log.error({ err }, 'change feed: notification failed'));
          },
          onListening: ({ reconnected }) => {
            if (!reconnected) return;
            log.info('change feed: listening again; clients refetch');
            chain = chain.then(() => publish({ type: 'refetch', reason: 'reconnected' }));
          },
          onLost: (err) => log.warn({ err }, 'change feed: listening connection lost; reconnecting'),
        })
        .catch((err: unknown) => {
          listening = null;
          throw err;
        });
      return listening.then(() => undefined);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    since(lastEventId) {
      const [instance, seqText] = lastEventId.split(':');
      const after = Number(seqText);
      if (instance !== instanceId || !Number.isInteger(after) || after > seq) return null;
      if (after === seq) return [];
      const first = ring[0];
      // The next event after `after` must still be in the ring.
      if (!first || first.seq > after + 1) return null;
      return ring.filter((entry) => entry.seq > after);
    },
    lastId: () => `${instanceId}:${seq}`,
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      const current = listening;
      listening = null;
      if (current) await current.then((l) => l.close()).catch(() => undefined);
      await chain;
    },
  };
}
