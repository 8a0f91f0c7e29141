import type { Logger } from 'pino';
import type { Role } from '@icehouse/domain';
import type { SessionStore } from '../deps';

/**
 * Ends long-lived connections whose session has ended (sign-out, deactivation, expiry) or whose user's
 * role has changed since they opened (what they may hear has changed): one query every
 * CHECK_INTERVAL_MS for all of this instance's open connections, not one per connection.
 */
export const CHECK_INTERVAL_MS = 4000;

/** Why a watched connection ends. */
export type WatchEnd = 'session_ended' | 'role_changed';

export interface SessionWatch {
  /**
   * Watches `sessionId`, opened with `role`; `end` is called once when the session is no longer valid or
   * its user's role is no longer `role`. Returns the removal.
   */
  watch(sessionId: string, role: Role, end: (why: WatchEnd) => void): () => void;
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
  type Watcher = { role: Role; end: (why: WatchEnd) => void };
  const watched = new Map<string, Set<Watcher>>();
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
    let valid: Map<string, Role>;
    try {
      valid = await sessions.stillValid(ids);
    } catch (err) {
      // The database is away: keep the connections (their clients refetch when it is back).
      log.warn({ err }, 'live feed: could not check sessions');
      return;
    }
    for (const id of ids) {
      const role = valid.get(id);
      const watchers = watched.get(id);
      if (!watchers) continue;
      for (const watcher of [...watchers]) {
        if (role === watcher.role) continue;
        watchers.delete(watcher);
        watcher.end(role === undefined ? 'session_ended' : 'role_changed');
      }
      if (watchers.size === 0) watched.delete(id);
    }
  }

  function check(): Promise<void> {
    checking ??= runCheck().finally(() => {
      checking = null;
    });
    return checking;
  }

  return {
    watch(sessionId, role, end) {
      let watchers = watched.get(sessionId);
      if (!watchers) watched.set(sessionId, (watchers = new Set()));
      const watcher: Watcher = { role, end };
      watchers.add(watcher);
      schedule();
      return () => {
        const current = watched.get(sessionId);
        if (!current) return;
        current.delete(watcher);
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
      for (const watchers of watched.values()) for (const watcher of watchers) watcher.end('session_ended');
      watched.clear();
    },
  };
}
