import type { Logger } from 'pino';
import type { SessionStore } from '../deps';

/**
 * Ends long-lived connections whose session has ended (sign-out, deactivation, expiry): one query
 * every CHECK_INTERVAL_MS for all of this instance's open connections, not one per connection.
 */
export const CHECK_INTERVAL_MS = 4000;

export interface SessionWatch {
  /** Watches `sessionId`; `end` is called once when it is no longer valid. Returns the removal. */
  watch(sessionId: string, end: () => void): () => void;
  /** One check now (the timer calls it; tests drive it directly). */
  check(): Promise<void>;
  readonly size: number;
  close(): void;
}

export function createSessionWatch(
  sessions: Pick<SessionStore, 'stillValid'>,
  log: Logger,
  intervalMs = CHECK_INTERVAL_MS,
): SessionWatch {
  const watched = new Map<string, Set<() => void>>();
  let timer: NodeJS.Timeout | null = null;
  let checking: Promise<void> | null = null;
  let closed = false;

  const schedule = () => {
    if (closed || timer || watched.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      void check().finally(schedule);
    }, intervalMs);
    timer.unref();
  };

  async function runCheck() {
    const ids = [...watched.keys()];
    if (ids.length === 0) return;
    let valid: Set<string>;
    try {
      valid = await sessions.stillValid(ids);
    } catch (err) {
      // The database is away: keep the connections (their clients refetch when it is back).
      log.warn({ err }, 'live feed: could not check sessions');
      return;
    }
    for (const id of ids) {
      if (valid.has(id)) continue;
      const ends = watched.get(id);
      watched.delete(id);
      for (const end of ends ?? []) end();
    }
  }

  function check(): Promise<void> {
    checking ??= runCheck().finally(() => {
      checking = null;
    });
    return checking;
  }

  return {
    watch(sessionId, end) {
      let ends = watched.get(sessionId);
      if (!ends) watched.set(sessionId, (ends = new Set()));
      ends.add(end);
      schedule();
      return () => {
        const current = watched.get(sessionId);
        if (!current) return;
        current.delete(end);
        if (current.size === 0) watched.delete(sessionId);
        if (watched.size === 0 && timer) {
          clearTimeout(timer);
          timer = null;
        }
      };
    },
    check,
    get size() {
      return watched.size;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (const ends of watched.values()) for (const end of ends) end();
      watched.clear();
    },
  };
}
