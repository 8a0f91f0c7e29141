import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { createDb } from '@icehouse/db/client';
import { webhookDeliveries } from '@icehouse/db/schema';
import { buildApp } from '../../app';
import { testDatabaseUrl, waitFor } from '../../../tests/wait-for-jobs';
import { orderPayload, useOrdersTestApp } from '../../../tests/orders-test-support';

/**
 * kill -9 during a webhook delivery (PostgreSQL only: PGlite is one process). The instance
 * delivering is killed while the receiver holds its POST; another instance delivers the event again,
 * and the receiver sees the same webhook-id twice (at least once, decision 103).
 */

interface Seen {
  id: string;
  body: { type: string; data: { id: number } };
}
const seen: Seen[] = [];
let holdNext = true;
let receiver: http.Server;
let receiverUrl = '';
let child: ChildProcess | null = null;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ id: String(req.headers['webhook-id']), body: JSON.parse(body) as Seen['body'] });
      // The first POST is never answered: its sender dies waiting.
      if (holdNext) return void (holdNext = false);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  child?.kill('SIGKILL');
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const ctx = useOrdersTestApp({ app: { webhooks: { allowPrivateTargets: true } } });

describe.skipIf(!testDatabaseUrl())('a server killed during a webhook delivery', () => {
  it('another instance delivers the event again, with the same webhook-id', async () => {
    const url = (await testDatabaseUrl(ctx.database))!;
    const hook = await ctx.admin.post('/api/webhooks/', { url: receiverUrl, events: ['order.created'] });
    expect(hook.statusCode, hook.body).toBe(201);

    const script = fileURLToPath(new URL('../../../tests/fixtures/webhook-worker-child.ts', import.meta.url));
    child = fork(script, [url], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
    const messages: string[] = [];
    child.on('message', (m) => messages.push(String(m)));
    await waitFor(() => messages.includes('ready'), 60_000);

    const created = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: 'K-9' }));
    expect(created.statusCode, created.body).toBe(201);
    await waitFor(() => seen.length === 1, 60_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    const delivery = async () => (await ctx.database.db.select().from(webhookDeliveries))[0]!;
    expect(await delivery()).toMatchObject({ state: 'pending', attempts: 0 });

    // Another instance. The dead worker's job expires (made due now instead of in 60 s), is retried, and delivered.
    const other = await buildApp({
      database: await createDb({ databaseUrl: url }),
      logger: pino({ level: 'silent' }),
      webhooks: { allowPrivateTargets: true },
      jobs: { workers: true, pollingIntervalSeconds: 0.5 },
    });
    try {
      await ctx.database.db.execute(
        sql`update pgboss.job set started_on = now() - interval '1 hour' where name = 'deliver-webhook' and state = 'active'`,
      );
      await other.jobs.maintain();
      await ctx.database.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'deliver-webhook' and state = 'retry'`,
      );
      await waitFor(async () => (await delivery()).state === 'delivered', 60_000);
    } finally {
      await other.close();
    }
    expect(seen).toHaveLength(2);
    expect(seen[1]!.id).toBe(seen[0]!.id);
    expect(seen.map((s) => [s.body.type, s.body.data.id])).toEqual([
      ['order.created', created.json().id],
      ['order.created', created.json().id],
    ]);
    const [row] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.state, 'delivered'));
    expect(row).toMatchObject({ attempts: 1, lastStatus: 204 });
  });
});
