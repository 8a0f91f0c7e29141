import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import postgres from 'postgres';

/**
 * postgres-js 3.4.9 is patched (patches/postgres+3.4.9.patch): a connection whose socket closed while
 * a write waited for its setImmediate flush kept that write and a dead flush timer, so when it
 * reconnected its startup message was queued behind them and never sent. Each use then ended in
 * CONNECT_TIMEOUT (503s long after an outage, the flaky pg-outage fault test). Real PostgreSQL; the
 * `socket` option only hands the test the connection's socket.
 */
const url = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(Boolean(url))(
  'postgres-js connection whose socket died with a write pending (PostgreSQL)',
  () => {
    let sql: postgres.Sql | null = null;
    afterEach(async () => {
      await sql?.end({ timeout: 1 });
      sql = null;
    });

    it('connects again and answers the next query', async () => {
      const target = new URL(url);
      const port = Number(target.port || 5432);
      let socket: net.Socket | null = null;
      sql = postgres(url, {
        max: 1,
        connect_timeout: 2,
        onnotice: () => {},
        // A postgres-js option its typings leave out.
        ...({ socket: () => (socket = net.connect(port, target.hostname)) } as object),
      });
      await sql`select 1`;

      // libuv runs the close callbacks of one loop turn last-closed first: `other`'s runs before the
      // pool socket's, so the query sent from it is written (its flush deferred to setImmediate) on a
      // connection whose socket is destroyed but not yet seen closed, as when a cut resets every socket.
      const other = net.connect(port, target.hostname);
      await new Promise((resolve, reject) => other.once('connect', resolve).once('error', reject));
      const doomed = new Promise<unknown>((resolve) =>
        other.once('close', () =>
          resolve(
            sql!`select 2 as n`.then(
              () => 'answered',
              (error: { code?: string }) => error.code,
            ),
          ),
        ),
      );
      socket!.destroy();
      other.destroy();
      expect(await doomed).toBe('CONNECTION_CLOSED');

      const [row] = await sql`select 3 as n`;
      expect(row?.n).toBe(3);
    });
  },
);
