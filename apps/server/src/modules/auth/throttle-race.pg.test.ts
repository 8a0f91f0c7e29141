import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createDb, type Database } from '@icehouse/db/client';
import { loginAttempts } from '@icehouse/db/schema';
import { testDatabaseName } from '@icehouse/db/testing';
import { buildApp } from '../../app';
import { createTestApp } from '../../../tests/test-app';
import { TestClient } from '../../../tests/client';
import { PASSWORD, createStandardUsers } from '../../../tests/users';
import { THROTTLE, accountKey, addressKey } from './throttle';

/**
 * The lockout must hold when the attempts come all at once: a password is checked only for an
 * attempt counted within the limit. Each 401 below is one password actually checked.
 * PostgreSQL only (a `.pg.test.ts` file, skipped on PGlite): PGlite runs one statement at a time, so
 * a read-then-write counter passes there (decision 030).
 */
let app: FastifyInstance;
let database: Database;
let reset: () => Promise<void>;

beforeAll(async () => {
  ({ app, database, reset } = await createTestApp());
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await reset();
  await createStandardUsers(database);
});

const LOCKED = /^Too many failed sign-in attempts\. Please wait \d+ minute\(s\) and try again\.$/;

async function signInAtOnce(apps: FastifyInstance[], usernames: string[], password: string) {
  // Tokens first, so that the sign-ins themselves leave together.
  const clients = await Promise.all(
    usernames.map(async (_, i) => {
      const client = new TestClient(apps[i % apps.length]!);
      return { client, token: await client.csrfToken() };
    }),
  );
  const answers = await Promise.all(
    clients.map(({ client, token }, i) =>
      client.post('/api/auth/login/', { username: usernames[i], password }, { headers: { 'x-csrftoken': token } }),
    ),
  );
  const statuses = answers.map((res) => res.statusCode);
  for (const res of answers.filter((r) => r.statusCode === 429)) expect(res.json()).toEqual({ error: expect.stringMatching(LOCKED), code: 'TOO_MANY_ATTEMPTS' });
  return { checked: statuses.filter((s) => s === 401).length, locked: statuses.filter((s) => s === 429).length, statuses };
}

async function failuresOf(key: string) {
  const [row] = await database.db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  return row?.failures ?? 0;
}

describe('login throttling under concurrency', () => {
  it(`checks exactly ${THROTTLE.perAccount} of 20 simultaneous wrong passwords for one account`, async () => {
    const result = await signInAtOnce([app], Array(20).fill('staff'), 'wrong-password');
    expect(result).toMatchObject({ checked: THROTTLE.perAccount, locked: 20 - THROTTLE.perAccount });
    expect(await failuresOf(accountKey('staff'))).toBe(THROTTLE.perAccount);
    // Locked: the right password is refused too, and the refusal did not count as a failure.
    expect((await new TestClient(app).post('/api/auth/login/', { username: 'staff', password: PASSWORD })).statusCode).toBe(429);
    expect(await failuresOf(addressKey('127.0.0.1'))).toBe(THROTTLE.perAccount);
  });

  it(`checks exactly ${THROTTLE.perAddress} of 40 simultaneous wrong sign-ins from one address`, async () => {
    const usernames = Array.from({ length: 40 }, (_, i) => `someone${i}`);
    const result = await signInAtOnce([app], usernames, 'wrong-password');
    expect(result).toMatchObject({ checked: THROTTLE.perAddress, locked: 40 - THROTTLE.perAddress });
    expect(await failuresOf(addressKey('127.0.0.1'))).toBe(THROTTLE.perAddress);
  });

  it('a right password within the limit signs in, clears the account and does not count against the address', async () => {
    const client = new TestClient(app);
    for (let i = 0; i < THROTTLE.perAccount - 1; i++) {
      expect((await client.post('/api/auth/login/', { username: 'staff', password: `wrong-${i}-pw` })).statusCode).toBe(401);
    }
    expect((await client.post('/api/auth/login/', { username: 'staff', password: PASSWORD })).statusCode).toBe(200);
    expect(await failuresOf(accountKey('staff'))).toBe(0);
    expect(await failuresOf(addressKey('127.0.0.1'))).toBe(THROTTLE.perAccount - 1);
    // Simultaneous right passwords all sign in: none is a failure.
    const many = await signInAtOnce([app], Array(8).fill('admin'), PASSWORD);
    expect(many.statuses).toEqual(Array(8).fill(200));
    expect(await failuresOf(addressKey('127.0.0.1'))).toBe(THROTTLE.perAccount - 1);
  });

  it('two app instances on one PostgreSQL database count together', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${testDatabaseName()}`;
    const second = await buildApp({ database: await createDb({ databaseUrl: url.toString(), poolMax: 10 }), logger: pino({ level: 'silent' }), checkAnswers: true });
    try {
      const result = await signInAtOnce([app, second], Array(20).fill('staff'), 'wrong-password');
      expect(result).toMatchObject({ checked: THROTTLE.perAccount, locked: 20 - THROTTLE.perAccount });
      expect(await failuresOf(accountKey('staff'))).toBe(THROTTLE.perAccount);
    } finally {
      await second.close();
    }
  });
});
