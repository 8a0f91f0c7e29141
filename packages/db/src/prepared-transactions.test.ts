import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, type Database } from './client';
import { rowsOf } from './sequences';

/**
 * Statements inside a transaction run as the driver's prepared statements (decision 217); outside one
 * they stay unnamed. Read from PostgreSQL's own list of the connection's prepared statements.
 */
const url = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(Boolean(url))('statements in a transaction (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    // One connection: the statements and the list of prepared statements are that connection's.
    database = await createDb({ databaseUrl: url, poolMax: 1 });
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The connection's prepared statements whose text contains `marker`. */
  const preparedWith = async (run: Database['db'], marker: string) =>
    rowsOf<{ statement: string }>(
      await run.execute(sql`select statement from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`),
    ).map((row) => row.statement);

  it('are prepared once per connection and reused: one prepared statement for the same text run three times', async () => {
    const seen = await database.db.transaction(async (tx) => {
      const answers: unknown[] = [];
      for (const n of [1, 2, 3]) answers.push(rowsOf(await tx.execute(sql`select ${n}::int + 0 as in_transaction`))[0]);
      expect(answers).toEqual([{ in_transaction: 1 }, { in_transaction: 2 }, { in_transaction: 3 }]);
      return preparedWith(tx, 'as in_transaction');
    });
    expect(seen).toEqual(['select $1::int + 0 as in_transaction']);
  });

  it('inside a savepoint too, with values typed as before (dates and timestamps as text, numerics as strings)', async () => {
    const [row, seen] = await database.db.transaction((tx) =>
      tx.transaction(async (savepoint) => {
        const [answer] = rowsOf(
          await savepoint.execute(sql`select ${'2024-06-01'}::date as in_savepoint, ${'2024-06-01 10:00'}::timestamp as ts, ${'12.50'}::numeric as amount`),
        );
        return [answer, await preparedWith(savepoint, 'as in_savepoint')] as const;
      }),
    );
    expect(row).toEqual({ in_savepoint: '2024-06-01', ts: '2024-06-01 10:00:00', amount: '12.50' });
    expect(seen).toHaveLength(1);
  });

  it('a query built on the pool runs in the open transaction through onOpenTransaction (it sees the transaction\'s own rows), elsewhere on the pool', async () => {
    // Two connections: a statement that is not routed runs on the one the transaction does not hold.
    const two = await createDb({ databaseUrl: url, poolMax: 2 });
    const table = `routed_${process.pid}_${Date.now()}`;
    try {
      await two.db.execute(sql.raw(`create table ${table} (n int)`));
      const count = async () =>
        rowsOf<{ n: number }>(await two.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where n = ${7}`))[0]!.n;
      const seen = await two.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into ${sql.identifier(table)} values (${7})`);
          const routed = await two.onOpenTransaction!(count);
          const pool = await count();
          throw Object.assign(new Error('roll back'), { seen: { routed, pool } });
        })
        .catch((error: { seen?: { routed: number; pool: number } }) => error.seen);
      // Routed: on the transaction's connection, which sees its uncommitted row; the pool does not.
      expect(seen).toEqual({ routed: 1, pool: 0 });
      // With no transaction open it runs on the pool as usual (the row was rolled back).
      expect(await two.onOpenTransaction!(count)).toBe(0);
    } finally {
      await two.db.execute(sql.raw(`drop table if exists ${table}`));
      await two.close();
    }
  });

  it('are not prepared outside a transaction (their plans stay their own)', async () => {
    expect(rowsOf(await database.db.execute(sql`select ${7}::int + 0 as outside_transaction`))).toEqual([{ outside_transaction: 7 }]);
    expect(await preparedWith(database.db, 'as outside_transaction')).toEqual([]);
  });
});
