import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { createDb } from '@icehouse/db/client';
import { orderPayload, useOrdersTestApp } from '../../../tests/orders-test-support';
import { createOrder } from '../orders/order-write';
import { announceChange, changeTransaction } from '../../changes';
import type { ChangeDeps } from '../../deps';
import { testDatabaseUrl, waitFor } from '../../../tests/wait-for-jobs';

/**
 * The event log's lock (decision 102) is held only while PostgreSQL runs the event's insert and the commit:
 * the commit is already on its way with the insert (decision 226), so a save whose process is busy
 * elsewhere does not keep every other save waiting. PostgreSQL only: PGlite has one connection.
 */
const ctx = useOrdersTestApp();

/**
 * Run in another process, so that it goes on while this one's event loop is blocked: ends the lock holder's
 * session, then watches for the save's row (`check`, with its one parameter).
 */
const OTHER_PROCESS = `
import postgres from 'postgres';
const [url, holderPid, check, param] = process.argv.slice(1);
const sql = postgres(url, { max: 1, onnotice: () => {} });
await sql\`select pg_terminate_backend(\${Number(holderPid)})\`;
let committed = false;
for (let i = 0; i < 200 && !committed; i++) {
  committed = (await sql.unsafe(check, [param])).length > 0;
  if (!committed) await new Promise((resolve) => setTimeout(resolve, 100));
}
await sql.end();
process.stdout.write(committed ? 'committed' : 'not committed');
`;

/** Blocks this process's event loop while another one ends the holder's session and watches for the commit. */
const commitsWhileBlocked = (url: string, holderPid: number, check: string, param: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', OTHER_PROCESS, url, String(holderPid), check, param], {
    encoding: 'utf8',
    cwd: import.meta.dirname,
  });

describe.runIf(testDatabaseUrl())('the event log lock', () => {
  it('a save waiting for the lock commits as soon as it gets it, without its process sending anything more', async () => {
    const url = (await testDatabaseUrl(ctx.database))!;
    // One connection, so that the warm-up has prepared the statements the save then sends (a statement's
    // first use on a connection waits for its description before anything after it is sent).
    const database = await createDb({ databaseUrl: url, poolMax: 1 });
    const deps: ChangeDeps = { database, changes: ctx.app.changes };
    const save = (name: string) =>
      changeTransaction(deps, async (tx) =>
        announceChange(tx, { entity: 'customer', id: 1, version: 1, action: 'created', by: null, record: { id: 1, name } }),
      );
    const holder = postgres(url, { max: 1, onnotice: () => {} });
    let saving: Promise<void> | null = null;
    try {
      await save('Warm-up');
      const [held] = await holder<{ pid: number }[]>`select pg_backend_pid() as pid, pg_advisory_lock(8180018)`;
      const name = `Lock test ${Date.now()}`;
      saving = save(name);
      // The save is at the event's insert, waiting for the lock another session holds.
      await waitFor(
        async () => (await holder`select 1 from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'`).length > 0,
        20_000,
      );
      // This process stops (its event loop blocked) while another one ends the lock's session and watches
      // for the event: it commits with nothing more sent from here.
      const outcome = commitsWhileBlocked(url, held!.pid, `select 1 from integration_events where type = 'customer.created' and data->>'name' = $1`, name);
      expect(outcome).toBe('committed');
      await saving;
    } finally {
      await holder.end().catch(() => undefined);
      await saving?.catch(() => undefined);
      await database.close();
    }
  });
});

describe.runIf(testDatabaseUrl())('the door-number sequence', () => {
  it('a create waiting for the sequence row commits as soon as it gets it, without its process sending anything more (decision 229)', async () => {
    const url = (await testDatabaseUrl(ctx.database))!;
    // One connection, warmed up: see the event log's test above.
    const database = await createDb({ databaseUrl: url, poolMax: 1 });
    const deps: ChangeDeps = { database, changes: ctx.app.changes };
    const holder = postgres(url, { max: 2, onnotice: () => {} });
    let saving: Promise<unknown> | null = null;
    try {
      await createOrder(deps, null, orderPayload(ctx.cat, { door_number: '880001' }));
      // Another transaction holding the sequence's row (as a save's end does while PostgreSQL runs it).
      const held = await holder.reserve();
      await held`begin`;
      const [holding] = await held<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await held`update number_sequences set last_value = last_value where name = 'door_number'`;
      saving = createOrder(deps, null, orderPayload(ctx.cat, { door_number: '880002' }));
      await waitFor(
        async () =>
          (await holder`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into "number_sequences"%'`).length > 0,
        20_000,
      );
      expect(commitsWhileBlocked(url, holding!.pid, 'select 1 from orders where door_number = $1', '880002')).toBe('committed');
      await saving;
      expect((await ctx.staff.get('/api/orders/get-next-door-number/')).json()).toEqual({ door_number: '880003' });
    } finally {
      await holder.end().catch(() => undefined);
      await saving?.catch(() => undefined);
      await database.close();
    }
  });
});

describe.runIf(testDatabaseUrl())('the webhook endpoints', () => {
  it('are read as the transaction opens, with its first statements: one registered during a save gets the next (decision 228)', async () => {
    const other = postgres((await testDatabaseUrl(ctx.database))!, { max: 1, onnotice: () => {} });
    const deps: ChangeDeps = { database: ctx.database, changes: ctx.app.changes };
    const deliveriesTo = async (endpointId: number) =>
      (await other`select 1 from webhook_deliveries where endpoint_id = ${endpointId}`).length;
    let endpointId = 0;
    try {
      await changeTransaction(deps, async (tx) => {
        // Committed by another session after this transaction opened, before it announces anything.
        const [endpoint] = await other<{ id: number }[]>`insert into webhook_endpoints (url, events, secret)
          values ('http://127.0.0.1:9/', '{customer.created}', 'whsec_test') returning id`;
        endpointId = endpoint!.id;
        announceChange(tx, { entity: 'customer', id: 1, version: 1, action: 'created', by: null, record: { id: 1, name: 'During' } });
      });
      expect(await deliveriesTo(endpointId)).toBe(0);
      await changeTransaction(deps, async (tx) =>
        announceChange(tx, { entity: 'customer', id: 2, version: 1, action: 'created', by: null, record: { id: 2, name: 'After' } }),
      );
      expect(await deliveriesTo(endpointId)).toBe(1);
    } finally {
      await other`delete from webhook_endpoints where id = ${endpointId}`;
      await other.end();
    }
  });
});
