import { describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { AppError, TRANSACTION_CONFLICT_MESSAGE, databaseAppError } from './errors';

/** A real deadlock between two PostgreSQL transactions that lock two rows in opposite order. */
async function deadlockError(url: string): Promise<unknown> {
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const table = `deadlock_${process.pid}_${Date.now()}`;
    await sql.unsafe(`create table ${table} (id int primary key); insert into ${table} values (1), (2)`);
    const step = (first: number, second: number) =>
      sql.begin(async (tx) => {
        await tx.unsafe(`select 1 from ${table} where id = ${first} for update`);
        await tx.unsafe('select pg_sleep(0.2)');
        await tx.unsafe(`select 1 from ${table} where id = ${second} for update`);
      });
    const results = await Promise.allSettled([step(1, 2), step(2, 1)]);
    await sql.unsafe(`drop table ${table}`);
    return results.find((r) => r.status === 'rejected')?.reason;
  } finally {
    await sql.end();
  }
}

describe('databaseAppError', () => {
  it('maps a serialization failure or deadlock (anywhere in the cause chain) to a 409 conflict that says nothing was saved', () => {
    for (const code of ['40001', '40P01']) {
      const mapped = databaseAppError(new Error('wrapped', { cause: Object.assign(new Error('driver'), { code }) }));
      expect(mapped).toBeInstanceOf(AppError);
      expect(mapped?.code).toBe('CONFLICT');
      expect(mapped?.message).toBe(TRANSACTION_CONFLICT_MESSAGE);
    }
    expect(databaseAppError(Object.assign(new Error('unique'), { code: '23505' }))).toBeNull();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('maps a real PostgreSQL deadlock to CONFLICT', async () => {
    const error = await deadlockError(process.env.TEST_DATABASE_URL!);
    expect((error as { code?: string }).code).toBe('40P01');
    expect(databaseAppError(error)?.code).toBe('CONFLICT');
  });
});

describe('AppError', () => {
  it('keeps a refusal about no field as its message alone: `detail` is never a field', () => {
    const refused = AppError.validation({ detail: ['Set a From address first.'] }, 'Set a From address first.');
    expect(refused.fieldErrors).toBeUndefined();
    expect(refused.message).toBe('Set a From address first.');
    expect(AppError.validation({ detail: ['No SMTP.'] }).message).toBe('No SMTP.');
    // Real fields stay fields.
    expect(AppError.validation({ amount: ['Too much'] }).fieldErrors).toEqual({ amount: ['Too much'] });
  });
});
