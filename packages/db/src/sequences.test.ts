import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from './testing';
import { bumpSequence, nextNumber, nextNumberString, rowsOf } from './sequences';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.database.close();
});
beforeEach(async () => {
  await t.reset();
});

describe('nextNumber', () => {
  it('starts at the sequence floor and counts up', async () => {
    const { db } = t.database;
    expect(await nextNumber(db, 'door_number')).toBe(1001);
    expect(await nextNumber(db, 'door_number')).toBe(1002);
    expect(await nextNumberString(db, 'door_number')).toBe('1003');
    expect(await nextNumber(db, 'something_else')).toBe(1);
  });

  it('honours a floor above the current value, and never goes back', async () => {
    const { db } = t.database;
    expect(await nextNumber(db, 'bol_number', { floor: 5000 })).toBe(5000);
    expect(await nextNumber(db, 'bol_number', { floor: 10 })).toBe(5001);
    await bumpSequence(db, 'bol_number', 7000);
    expect(await nextNumber(db, 'bol_number')).toBe(7001);
    await bumpSequence(db, 'bol_number', 10);
    expect(await nextNumber(db, 'bol_number')).toBe(7002);
  });

  it('works inside a transaction, and a rolled-back transaction gives its number back', async () => {
    const { db } = t.database;
    await db.transaction(async (tx) => {
      expect(await nextNumber(tx, 'invoice_number')).toBe(1001);
    });
    // The counter is a row, not a PostgreSQL SEQUENCE: the rollback undoes the increment too, so no gap.
    let takenThenRolledBack = 0;
    await expect(
      db.transaction(async (tx) => {
        takenThenRolledBack = await nextNumber(tx, 'invoice_number');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(takenThenRolledBack).toBe(1002);
    expect(await nextNumber(db, 'invoice_number')).toBe(1002);
  });

  it('hands 50 concurrent transactions 50 distinct numbers', async () => {
    const { db } = t.database;
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction(async (tx) => {
          const n = await nextNumber(tx, 'door_number');
          // hold the row lock a little while other transactions queue on it
          await tx.execute(sql`select 1`);
          return n;
        }),
      ),
    );
    expect(new Set(numbers).size).toBe(50);
    expect(Math.min(...numbers)).toBe(1001);
    expect(Math.max(...numbers)).toBe(1050);
    const row = rowsOf<{ last_value: string | number }>(
      await db.execute(sql`select last_value from number_sequences where name = 'door_number'`),
    )[0];
    expect(Number(row?.last_value)).toBe(1050);
  });
});
