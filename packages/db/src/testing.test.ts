import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from './testing';
import { rowsOf } from './sequences';
import type { Database } from './client';

/**
 * A test database handed from one test file to the next (`reuse`, PGlite): the next one finds no rows and
 * the default session settings, and the handle closed before refuses everything and hears nothing more.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

async function open(): Promise<Database> {
  const { database } = await openTestDatabase({ reuse: true });
  opened.push(database);
  return database;
}

const countOf = async (database: Database) =>
  Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from customers`))[0]!.n);

const timeZoneOf = async (database: Database) =>
  rowsOf<{ TimeZone: string }>(await database.db.execute(sql`show timezone`))[0]!.TimeZone;

describe.skipIf(onPostgres)('a reused embedded test database', () => {
  it('comes to the next file empty, with its session reset, and the closed handle refuses and hears nothing', async () => {
    const first = await open();
    const defaultZone = await timeZoneOf(first);
    await first.db.execute(sql`insert into customers (name) values ('Reuse Test Co')`);
    await first.db.execute(sql`set timezone = 'Pacific/Auckland'`);
    // Outside the app's tables: not emptied, so it marks the instance.
    await first.db.execute(sql`create sequence reuse_marker`);
    expect(await countOf(first)).toBe(1);
    const heard: string[] = [];
    await first.listen('reuse_test', { onNotify: (payload) => heard.push(payload) });
    await first.close();

    const refused = await first.db.execute(sql`select 1`).then(
      () => null,
      (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
    );
    expect(refused).toBe('The embedded database is closed');

    const second = await open();
    expect(await countOf(second)).toBe(0);
    const marker = rowsOf<{ found: string | null }>(await second.db.execute(sql`select to_regclass('reuse_marker')::text as found`));
    expect(marker[0]!.found, 'the same instance, handed over').toBe('reuse_marker');
    expect(await timeZoneOf(second)).toBe(defaultZone);
    await second.db.execute(sql`select pg_notify('reuse_test', 'after')`);
    const mine: string[] = [];
    await second.listen('reuse_test', { onNotify: (payload) => mine.push(payload) });
    await second.db.execute(sql`select pg_notify('reuse_test', 'mine')`);
    await expect.poll(() => mine).toEqual(['mine']);
    expect(heard).toEqual([]);
  });

  it('is a new instance when the last one was left inside an open transaction', async () => {
    const first = await open();
    await first.db.execute(sql`insert into customers (name) values ('Before Co')`);
    let leave: () => void = () => {};
    const left = new Promise<void>((resolve) => (leave = resolve));
    let inside: () => void = () => {};
    const wentIn = new Promise<void>((resolve) => (inside = resolve));
    const open_ = first.db.transaction(async (tx) => {
      await tx.execute(sql`insert into customers (name) values ('Left Open Co')`);
      inside();
      await left;
    });
    await wentIn;
    await first.close();
    const second = await open();
    expect(await countOf(second)).toBe(0);
    leave();
    await open_.catch(() => undefined);
    await second.db.execute(sql`insert into customers (name) values ('After Co')`);
    expect(await countOf(second)).toBe(1);
  });
});
