import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '@icehouse/db/client';
import { apiTokens, users } from '@icehouse/db/schema';
import { openTestDatabase } from '@icehouse/db/testing';
import { createTokenUsage } from './usage';
import { hashTokenKey } from './keys';

/** Decision 100: token requests are counted in memory and written to the token's row about once a second. */
let database: Database;
let tokenId: number;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = (await openTestDatabase()).database;
  const [user] = await database.db
    .insert(users)
    .values({ username: 'sync', email: 'sync@example.com', passwordHash: 'x' })
    .returning({ id: users.id });
  const [token] = await database.db
    .insert(apiTokens)
    .values({ userId: user!.id, name: 'Sync', scope: 'read', keyHash: hashTokenKey('k'), keyPrefix: 'ihk_k' })
    .returning({ id: apiTokens.id });
  tokenId = token!.id;
});
afterAll(async () => {
  await database?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const row = async () =>
  (await database.db.select().from(apiTokens).where(eq(apiTokens.id, tokenId)))[0]!;

const windowStart = async () => (await row()).rateWindowStart;

describe('API token usage', () => {
  it('two instances add their counts to the same row; each answers its own unwritten count', async () => {
    await database.db
      .update(apiTokens)
      .set({ rateCount: 0, rateWindowStart: sql`now()`, lastUsedAt: null })
      .where(eq(apiTokens.id, tokenId));
    const a = createTokenUsage(database.db, log);
    const b = createTokenUsage(database.db, log);
    const start = await windowStart();
    const used = new Date(Date.now() - 5_000);
    expect(a.count(tokenId, start, used)).toBe(1);
    expect(a.count(tokenId, start, used)).toBe(2);
    expect(b.count(tokenId, start, used)).toBe(1);
    expect((await row()).rateCount).toBe(0);
    await Promise.all([a.close(), b.close()]);
    const after = await row();
    expect(after.rateCount).toBe(3);
    expect(after.lastUsedAt?.getTime()).toBe(used.getTime());
    // Written counts are the row's now: the instance starts again from zero.
    const c = createTokenUsage(database.db, log);
    expect(c.count(tokenId, start)).toBe(1);
    await c.close();
    expect((await row()).rateCount).toBe(4);
  });

  it("a row whose window is over starts a new one with the counts; counts of an ended window are dropped", async () => {
    await database.db
      .update(apiTokens)
      .set({ rateCount: 500, rateWindowStart: sql`now() - interval '61 seconds'` })
      .where(eq(apiTokens.id, tokenId));
    const old = await windowStart();
    const usage = createTokenUsage(database.db, log);
    // Counted in the old window, then the row's window is seen to be over: those counts limit nobody.
    usage.count(tokenId, old);
    usage.count(tokenId, old);
    expect(usage.count(tokenId, null)).toBe(1);
    expect(usage.count(tokenId, null)).toBe(2);
    await usage.close();
    const after = await row();
    expect(after.rateCount).toBe(2);
    expect(after.rateWindowStart.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('writes by itself every interval, and keeps the counts when the write fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await database.db
      .update(apiTokens)
      .set({ rateCount: 0, rateWindowStart: sql`now()` })
      .where(eq(apiTokens.id, tokenId));
    const start = await windowStart();
    const usage = createTokenUsage(database.db, log, 1000);
    usage.count(tokenId, start);
    vi.advanceTimersByTime(999);
    expect((await row()).rateCount).toBe(0);
    vi.advanceTimersByTime(1);
    // The timer's write is under way; the count is still answered until it commits.
    expect(usage.count(tokenId, start)).toBe(2);
    await vi.waitFor(async () => expect((await row()).rateCount).toBe(1), { timeout: 10_000 });
    await usage.close();
    expect((await row()).rateCount).toBe(2);

    // A database that is gone: the write fails, the counts stay and still count against the limit.
    const gone = (await openTestDatabase()).database;
    await gone.close();
    const failing = createTokenUsage(gone.db, log);
    failing.count(tokenId, start);
    await failing.flush();
    expect(failing.count(tokenId, start)).toBe(2);
    await failing.close();
  });
});
