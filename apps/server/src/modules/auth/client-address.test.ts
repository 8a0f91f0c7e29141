import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { like } from 'drizzle-orm';
import { loginAttempts } from '@icehouse/db/schema';
import type { Database } from '@icehouse/db/client';
import { createTestApp } from '../../../tests/test-app';
import { TestClient } from '../../../tests/client';
import { loadEnv } from '../../env';

/**
 * The client address that login throttling counts (`ip:<address>`), as TRUST_PROXY decides it. Requests
 * come from 127.0.0.1 (inject's socket); X-Forwarded-For carries a forged address first and the
 * address the proxy saw last, as HAProxy's `option forwardfor` appends it to a header the client sent.
 */
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function addressCounted(trustProxy: boolean | string[]): Promise<string[]> {
  const { app, database } = (await createTestApp({ trustProxy })) as {
    app: FastifyInstance;
    database: Database;
  };
  apps.push(app);
  const client = new TestClient(app);
  const res = await client.post(
    '/api/auth/login/',
    { username: 'nobody-here', password: 'wrong-password' },
    { headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' } },
  );
  expect(res.statusCode).toBe(401);
  const rows = await database.db
    .select({ key: loginAttempts.key })
    .from(loginAttempts)
    .where(like(loginAttempts.key, 'ip:%'));
  return rows.map((r) => r.key);
}

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  it('is the socket address by default: a forged X-Forwarded-For changes nothing', async () => {
    expect(await addressCounted(loadEnv({}).TRUST_PROXY)).toEqual(['ip:127.0.0.1']);
  });

  it("with the proxy's address listed, is the address that proxy saw (the nearest one not listed), never the forged one", async () => {
    expect(await addressCounted(loadEnv({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY)).toEqual([
      'ip:198.51.100.7',
    ]);
    expect(await addressCounted(loadEnv({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY)).toEqual([
      'ip:198.51.100.7',
    ]);
  });

  it('with true, believes every hop (why deploy/haproxy.cfg drops the header the client sent)', async () => {
    expect(await addressCounted(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY)).toEqual(['ip:203.0.113.9']);
  });
});

describe('TRUST_PROXY', () => {
  it('reads booleans, addresses and ranges, and refuses anything else', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'yes' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: ' 172.30.0.10 , fd00::/8,uniquelocal' }).TRUST_PROXY).toEqual([
      '172.30.0.10',
      'fd00::/8',
      'uniquelocal',
    ]);
    for (const bad of ['haproxy', '10.0.0.0/33', '10.0.0.1/8/1', '300.1.1.1', '127.0.0.1, lb.internal']) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
