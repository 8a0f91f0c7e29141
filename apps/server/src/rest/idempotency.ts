import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@icehouse/domain';
import type { Db } from '@icehouse/db/client';
import { idempotencyKeys } from '@icehouse/db/schema';
import { AppError } from '../errors';

/**
 * Idempotency-Key on the REST layer's POSTs (decision 101), as Stripe and the IETF draft
 * (draft-ietf-httpapi-idempotency-key-header) describe it:
 * - the first request with a key claims it (one INSERT ... ON CONFLICT DO NOTHING: one winner, on every
 *   instance) and does the work; its answer (status, headers, bytes: PDFs included) is stored before it
 *   is sent, and a retry with the same key and the same request gets that answer again, with
 *   `Idempotent-Replayed: true`, for 24 hours;
 * - the same key with another request (method, path or body) is 422;
 * - a retry while the first is still at work waits for its answer (up to `waitMs`), then 409;
 * - only successful (2xx) answers are kept: after a refusal or a failure nothing was done, the key is
 *   released and the request may be sent again.
 * Keys belong to their caller: a user's session (`user:<id>`) or one API token (`token:<id>`).
 */
export const IDEMPOTENCY = {
  header: 'idempotency-key',
  keepHours: 24,
  waitMs: 10_000,
  pollMs: 50,
} as const;

const KEEP = sql.raw(`interval '${IDEMPOTENCY.keepHours} hours'`);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Headers of the answer that are not replayed: the connection's and the session's own. */
const NOT_REPLAYED = new Set([
  'set-cookie',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

export interface IdempotencyClaim {
  owner: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: IdempotencyClaim;
  }
}

/** JSON with sorted keys: the same body however its fields were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(req: FastifyRequest): string {
  return createHash('sha256')
    .update(
      `${req.method} ${req.routeOptions.url ?? ''}\n${canonical(req.params)}\n${canonical(req.body ?? null)}`,
    )
    .digest('hex');
}

function ownerOf(req: FastifyRequest): string | null {
  if (req.auth?.token) return `token:${req.auth.token.id}`;
  if (req.auth) return `user:${req.auth.user.id}`;
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Before an idempotent route's work: false when the work is to be done (no key, or the key is now
 * ours: `req.idempotencyClaim`), true when the stored answer was sent instead (the work must not run).
 * A boolean, not the reply: Fastify's reply is a thenable, so an async function returning it resolves
 * to undefined once it is sent, and the caller would go on to do the work again.
 */
export async function beginIdempotent(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const header = req.headers[IDEMPOTENCY.header];
  if (header === undefined) return false;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header))
    throw new AppError('VALIDATION', MESSAGES.idempotencyKeyInvalid);
  const owner = ownerOf(req);
  if (!owner) return false;
  const hash = requestHash(req);
  const where = and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, header));
  // This caller's keys past 24 hours are forgotten (the same key may then do new work).
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.owner, owner), lt(idempotencyKeys.createdAt, sql`now() - ${KEEP}`)));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ owner, key: header, requestHash: hash })
    .onConflictDoNothing()
    .returning({ owner: idempotencyKeys.owner });
  if (claimed.length > 0) {
    req.idempotencyClaim = { owner, key: header };
    return false;
  }
  const deadline = Date.now() + IDEMPOTENCY.waitMs;
  for (;;) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    // Released meanwhile (the first request failed): this one may claim it.
    if (!row) return beginIdempotent(db, req, reply);
    if (row.requestHash !== hash) throw new AppError('UNPROCESSABLE', MESSAGES.idempotencyKeyReused);
    if (row.state === 'done') {
      for (const [name, value] of Object.entries(row.responseHeaders ?? {})) reply.header(name, value);
      void reply
        .code(row.responseStatus!)
        .header('idempotent-replayed', 'true')
        .send(Buffer.from(row.responseBody ?? new Uint8Array()));
      return true;
    }
    if (Date.now() >= deadline) throw new AppError('CONFLICT', MESSAGES.idempotencyKeyInProgress);
    await sleep(IDEMPOTENCY.pollMs);
  }
}

/**
 * The route's onSend hook: the claimed key keeps a 2xx answer (before it is sent, so a retry that
 * arrives once the client has it finds it), and is released after anything else.
 */
export function finishIdempotent(dbOf: () => Db) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = req.idempotencyClaim;
    if (!claim) return payload;
    req.idempotencyClaim = undefined;
    const where = and(eq(idempotencyKeys.owner, claim.owner), eq(idempotencyKeys.key, claim.key));
    const bytes =
      typeof payload === 'string'
        ? Buffer.from(payload, 'utf8')
        : Buffer.isBuffer(payload)
          ? payload
          : payload == null
            ? Buffer.alloc(0)
            : null;
    const db = dbOf();
    if (reply.statusCode >= 300 || bytes === null) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !NOT_REPLAYED.has(name.toLowerCase()))
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    await db
      .update(idempotencyKeys)
      .set({ state: 'done', responseStatus: reply.statusCode, responseHeaders: headers, responseBody: bytes })
      .where(where);
    return payload;
  };
}

/** A request that ended without an answer (its handler threw past onSend, the client went away): the key is released. */
export function releaseIdempotent(dbOf: () => Db) {
  return async (req: FastifyRequest) => {
    const claim = req.idempotencyClaim;
    if (!claim) return;
    req.idempotencyClaim = undefined;
    await dbOf()
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.owner, claim.owner), eq(idempotencyKeys.key, claim.key)));
  };
}
