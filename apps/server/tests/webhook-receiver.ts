import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '@icehouse/db/client';

/** A request the receiver got: the headers and the raw body (what a signature is computed over). */
export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: its status and body, after `afterMs` (a slow endpoint). */
export interface ReceiverAnswer {
  status: number;
  body: string;
  afterMs?: number;
}

/**
 * A real HTTP endpoint in the test's process that webhooks are delivered to, listening on a free port of
 * 127.0.0.1 for the file's tests (started before them, closed after). `answer` decides each reply and
 * records what the test wants to look at.
 */
export function useWebhookReceiver(answer: (request: ReceivedRequest) => ReceiverAnswer): { url: string } {
  const receiver = { url: '' };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const reply = answer({ headers: req.headers, body });
        const send = () => res.writeHead(reply.status).end(reply.body);
        if (reply.afterMs) setTimeout(send, reply.afterMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return receiver;
}

/**
 * No endpoint, delivery or event left from an earlier test. Ids go on from where they were (no restart):
 * a delivery job of an earlier test still queued or retrying must find its row gone, never a later
 * test's delivery that reused its id (that made one delivery's attempts interleave with another's).
 */
export async function clearWebhooks(database: Database): Promise<void> {
  await database.db.execute(
    sql`truncate table webhook_deliveries, webhook_endpoints, integration_events cascade`,
  );
}
