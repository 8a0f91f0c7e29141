import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { customers, orders } from '@icehouse/db/schema';
import { eq } from 'drizzle-orm';
import { orderPayload, useOrdersTestApp } from '../../tests/orders-test-support';
import { announceChange, changeTransaction, coalesce, createChangeAnnouncer, sendBeforeCommit } from './announce';
import { changeRecordReaders } from '../modules/change-records';
import type { ChangeDeps, ChangeSink } from '../deps';
import { createChangeFeed, type ChangeFeed, type FeedEntry } from './feed';

/** Every committed change is announced once, after its commit; nothing else is (no rolled-back write). */
const ctx = useOrdersTestApp();
const log = pino({ level: 'silent' });
let feed: ChangeFeed;
/** The app's own announcer (its sinks), as a service gets it. */
const deps = (): ChangeDeps => ({ database: ctx.database, changes: ctx.app.changes });

/** Every event of the feed, and a way to wait for the next one matching. */
function record(f: ChangeFeed) {
  const seen: FeedEntry[] = [];
  const waiters: { match: (e: FeedEntry) => boolean; resolve: (e: FeedEntry) => void }[] = [];
  const stop = f.subscribe((entry) => {
    seen.push(entry);
    for (const w of [...waiters]) {
      if (!w.match(entry)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(entry);
    }
  });
  const next = (match: (e: FeedEntry) => boolean) =>
    new Promise<FeedEntry>((resolve) => {
      const found = seen.find(match);
      if (found) resolve(found);
      else waiters.push({ match, resolve });
    });
  return { seen, next, stop };
}
const marker = (id: number) => (e: FeedEntry) =>
  e.event.type === 'change' && e.event.change.entity === 'customer' && e.event.change.id === id;

beforeAll(async () => {
  feed = createChangeFeed(ctx.database, log);
  await feed.start();
});
afterAll(async () => {
  await feed?.close();
});

describe('the change feed', () => {
  it('delivers a change only when its transaction commits; a rolled-back one is never announced', async () => {
    const rec = record(feed);
    await changeTransaction(deps(), async (tx) => {
      announceChange(tx, { entity: 'customer', id: 1, version: 1, action: 'created', by: null });
      throw new Error('roll back');
    }).catch(() => undefined);
    let deliveredBeforeCommit = false;
    await changeTransaction(deps(), async (tx) => {
      announceChange(tx, { entity: 'customer', id: 2, version: 3, action: 'updated', by: ctx.staffId });
      // Inside the transaction nothing has been delivered yet.
      await tx.execute(sql`select 1`);
      deliveredBeforeCommit = rec.seen.some(marker(2));
    });
    const entry = await rec.next(marker(2));
    expect(deliveredBeforeCommit).toBe(false);
    // Notifications keep commit order: had the rolled-back one been sent, it would have come first.
    expect(
      rec.seen
        .filter((e) => e.event.type === 'change')
        .map((e) => e.event.type === 'change' && e.event.change.id),
    ).toEqual([2]);
    expect(entry.event).toMatchObject({
      type: 'change',
      byName: 'staff',
      change: { entity: 'customer', id: 2, version: 3, action: 'updated', by: ctx.staffId },
    });
    rec.stop();
  });

  it("runs the instance's sinks in the same transaction: a failing sink rolls the change back", async () => {
    const rec = record(feed);
    const seenBySink: string[] = [];
    const sink: ChangeSink = async (tx, change) => {
      // The sink reads through the change's own transaction.
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(orders);
      seenBySink.push(`${change.entity}:${change.action}:${row!.n}`);
      if (change.id === 13) throw new Error('sink refused');
    };
    // Sinks belong to an announcer (one per app instance), not to the process: this one's sink runs for its changes only.
    const own: ChangeDeps = {
      database: ctx.database,
      changes: createChangeAnnouncer({ database: ctx.database, readers: changeRecordReaders, sinks: [sink] }),
    };
    await expect(
      changeTransaction(own, async (tx) => {
        announceChange(tx, { entity: 'customer', id: 13, version: 1, action: 'created', by: null });
      }),
    ).rejects.toThrow('sink refused');
    await changeTransaction(own, async (tx) =>
      announceChange(tx, { entity: 'customer', id: 14, version: 1, action: 'created', by: null }),
    );
    await changeTransaction(deps(), async (tx) =>
      announceChange(tx, { entity: 'customer', id: 15, version: 1, action: 'created', by: null }),
    );
    await rec.next(marker(15));
    expect(rec.seen.some(marker(13))).toBe(false);
    expect(seenBySink).toEqual(['customer:created:0', 'customer:created:0']);
    rec.stop();
  });

  it('builds the announcement after the last write: a record stated first and written after is announced as committed', async () => {
    const created = await ctx.staff.post('/api/customers/', { name: 'Before' });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const seen: unknown[] = [];
    const own: ChangeDeps = {
      database: ctx.database,
      changes: createChangeAnnouncer({
        database: ctx.database,
        readers: changeRecordReaders,
        sinks: [(_tx, _change, record) => void seen.push(record)],
      }),
    };
    await changeTransaction(own, async (tx) => {
      announceChange(tx, { entity: 'customer', id, action: 'updated', by: null });
      await tx.update(customers).set({ name: 'After' }).where(eq(customers.id, id));
      announceChange(tx, { entity: 'customer', id, action: 'updated', by: null });
    });
    // Once, with the name the transaction committed.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual((await ctx.staff.get(`/api/customers/${id}/`)).json());
    expect(seen[0]).toMatchObject({ name: 'After' });
  });

  it('waits for a write sent before the commit: a failing one rolls everything back and announces nothing', async () => {
    const rec = record(feed);
    const created = await ctx.staff.post('/api/customers/', { name: 'Sent before' });
    const id = (created.json() as { id: number }).id;
    // A write sent without waiting that fails (no such column): the transaction, announcement included, rolls back.
    await expect(
      changeTransaction(deps(), async (tx) => {
        await tx.update(customers).set({ name: 'Rolled back' }).where(eq(customers.id, id));
        sendBeforeCommit(tx, tx.execute(sql`update customers set no_such_column = 1`).execute());
        announceChange(tx, { entity: 'customer', id, action: 'updated', by: null });
      }),
    ).rejects.toThrow(/no_such_column/);
    // One that succeeds is committed with the rest, and the change is announced after it.
    await changeTransaction(deps(), async (tx) => {
      sendBeforeCommit(tx, tx.update(customers).set({ name: 'Committed' }).where(eq(customers.id, id)).execute());
      announceChange(tx, { entity: 'customer', id, action: 'updated', by: null });
    });
    const entry = await rec.next((e) => marker(id)(e) && e.event.type === 'change' && e.event.change.action === 'updated');
    expect(rec.seen.filter(marker(id)).filter((e) => e.event.type === 'change' && e.event.change.action === 'updated')).toEqual([entry]);
    expect((await ctx.staff.get(`/api/customers/${id}/`)).json()).toMatchObject({ name: 'Committed' });
    // A query builder is refused: it would run again each time it is waited for.
    await expect(
      changeTransaction(deps(), async (tx) => sendBeforeCommit(tx, tx.update(customers).set({ name: 'Twice' }) as never)),
    ).rejects.toThrow(/started write/);
    // Outside a change transaction it is refused.
    await expect(
      ctx.database.db.transaction(async (tx) => sendBeforeCommit(tx as never, Promise.resolve())),
    ).rejects.toThrow(/changeTransaction/);
    rec.stop();
  });

  it('refuses a statement outside a change transaction, and coalesces what one transaction states', async () => {
    await expect(
      ctx.database.db.transaction(async (tx) =>
        announceChange(tx as never, { entity: 'customer', id: 1, action: 'updated', by: null }),
      ),
    ).rejects.toThrow(/changeTransaction/);
    const s = (id: number, action: string) => ({ entity: 'order' as const, id, action, by: null });
    expect(
      coalesce([s(1, 'created'), s(1, 'updated'), s(2, 'updated'), s(2, 'status_changed'), s(2, 'updated'), s(3, 'updated'), s(3, 'deleted'), s(4, 'created'), s(4, 'deleted')]).map((c) => `${c.id}:${c.action}`),
    ).toEqual(['1:created', '2:updated', '2:status_changed', '3:deleted']);
  });

  it('the orders service announces create, update, status change and delete with the new version and who', async () => {
    const rec = record(feed);
    const created = (await ctx.staff.post('/api/orders/', orderPayload(ctx.cat))).json() as {
      id: number;
      version: number;
    };
    const updated = await ctx.staff.put(`/api/orders/${created.id}/`, {
      ...orderPayload(ctx.cat),
      version: created.version,
      notes: 'changed',
    });
    expect(updated.statusCode).toBe(200);
    expect((await ctx.staff.post(`/api/orders/${created.id}/void/`, {})).statusCode).toBe(200);
    expect((await ctx.staff.delete(`/api/orders/${created.id}/`)).statusCode).toBe(204);
    const isDeleted = (e: FeedEntry) => e.event.type === 'change' && e.event.change.action === 'deleted';
    await rec.next(isDeleted);
    const changes = rec.seen.flatMap((e) => (e.event.type === 'change' ? [e.event.change] : []));
    expect(changes.map((c) => [c.entity, c.id, c.version, c.action, c.by])).toEqual([
      ['order', created.id, 1, 'created', ctx.staffId],
      ['order', created.id, 2, 'updated', ctx.staffId],
      ['order', created.id, 3, 'voided', ctx.staffId],
      ['order', created.id, 3, 'deleted', ctx.staffId],
    ]);
    const [row] = await ctx.database.db.select().from(orders);
    expect(row).toBeUndefined();
    rec.stop();
  });

  it('resumes from an event id of its ring, and refuses ids of another instance or too old', async () => {
    const small = createChangeFeed(ctx.database, log, { ringSize: 2 });
    await small.start();
    const rec = record(small);
    try {
      for (const id of [21, 22, 23])
        await changeTransaction(deps(), async (tx) =>
          announceChange(tx, { entity: 'customer', id, version: 1, action: 'created', by: null }),
        );
      await rec.next(marker(23));
      const [first, second, third] = rec.seen;
      expect(small.since(second!.id)!.map((e) => e.id)).toEqual([third!.id]);
      expect(small.since(third!.id)).toEqual([]);
      expect(small.since(first!.id)!.map((e) => e.id)).toEqual([second!.id, third!.id]);
      expect(small.since(`${small.instanceId}:0`)).toBeNull(); // fell out of the ring
      expect(small.since(`other:${third!.seq}`)).toBeNull();
      expect(small.since(`${small.instanceId}:99`)).toBeNull();
    } finally {
      rec.stop();
      await small.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: survives the loss of its listening connection and tells clients to refetch',
    async () => {
      const rec = record(feed);
      const killed = await ctx.database.db.execute(
        sql`select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      expect([...(killed as unknown as unknown[])]).toHaveLength(1);
      const refetch = await rec.next((e) => e.event.type === 'refetch');
      expect(refetch.event).toEqual({ type: 'refetch', reason: 'reconnected' });
      await changeTransaction(deps(), async (tx) =>
        announceChange(tx, { entity: 'customer', id: 31, version: 1, action: 'created', by: null }),
      );
      await rec.next(marker(31));
      rec.stop();
    },
  );
});
