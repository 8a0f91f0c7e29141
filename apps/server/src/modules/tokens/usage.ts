import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@icehouse/db/client';

/** The length of an API token's rate-limit window (authenticate.ts counts requests per window). */
export const RATE_WINDOW_SECONDS = 60;

/**
 * What this instance counted of each token's use since it last wrote to the token's row (decision 100):
 * requests read the row and count here, and `flush` adds the counts and the last use to the rows in one
 * statement about once a second. A request then costs one read, as a cookie session does, instead of a
 * write of a hot row (that write held token requests to ~half the session figure).
 *
 * The window a count belongs to is the row's window as the request saw it (its start), or `NEW` when the
 * row's window was over (the next write starts a new one). A count made in a window that has since
 * ended is dropped: it no longer limits anybody.
 */
const NEW = 'new';

interface Pending {
  /** The row's window start (ms) these requests were counted in, or NEW. */
  window: number | typeof NEW;
  count: number;
  lastUsed: Date;
}

export interface TokenUsage {
  /**
   * Counts one request of the token, made in the row's window `windowStart` (null: the row's window is
   * over), and answers the requests this instance has counted in that window and not yet written.
   */
  count(tokenId: number, windowStart: Date | null, now?: Date): number;
  /** Writes what was counted to the tokens' rows (one statement); the timer calls it every interval. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (the app's close, before the database closes). */
  close(): Promise<void>;
}

export function createTokenUsage(db: Db, log: Logger, intervalMs = 1000): TokenUsage {
  let pending = new Map<number, Pending>();
  // Counts being written: still counted by requests until the write commits.
  let writing = new Map<number, Pending>();
  let flushing: Promise<void> | null = null;

  const unwritten = (id: number, window: Pending['window']): number => {
    const w = writing.get(id);
    return w && (w.window === window || w.window === NEW) ? w.count : 0;
  };

  async function write(batch: Map<number, Pending>): Promise<void> {
    const rows = [...batch].map(
      ([id, p]) => sql`(${id}::int, ${p.count}::int, ${p.lastUsed.toISOString()}::timestamptz)`,
    );
    const restart = sql`t.rate_window_start <= now() - make_interval(secs => ${RATE_WINDOW_SECONDS})`;
    // Like the login throttle, every instance adds to the same row; a row whose window is over starts a
    // new one with these counts. synchronous_commit off: a PostgreSQL crash may lose a second of counts,
    // never a token (decision 100).
    await db.execute(sql`
      update api_tokens as t
      set rate_count = case when ${restart} then u.count else t.rate_count + u.count end,
          rate_window_start = case when ${restart} then now() else t.rate_window_start end,
          last_used_at = greatest(t.last_used_at, u.used)
      from (values ${sql.join(rows, sql`, `)}) as u(id, count, used),
           (select set_config('synchronous_commit', 'off', true)) as no_flush_wait
      where t.id = u.id`);
  }

  async function flush(): Promise<void> {
    // One write at a time; a flush asked for during one waits for it and then writes what came since.
    while (flushing) await flushing;
    if (pending.size === 0) return;
    writing = pending;
    pending = new Map();
    flushing = write(writing)
      .catch((error: unknown) => {
        // The database is away: keep the counts and try again at the next interval.
        log.warn({ err: error }, 'could not write API token usage; retrying');
        for (const [id, w] of writing) {
          const p = pending.get(id);
          if (!p) pending.set(id, w);
          else if (p.window === w.window || w.window === NEW) {
            p.count += w.count;
            if (w.lastUsed > p.lastUsed) p.lastUsed = w.lastUsed;
          }
        }
      })
      .finally(() => {
        writing = new Map();
        flushing = null;
      });
    await flushing;
  }

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    count(tokenId, windowStart, now = new Date()) {
      const window = windowStart ? windowStart.getTime() : NEW;
      const p = pending.get(tokenId);
      if (!p) pending.set(tokenId, { window, count: 1, lastUsed: now });
      else {
        // Counted in a window that is over (the row moved on): those counts limit nobody any more.
        // Counts made while the row had no window belong to the one the row has now.
        if (p.window !== window && p.window !== NEW) p.count = 0;
        p.window = window;
        p.count += 1;
        p.lastUsed = now;
      }
      return pending.get(tokenId)!.count + unwritten(tokenId, window);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
