import { afterAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { fastifyTRPCPlugin, type CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import pino from 'pino';
import { z } from 'zod';
import type { AppDeps, SessionUser } from '../deps';
import { replyWithError } from '../rest/error-handler';
import { registerRestRoutes } from '../rest/register';
import { router } from '../trpc/init';
import { defineOperation, operationSet } from './define';
import { idField } from './input';
import { restRoutesOf } from './rest';
import { trpcRecordOf } from './trpc';

/**
 * The framework on throwaway operations (no database): both doors come from one declaration,
 * answers are checked against the output schema, access and input errors are the same on both.
 */
const thing = z.object({ id: z.number().int(), name: z.string(), price: z.string() });
/** What a view that forgot `price` answers (the cast stands for a view typed loosely). */
const forgetful = (id: number) => ({ id, name: 'shed' }) as unknown as z.output<typeof thing>;

const probe = operationSet('probe', {
  get: defineOperation({
    kind: 'query',
    access: 'work',
    input: z.object({ id: idField }),
    output: thing,
    run: async ({ input }) => (input.id === 1 ? { id: 1, name: 'shed', price: '10.00', extra: 'kept' } : forgetful(input.id)),
    rest: { method: 'GET', path: '/api/things/{id}/', summary: 'A thing', tag: 'Probe' },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: z.object({ id: idField, data: z.object({ name: z.string().min(1, 'Name is required.') }) }),
    output: thing,
    run: async ({ input }) => ({ id: input.id, name: input.data.name, price: '1.00' }),
    rest: { method: 'PUT', path: '/api/things/{id}/', summary: 'Rename a thing', tag: 'Probe', body: 'data' },
  }),
});

// Typecheck is part of the contract: a run whose answer lacks a field of the output schema does not compile.
defineOperation({
  kind: 'query',
  access: 'work',
  output: thing,
  // @ts-expect-error price is missing from the answer
  run: async () => ({ id: 1, name: 'shed' }),
});

const staff: SessionUser = { id: 2, username: 'staff', email: null, is_superuser: false, is_active: true, role: 'office' };
const admin: SessionUser = { ...staff, id: 1, username: 'admin', is_superuser: true, role: 'admin' };
const shop: SessionUser = { ...staff, id: 3, username: 'shop', role: 'shop' };
const callerOf = (req: FastifyRequest) => ({ staff, admin, shop })[String(req.headers['x-probe-user'])] ?? null;

const apps: FastifyInstance[] = [];
async function probeApp(checkAnswers: boolean) {
  const app = Fastify();
  apps.push(app);
  app.setErrorHandler(replyWithError);
  const deps = { log: pino({ level: 'silent' }) } as unknown as AppDeps;
  const tree = { probe };
  registerRestRoutes(app, restRoutesOf(tree), { deps, currentUser: callerOf, checkAnswers });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: { router: router(trpcRecordOf(tree)), createContext: ({ req, res }: CreateFastifyContextOptions) => ({ deps, req, res, user: callerOf(req), checkAnswers }) },
  });
  return app;
}
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

const as = (user: string) => ({ 'x-probe-user': user });

describe('answer checks', () => {
  it('an answer missing a field fails loudly on both doors when checks are on', async () => {
    const app = await probeApp(true);
    const rest = await app.inject({ method: 'GET', url: '/api/things/2/', headers: as('staff') });
    expect(rest.statusCode).toBe(500);
    expect(rest.json().detail).toBe('The answer of probe.get does not match its output schema: price: Invalid input: expected string, received undefined');
    const trpc = await app.inject({ method: 'GET', url: `/trpc/probe.get?input=${encodeURIComponent('{"id":2}')}`, headers: as('staff') });
    expect(trpc.statusCode).toBe(500);
    expect(trpc.json().error.message).toContain('The answer of probe.get does not match its output schema: price');
  });

  it('a good answer is sent as the operation made it: nothing stripped or transformed', async () => {
    const app = await probeApp(true);
    const rest = await app.inject({ method: 'GET', url: '/api/things/1/', headers: as('staff') });
    expect(rest.json()).toEqual({ id: 1, name: 'shed', price: '10.00', extra: 'kept' });
    const trpc = await app.inject({ method: 'GET', url: `/trpc/probe.get?input=${encodeURIComponent('{"id":1}')}`, headers: as('staff') });
    expect(trpc.json().result.data).toEqual({ id: 1, name: 'shed', price: '10.00', extra: 'kept' });
  });

  it('a role that may not see money gets the answer without its money fields, on both doors', async () => {
    const app = await probeApp(true);
    const rest = await app.inject({ method: 'GET', url: '/api/things/1/', headers: as('shop') });
    expect(rest.json()).toEqual({ id: 1, name: 'shed', extra: 'kept' });
    const trpc = await app.inject({ method: 'GET', url: `/trpc/probe.get?input=${encodeURIComponent('{"id":1}')}`, headers: as('shop') });
    expect(trpc.json().result.data).toEqual({ id: 1, name: 'shed', extra: 'kept' });
  });

  it('with checks off (production) the answer is not parsed', async () => {
    const app = await probeApp(false);
    const rest = await app.inject({ method: 'GET', url: '/api/things/2/', headers: as('staff') });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ id: 2, name: 'shed' });
  });
});

describe('one declaration, two doors', () => {
  it('access: 401 anonymous and 403 for a role without the area, with the same messages on both doors', async () => {
    const app = await probeApp(true);
    const anonymous = await app.inject({ method: 'GET', url: '/api/things/1/' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
    const trpcAnonymous = await app.inject({ method: 'GET', url: `/trpc/probe.get?input=${encodeURIComponent('{"id":1}')}` });
    expect([trpcAnonymous.statusCode, trpcAnonymous.json().error.message]).toEqual([401, 'Authentication credentials were not provided.']);
    const body = { name: 'barn' };
    const rest = await app.inject({ method: 'PUT', url: '/api/things/1/', headers: as('staff'), payload: body });
    expect([rest.statusCode, rest.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
    const trpc = await app.inject({ method: 'POST', url: '/trpc/probe.update', headers: as('staff'), payload: { id: 1, data: body } });
    expect([trpc.statusCode, trpc.json().error.message]).toEqual([403, 'You do not have permission to perform this action.']);
  });

  it('input: one schema; REST validates each part by its piece of it, and the form errors of `data` answer top-level on both doors', async () => {
    const app = await probeApp(true);
    const badId = await app.inject({ method: 'PUT', url: '/api/things/abc/', headers: as('admin'), payload: { name: 'barn' } });
    expect([badId.statusCode, badId.json()]).toEqual([400, { id: ['A valid integer is required.'] }]);
    const rest = await app.inject({ method: 'PUT', url: '/api/things/1/', headers: as('admin'), payload: { name: '' } });
    expect([rest.statusCode, rest.json()]).toEqual([400, { name: ['Name is required.'] }]);
    const trpc = await app.inject({ method: 'POST', url: '/trpc/probe.update', headers: as('admin'), payload: { id: 1, data: { name: '' } } });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors).toEqual({ name: ['Name is required.'] });
    const ok = await app.inject({ method: 'PUT', url: '/api/things/7/', headers: as('admin'), payload: { name: 'barn' } });
    expect(ok.json()).toEqual({ id: 7, name: 'barn', price: '1.00' });
  });

  it('a path parameter must be a field of the input', () => {
    const broken = operationSet('broken', {
      get: defineOperation({
        kind: 'query',
        access: 'work',
        input: z.object({ orderId: idField }),
        output: thing,
        run: async () => ({ id: 1, name: 'x', price: '1.00' }),
        rest: { method: 'GET', path: '/api/broken/{id}/', summary: 'x', tag: 'x' },
      }),
    });
    expect(() => restRoutesOf({ broken })).toThrow('operation broken.get (GET /api/broken/{id}/): the input has no field id');
  });
});
