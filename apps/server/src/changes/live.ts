import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { Logger } from 'pino';
import type { Database } from '@icehouse/db/client';
import type { LiveStream, SessionStore, SessionUser } from '../deps';
import { roleMay } from '@icehouse/domain';
import type { Access } from '../operations/define';
import type { ChangeEntity, LiveEvent } from './change';
import { createChangeFeed, type ChangeFeed, type FeedEntry } from './feed';
import { createSessionWatch, type SessionWatch } from './session-watch';

/** Who may read each entity's changes: the access of the operation that reads that record. */
export const ENTITY_READ_ACCESS: Record<ChangeEntity, Exclude<Access, 'public'>> = {
  order: 'work',
  invoice: 'books',
  bill_of_lading: 'work',
  payment: 'books',
  customer: 'prices',
  quote: 'sales',
  deposit: ['sales', 'books'],
  credit_note: 'books',
  stock: 'work',
  purchase_order: ['purchasing', 'receiving'],
};

/** Whether `user`'s role may hear of changes to `entity` (live updates and the change feed). */
export function mayRead(user: SessionUser, entity: ChangeEntity): boolean {
  const access = ENTITY_READ_ACCESS[entity] as Exclude<Access, 'public'> | undefined;
  return access !== undefined && roleMay(user.role, access);
}

/** Events a slow connection may have waiting before they are replaced by one "refetch". */
export const MAX_QUEUED = 500;

/** This instance's live connections: the change feed, the session watch and the open subscriptions. */
export interface LiveHub extends LiveStream {
  feed: ChangeFeed;
  sessions: SessionWatch;
  /** Open subscriptions on this instance. */
  readonly size: number;
  /** Ends every subscription (the server is shutting down) and stops listening. */
  close(): Promise<void>;
}

const toLive = (entry: FeedEntry): LiveEvent =>
  entry.event.type === 'refetch'
    ? { type: 'refetch', reason: entry.event.reason }
    : { type: 'change', change: { ...entry.event.change, by_name: entry.event.byName } };

export function createLiveHub(deps: {
  database: Database;
  log: Logger;
  sessions: Pick<SessionStore, 'stillValid'>;
}): LiveHub {
  const log = deps.log.child({ module: 'live' });
  const feed = createChangeFeed(deps.database, log);
  const sessions = createSessionWatch(deps.sessions, log);
  const open = new Set<() => void>();
  let closed = false;

  async function* events({
    user,
    sessionId,
    lastEventId,
    signal,
  }: Parameters<LiveHub['events']>[0]): AsyncGenerator<TrackedEnvelope<LiveEvent>> {
    if (closed) return;
    await feed.start();
    const queue: FeedEntry[] = [];
    let overflowed = false;
    let ended = false;
    let wake: (() => void) | null = null;
    const notify = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    const end = () => {
      ended = true;
      notify();
    };
    const unsubscribe = feed.subscribe((entry) => {
      if (entry.event.type === 'change' && !mayRead(user, entry.event.change.entity)) return;
      if (queue.length >= MAX_QUEUED) overflowed = true;
      else queue.push(entry);
      notify();
    });
    // Every event after this id reaches the queue (the feed is listening: start() above).
    const subscribedAt = feed.lastId();
    let roleChanged = false;
    const unwatch = sessions.watch(sessionId, user.role, (why) => {
      roleChanged = why === 'role_changed';
      end();
    });
    open.add(end);
    signal?.addEventListener('abort', end, { once: true });
    try {
      let lastSeq = 0;
      if (!lastEventId) {
        // tRPC's own "connected" event goes out before this generator runs: this one tells the client
        // (and tests) that changes from now on will reach it, and gives a reconnect its place (decision 219).
        yield tracked(subscribedAt, { type: 'listening' });
      } else {
        const missed = feed.since(lastEventId);
        if (missed === null) {
          yield tracked(feed.lastId(), { type: 'refetch', reason: 'resume_unavailable' });
        } else {
          for (const entry of missed) {
            if (entry.event.type === 'change' && !mayRead(user, entry.event.change.entity)) continue;
            lastSeq = entry.seq;
            yield tracked(entry.id, toLive(entry));
          }
        }
      }
      while (!ended) {
        if (overflowed) {
          overflowed = false;
          queue.length = 0;
          yield tracked(feed.lastId(), { type: 'refetch', reason: 'resume_unavailable' });
          continue;
        }
        const entry = queue.shift();
        if (entry) {
          if (entry.seq <= lastSeq) continue; // already sent while resuming
          lastSeq = entry.seq;
          yield tracked(entry.id, toLive(entry));
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      // What this user may hear has changed: their screens read everything again, under the new role,
      // and the client's next subscription listens with it.
      if (roleChanged) yield tracked(feed.lastId(), { type: 'refetch', reason: 'role_changed' });
    } finally {
      wake = null;
      signal?.removeEventListener('abort', end);
      open.delete(end);
      unwatch();
      unsubscribe();
    }
  }

  return {
    feed,
    sessions,
    get size() {
      return open.size;
    },
    events,
    async close() {
      if (closed) return;
      closed = true;
      for (const end of [...open]) end();
      sessions.close();
      await feed.close();
    },
  };
}
