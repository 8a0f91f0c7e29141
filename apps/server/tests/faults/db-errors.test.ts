import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createDb } from '@icehouse/db';
import { AppError, databaseAppError, isPostgresClosedSocketWrite } from '../../src/errors';
import { createLogger } from '../../src/logger';
import { buildApp } from '../../src/app';
import { createSessionStore } from '../../src/modules/auth/session';
import { createStandardUsers } from '../users';
import { TcpProxy } from './proxy';
import { throwawayPostgres } from './backup-support';

/**
 * How database failures reach clients and logs: an unreachable database is a 503 with a detail, a
 * value the database refused is a 400, neither shows SQL; logged query errors carry no parameters.
 * (The built server under a real outage, with load: pg-outage.faults.ts.)
 */

const failedQuery = (cause: unknown) => new DrizzleQueryError('select * from "sessions" where "id" = $1', ['SECRET-SESSION-ID'], cause as Error);
const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('database failures as answers', () => {
  it('an unreachable, closed or restarting database is UNAVAILABLE (503)', () => {
    const unreachable = [
      failedQuery(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')),
      failedQuery(withCode('ECONNRESET')),
      failedQuery(withCode('CONNECTION_CLOSED')),
      failedQuery(withCode('CONNECT_TIMEOUT')),
      failedQuery(withCode('57P01', 'terminating connection due to administrator command')),
      failedQuery(withCode('08006')),
      Object.assign(new AggregateError([withCode('ECONNREFUSED')], 'connect failed'), {}),
      failedQuery(new Error('PGlite is closed')),
    ];
    for (const error of unreachable) {
      const mapped = databaseAppError(error);
      expect(mapped, String(error)).toBeInstanceOf(AppError);
      expect(mapped?.code).toBe('UNAVAILABLE');
      expect(mapped?.message).not.toMatch(/select|sessions|SECRET/);
      expect(mapped?.details).toEqual({ reason: 'database_unavailable' });
    }
  });

  it('a value the database refused is a VALIDATION (400); anything else is left alone', () => {
    for (const code of ['22003', '22P02', '22021', '22008', '54000']) expect(databaseAppError(failedQuery(withCode(code)))?.code, code).toBe('VALIDATION');
    expect(databaseAppError(failedQuery(withCode('23505')))).toBeNull();
    expect(databaseAppError(new Error('boom'))).toBeNull();
    expect(databaseAppError(AppError.notFound())).toBeNull();
  });

  it('recognises the postgres-js write-after-close crash, and only it', () => {
    const crash = new TypeError("Cannot read properties of null (reading 'write')");
    crash.stack = `${crash.message}\n    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)`;
    expect(isPostgresClosedSocketWrite(crash)).toBe(true);
    const other = new TypeError("Cannot read properties of null (reading 'write')");
    other.stack = `${other.message}\n    at somewhere (file:///app/src/x.ts:1:1)`;
    expect(isPostgresClosedSocketWrite(other)).toBe(false);
    expect(isPostgresClosedSocketWrite(new Error('x'))).toBe(false);
  });

  it('logs a failed query without its parameters, causes included', () => {
    const lines: string[] = [];
    const log = createLogger('info', false, new Writable({ write: (c: Buffer, _e, done) => (lines.push(c.toString()), done()) }));
    log.error({ err: failedQuery(withCode('ECONNRESET')) }, 'raw');
    log.error({ err: databaseAppError(failedQuery(withCode('ECONNRESET'))) }, 'wrapped');
    log.child({ reqId: 'r1' }).error({ err: new AppError('INTERNAL', 'x', { cause: failedQuery(new Error('y')) }) }, 'child');
    const text = lines.join('');
    expect(lines).toHaveLength(3);
    expect(text).not.toContain('SECRET-SESSION-ID');
    expect(text).toContain('params: [redacted]');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL unreachable under the app (TEST_DATABASE_URL)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers 503 {detail} while the proxy to PostgreSQL is cut, and works again when it is back', async () => {
    const target = await throwawayPostgres(`icehouse_dberrors_${process.pid}`);
    cleanups.push(target.drop);
    const url = new URL(target.url);
    const proxy = new TcpProxy(url.hostname, Number(url.port || 5432));
    await proxy.start();
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(target.url);
    viaProxy.port = String(proxy.port);
    const database = await createDb({ databaseUrl: viaProxy.toString(), poolMax: 2 });
    await database.migrate();
    const { staff } = await createStandardUsers(database);
    const session = await createSessionStore(database.db).create(staff.id);
    const app = await buildApp({ database, logger: pino({ level: 'silent' }), checkAnswers: true });
    cleanups.push(() => app.close());
    const headers = { cookie: `sessionid=${session.id}; csrftoken=${session.csrfToken}`, 'x-csrftoken': session.csrfToken };

    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/orders/by-month/', headers })).statusCode).toBe(200);

    await proxy.cut();
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable' }); // anonymous callers get the status only (decision 031)
    for (const [method, path] of [
      ['GET', '/api/orders/by-month/'],
      ['POST', '/api/orders/'],
      ['GET', '/trpc/orders.byMonth'],
      ['POST', '/api/auth/login/'],
    ] as const) {
      const res = await app.inject({ method, url: path, headers: { ...headers, 'content-type': 'application/json' }, ...(method === 'POST' ? { payload: '{}' } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(503);
      expect(res.json(), `${method} ${path}`).toEqual({ detail: 'The database is unavailable right now. Please try again shortly.', reason: 'database_unavailable' });
    }

    await proxy.restore();
    const back = async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode === 200;
    let ok = false;
    for (let i = 0; i < 100 && !ok; i++) {
      ok = await back();
      if (!ok) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ok).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/orders/by-month/', headers })).statusCode).toBe(200);
  });
});
