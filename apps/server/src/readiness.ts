import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * `/readyz`: whether this process can serve now, for a load balancer's check (deploy/haproxy.cfg).
 * `/healthz` says the process and its database answer; this also asks the blob store, the PDF renderer
 * and the job queue, and answers 503 naming what is not ready. A process told to stop says so here first
 * (`drain`), while it still serves everything else, so the balancer takes it out before it stops answering.
 */
export interface ReadinessChecks {
  /** Each check throws (or answers false) when its part is not ready. */
  database(): Promise<void>;
  blobStore(): Promise<void>;
  pdfRenderer(): boolean;
  queue(): boolean;
}

/** A check that does not answer within this long counts as not ready (a balancer's check times out too). */
const CHECK_TIMEOUT_MS = 3000;

async function answers(check: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The /readyz handler, and `drain(ms)`: from then on /readyz says "shutting down"; it waits `ms`. */
export function readiness(checks: ReadinessChecks) {
  let draining = false;
  const handler = async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.code(503).send({ status: 'shutting down', not_ready: ['shutting down'] });
    const [database, blobStore] = await Promise.all([answers(checks.database), answers(checks.blobStore)]);
    // The names an operator reads; the reasons are in the process's log, not told to anyone who asks.
    const notReady = [
      ...(database ? [] : ['database']),
      ...(blobStore ? [] : ['blob store']),
      ...(checks.pdfRenderer() ? [] : ['PDF renderer']),
      ...(checks.queue() ? [] : ['queue']),
    ];
    if (notReady.length === 0) return reply.code(200).send({ status: 'ready' });
    return reply.code(503).send({ status: 'not ready', not_ready: notReady });
  };
  return {
    handler,
    async drain(ms: number) {
      draining = true;
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}
