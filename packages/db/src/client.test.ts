import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from './testing';
import { rowsOf } from './sequences';
import { EMBEDDED_SETTINGS } from './pglite-remote';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.database.close();
});

const readDate = async () =>
  rowsOf<{ d: unknown; ts: unknown }>(await t.database.db.execute(sql`select date '2024-06-01' as d, timestamp '2024-06-01 10:00' as ts`))[0];

// PGlite is one connection in the process: there is no pool to replace.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('resetConnections (PostgreSQL)', () => {
  it('answers through the new pool with the types drizzle set up on the first (dates as text)', async () => {
    expect(await readDate()).toEqual({ d: '2024-06-01', ts: '2024-06-01 10:00:00' });
    await t.database.resetConnections!();
    expect(await readDate()).toEqual({ d: '2024-06-01', ts: '2024-06-01 10:00:00' });
    const [row] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select 1 as n`));
    expect(row?.n).toBe(1);
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('the embedded database (PGlite)', () => {
  it("keeps a small page cache and little WAL (decision 257) and tells its thread's memory", async () => {
    const show = async (name: string) => Object.values(rowsOf<Record<string, string>>(await t.database.db.execute(sql.raw(`show ${name}`)))[0]!)[0];
    expect(await show('shared_buffers')).toBe('32MB');
    expect(await show('max_wal_size')).toBe('64MB');
    expect(EMBEDDED_SETTINGS.shared_buffers).toBe('32MB');
    const memory = await t.database.memory!();
    // The page cache is resident in PGlite's WebAssembly memory from the start.
    expect(memory.external).toBeGreaterThan(32 * 2 ** 20);
    expect(memory.heapUsed).toBeGreaterThan(0);
  });
});
