import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tests/wait-for-jobs';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { createOrder, invoiceOrder } from '../../../tests/invoices-test-support';

/**
 * The webhook receiver of docs/integrators.md, run exactly as written (copied out of the Markdown into a
 * file, started with node), receiving this app's deliveries: what it prints for each event type.
 */
const DOC = fileURLToPath(new URL('../../../../../docs/integrators.md', import.meta.url));

function receiverExample(): string {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf('```js\n', text.indexOf('A receiver in Node:'));
  expect(start, 'the receiver example in docs/integrators.md').toBeGreaterThan(0);
  return text.slice(start + '```js\n'.length, text.indexOf('\n```', start));
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const ctx = useOrdersTestApp({
  app: {
    jobs: { workers: true, pollingIntervalSeconds: 0.5 },
    webhooks: { allowPrivateTargets: true },
  },
});

let dir = '';
let child: ChildProcess | null = null;
const printed: string[] = [];
afterAll(() => {
  child?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('docs/integrators.md: the webhook receiver example', () => {
  let port = 0;
  let secret = '';
  beforeAll(async () => {
    port = await freePort();
    const hook = await ctx.admin.post('/api/webhooks/', {
      url: `http://127.0.0.1:${port}/`,
      events: ['order.created', 'invoice.created', 'payment.recorded', 'order.deleted'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    secret = hook.json().secret as string;
    dir = mkdtempSync(path.join(tmpdir(), 'receiver-'));
    const file = path.join(dir, 'receiver.mjs');
    writeFileSync(file, receiverExample());
    child = spawn(process.execPath, [file], {
      env: { ...process.env, ICEHOUSE_WEBHOOK_SECRET: secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const lines = out.split('\n');
      out = lines.pop()!;
      printed.push(...lines);
    });
    child.stderr!.on('data', (chunk: Buffer) => printed.push(`stderr: ${chunk.toString('utf8')}`));
    // Listening: a connection is accepted.
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
          socket.on('error', () => resolve(false));
        }),
    );
  });

  it('prints each event with its record, a payment with its id, invoice and amount (never undefined), and accepts the signatures, also after a rotation', async () => {
    const order = await createOrder(ctx);
    const invoice = await invoiceOrder(ctx, order.id);
    const paid = await ctx.staff.post(`/api/invoices/${invoice.id}/payments/`, {
      date: '2026-11-20',
      amount: '250.00',
      method: 'check',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(
      (
        await ctx.admin.post(
          `/api/webhooks/${(await ctx.admin.get('/api/webhooks/')).json()[0].id}/test/`,
          {},
        )
      ).statusCode,
    ).toBe(202);
    await waitFor(() => printed.length >= 4, 20_000);
    const payment = paid.json().payment as { id: number };
    expect(printed.sort()).toEqual(
      [
        `invoice.created ${invoice.id}`,
        `order.created ${order.id}`,
        `payment.recorded ${payment.id} invoice ${invoice.invoice_number} 250.00`,
        'webhook.test A test event from Ice House Order Manager.',
      ].sort(),
    );
    expect(printed.join('\n')).not.toContain('undefined');

    // Rotated: the receiver still holds the old secret and keeps accepting (two signatures, decision 126).
    const hookId = (await ctx.admin.get('/api/webhooks/')).json()[0].id as number;
    expect((await ctx.admin.post(`/api/webhooks/${hookId}/rotate-secret/`, {})).statusCode).toBe(200);
    const other = await createOrder(ctx);
    expect((await ctx.staff.delete(`/api/orders/${other.id}/`)).statusCode).toBe(204);
    await waitFor(() => printed.includes(`order.deleted ${other.id}`), 20_000);
  });
});
