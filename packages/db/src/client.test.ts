import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from './testing';
import { rowsOf } from './sequences';

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
