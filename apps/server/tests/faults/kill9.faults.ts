import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createDb, LOCK_FILE_NAME } from '@icehouse/db';
import { orders } from '@icehouse/db/schema';
import { HttpClient, isAlive, simpleOrder, sleep, startServer, waitFor, type ServerProcess } from './harness';
import { tempDir } from './backup-support';
import { record } from './results';

/**
 * Embedded mode: `kill -9` of the built server in the middle of writes, CYCLES times. Every time the
 * data folder opens again (the lock file left by the dead PID is taken over) and holds every write
 * that was acknowledged (each 2xx create's id is read back after the restart).
 */

const CYCLES = Number(process.env.FAULTS_KILL_CYCLES) || 50;
const WRITERS = 4;

let server: ServerProcess | null = null;
const tmp = tempDir('kill9');
afterAll(async () => {
  await server?.stop('SIGKILL');
  tmp.remove();
});

/** A small seeded random generator (mulberry32): the same kill times on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe(`embedded database: kill -9 during writes, ${CYCLES} times`, () => {
  it('opens again every time and keeps every acknowledged write', async () => {
    const dataDir = path.join(tmp.dir, 'data');
    const next = random(9);
    const acked = new Map<number, string>(); // id -> door number
    let session: HttpClient | null = null;
    let attempted = 0;
    let lostSessions = 0;
    let verified = 0;
    const startedAt = performance.now();

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      // 1. Start on the folder the last server died holding.
      if (cycle > 0) {
        const lock = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
        expect(isAlive(lock.pid), `cycle ${cycle}: the dead server's lock names a live process`).toBe(false);
      }
      server = await startServer({ dataDir, readyTimeoutMs: 60_000 });
      const lockNow = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
      expect(lockNow.pid, `cycle ${cycle}: the new server took the lock over`).toBe(server.pid);

      // 2. Sessions live in the database too: the one from before the crash still works.
      if (session) {
        session = new HttpClient(server.url).copyFrom(session);
        const check = await session.request('GET', '/api/auth/check/');
        if ((check.json as { isAuthenticated?: boolean }).isAuthenticated !== true) {
          lostSessions += 1;
          session = null;
        }
      }
      if (!session) {
        session = new HttpClient(server.url);
        await session.login();
      }

      // 3. Every write acknowledged before the last crash is there.
      const lastCycle = [...acked].filter(([, door]) => door.startsWith(`K${cycle - 1}-`));
      for (const [id, door] of lastCycle) {
        const res = await session.request('GET', `/api/orders/${id}/`);
        expect(res.status, `cycle ${cycle}: order ${id} (${door}) acknowledged before the crash`).toBe(200);
        expect((res.json as { door_number: string }).door_number).toBe(door);
        verified += 1;
      }

      // 4. Writers create orders until the server is killed at a random moment.
      const current = server;
      const client = session;
      let stop = false;
      let killing = false;
      let ackedThisCycle = 0;
      const writer = async (w: number) => {
        for (let n = 0; n < 500 && !stop; n++) {
          const door = `K${cycle}-${w}-${n}`;
          attempted += 1;
          try {
            const res = await client.request('POST', '/api/orders/', simpleOrder(door), { timeoutMs: 10_000 });
            if (res.status === 201) {
              acked.set((res.json as { id: number }).id, door);
              ackedThisCycle += 1;
            }
            else if (res.status >= 500) throw new Error(`a ${res.status} before the crash: ${res.body}`);
          } catch (error) {
            if (!killing) throw error;
            return; // the server is gone: this write was never acknowledged
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      // Killed at a random moment once a few writes went through (however slow the machine is), with more under way.
      await waitFor(() => ackedThisCycle >= 3, 15_000, 5);
      await sleep(Math.floor(next() * 400));
      killing = true;
      const exit = await current.stop('SIGKILL');
      stop = true;
      await Promise.all(writers);
      expect(exit.signal).toBe('SIGKILL');
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME)), 'a killed server leaves its lock file').toBe(true);
      server = null;
    }

    // Finally: open the folder directly (taking the last dead server's lock) and find every acknowledged order.
    const database = await createDb({ dataDir });
    try {
      const ids = [...acked.keys()];
      const found = new Set<number>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids.slice(i, i + 500)));
        for (const row of rows) found.add(row.id);
      }
      const lost = ids.filter((id) => !found.has(id));
      expect(lost, 'acknowledged orders missing after the last crash').toEqual([]);
      record('kill9', {
        cycles: CYCLES,
        writesAttempted: attempted,
        writesAcknowledged: acked.size,
        verifiedAfterRestart: verified + acked.size,
        lost: lost.length,
        sessionsLost: lostSessions,
        seconds: Math.round((performance.now() - startedAt) / 1000),
      });
    } finally {
      await database.close();
    }
    expect(acked.size).toBeGreaterThanOrEqual(CYCLES * 3);
    // 50 restarts take ~5 min on two cores, longer beside the PDF soak that CI runs in the other worker.
  }, 1_200_000);
});
