import { describe, expect, it, vi } from 'vitest';
import { getUntypedClient } from '@trpc/client';
import { createTrpcClient } from './trpc';
import { CSRF_HEADER, createHttpClient } from './http';
import { createFakeFetch, jsonResponse, trpcBatch, type FakeHandler } from '../test/fakeFetch';

function setup(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  const onUnauthorized = vi.fn();
  const httpClient = createHttpClient({
    fetch: fake.fetch,
    onUnauthorized,
    currentLocation: () => '/orders',
  });
  return { ...fake, onUnauthorized, client: createTrpcClient({ httpClient }) };
}

describe('tRPC client', () => {
  it('queries with GET through the shared client: cookies, no CSRF token', async () => {
    const { client, requests } = setup(
      trpcBatch({ 'system.status': () => ({ status: 'ok', database: 'pglite', version: '0.1.0' }) }),
    );
    await expect(client.system.status.query()).resolves.toEqual({
      status: 'ok',
      database: 'pglite',
      version: '0.1.0',
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.credentials).toBe('include');
    expect(requests[0]!.headers.has(CSRF_HEADER)).toBe(false);
  });

  it('sends mutations as POST with the CSRF token', async () => {
    const { client, requests } = setup((request) =>
      request.path === '/api/auth/csrf/'
        ? jsonResponse({ csrfToken: 'tok' })
        : jsonResponse([{ result: { data: { id: 1 } } }]),
    );
    // No mutation exists on the server yet: call one by name through the untyped client.
    await expect(getUntypedClient(client).mutation('orders.create', { door_number: 1 })).resolves.toEqual({
      id: 1,
    });

    const post = requests.find((r) => r.path === '/trpc/orders.create')!;
    expect(post.method).toBe('POST');
    expect(post.headers.get(CSRF_HEADER)).toBe('tok');
  });

  it('a 401 from a procedure sends the user to /login', async () => {
    const { client, onUnauthorized } = setup(() =>
      jsonResponse(
        [
          {
            error: {
              message: 'Not signed in',
              code: -32001,
              data: { code: 'UNAUTHORIZED', httpStatus: 401 },
            },
          },
        ],
        401,
      ),
    );
    await expect(client.system.status.query()).rejects.toThrow('Not signed in');
    expect(onUnauthorized).toHaveBeenCalledWith('/orders');
  });
});
