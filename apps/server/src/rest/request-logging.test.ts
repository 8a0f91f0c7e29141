import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { AppError } from '../errors';
import { replyWithError } from './error-handler';
import { orderPayload, useOrdersTestApp } from '../../tests/orders-test-support';

/**
 * An ordinary refusal (4xx: a validation failure, "Only pending orders can be voided", a missing record)
 * is logged once at info, saying what was refused, without a stack trace; a server fault (5xx) at error
 * with its stack.
 */
type Line = Record<string, unknown> & { level: number; msg: string };
const lines: Line[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as Line);
    done();
  },
});
const INFO = 30;
const WARN = 40;
const ERROR = 50;
const ctx = useOrdersTestApp({ app: { logger: createLogger('info', false, sink) } });

/** The lines about refusals and faults (not the request start / end lines every request gets). */
const outcomeLines = () => lines.filter((l) => l.msg !== 'incoming request' && l.msg !== 'request completed');
const hasStack = (line: Line) => JSON.stringify(line).includes('"stack"');

beforeEach(() => {
  lines.length = 0;
});

describe('refusals in the log', () => {
  it('a REST or tRPC refusal is one info line with its status and reason, no stack, nothing at warn or error', async () => {
    const order = (await ctx.staff.post('/api/orders/', orderPayload(ctx.cat))).json() as { id: number };
    expect((await ctx.staff.post(`/api/orders/${order.id}/void/`)).statusCode).toBe(200);
    lines.length = 0;
    const again = await ctx.staff.post(`/api/orders/${order.id}/void/`);
    expect(again.statusCode).toBe(400);
    const viaTrpc = await ctx.staff.trpcMutation('orders.void', { id: order.id });
    expect(viaTrpc.statusCode).toBe(400);
    const invalid = await ctx.staff.post('/api/orders/', {});
    expect(invalid.statusCode).toBe(400);
    const missing = await ctx.staff.get('/api/orders/999999/');
    expect(missing.statusCode).toBe(404);

    const outcome = outcomeLines();
    expect(outcome.filter((l) => l.level >= WARN)).toEqual([]);
    expect(outcome.filter(hasStack)).toEqual([]);
    const refused = outcome.filter((l) => l.msg === 'request refused');
    expect(refused).toHaveLength(4);
    expect(refused.every((l) => l.level === INFO)).toBe(true);
    expect(refused[0]).toMatchObject({ status: 400, code: 'VALIDATION', detail: expect.stringMatching(/^Only pending orders can be voided/) });
    expect(refused[1]).toMatchObject({ status: 400, code: 'VALIDATION', procedure: 'orders.void', detail: expect.stringMatching(/^Only pending orders can be voided/) });
    expect(refused[2]).toMatchObject({ status: 400, code: 'VALIDATION', fields: expect.arrayContaining(['status', 'date']) });
    expect(refused[3]).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // Each carries the request's id, so it can be matched with its request lines.
    expect(refused.every((l) => typeof l.reqId === 'string')).toBe(true);
  });
});

describe('the error handler', () => {
  const app = Fastify({ loggerInstance: createLogger('info', false, sink) as FastifyBaseLogger });
  app.setErrorHandler(replyWithError);
  app.get('/conflict', async () => {
    throw new AppError('CONFLICT', 'This order was changed by someone else.');
  });
  // A value PostgreSQL refused (SQLSTATE 22021, a data exception) is the request's fault: a 400.
  app.get('/refused-value', async () => {
    throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  });
  app.get('/fault', async () => {
    throw new Error('a bug');
  });
  app.get('/unavailable', async () => {
    throw new AppError('UNAVAILABLE', 'The database is unavailable right now.');
  });
  afterAll(() => app.close());

  it('logs a 4xx at info without a stack, a 5xx at error with its stack', async () => {
    expect((await app.inject('/conflict')).statusCode).toBe(409);
    expect((await app.inject('/refused-value')).statusCode).toBe(400);
    const fourHundreds = outcomeLines();
    expect(fourHundreds.map((l) => [l.level, l.msg, l.status])).toEqual([
      [INFO, 'request refused', 409],
      [INFO, 'request refused', 400],
    ]);
    expect(fourHundreds.filter(hasStack)).toEqual([]);
    expect(fourHundreds[1]).toMatchObject({ sqlState: '22021' });

    lines.length = 0;
    expect((await app.inject('/fault')).statusCode).toBe(500);
    expect((await app.inject('/unavailable')).statusCode).toBe(503);
    const faults = outcomeLines();
    expect(faults.map((l) => l.level)).toEqual([ERROR, ERROR]);
    expect(faults.every(hasStack)).toBe(true);
  });
});
