import { describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, createHttpClient, isLoginRequest, loginUrl, returnToFromSearch } from './http';
import { createFakeFetch, jsonResponse, type FakeHandler } from '../test/fakeFetch';

/** One failed call in a tRPC batch answer, as the server formats it. */
function trpcError(httpStatus: number) {
  const code = httpStatus === 401 ? -32001 : httpStatus === 404 ? -32004 : -32603;
  return { error: { message: 'failed', code, data: { code: 'X', httpStatus } } };
}

function setup(handler: FakeHandler, location = '/orders?year=2024') {
  const fake = createFakeFetch(handler);
  const onUnauthorized = vi.fn();
  const client = createHttpClient({ fetch: fake.fetch, onUnauthorized, currentLocation: () => location });
  return { ...fake, onUnauthorized, client };
}

const csrfOk =
  (token = 'tok-1', then: FakeHandler = () => jsonResponse({ ok: true })): FakeHandler =>
  (request) =>
    request.path === '/api/auth/csrf/' ? jsonResponse({ csrfToken: token }) : then(request);

describe('CSRF', () => {
  it('sends the token in X-CSRFToken on a POST, with cookies', async () => {
    const { client, requests } = setup(csrfOk());
    await client.fetch('/api/orders/', { method: 'POST', body: '{}' });

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/auth/csrf/',
      'POST /api/orders/',
    ]);
    const post = requests[1]!;
    expect(post.headers.get(CSRF_HEADER)).toBe('tok-1');
    expect(post.credentials).toBe('include');
  });

  it('sends no token and fetches none on a GET', async () => {
    const { client, requests } = setup(csrfOk());
    await client.fetch('/api/orders/by-month/');

    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.has(CSRF_HEADER)).toBe(false);
    expect(requests[0]!.credentials).toBe('include');
  });

  it('hands out the token for requests it cannot send itself (uploads with progress)', async () => {
    const { client, requests } = setup(csrfOk('tok-9'));
    expect(await client.csrfToken()).toBe('tok-9');
    expect(await client.csrfToken()).toBe('tok-9');
    expect(requests.filter((r) => r.path === '/api/auth/csrf/')).toHaveLength(1);
  });

  it('keeps the token in memory for the next non-GET calls', async () => {
    const { client, requests } = setup(csrfOk());
    await client.fetch('/api/orders/1/void/', { method: 'POST' });
    await client.fetch('/api/orders/1/', { method: 'DELETE' });

    expect(requests.filter((r) => r.path === '/api/auth/csrf/')).toHaveLength(1);
    expect(requests[2]!.headers.get(CSRF_HEADER)).toBe('tok-1');
  });

  it('shares one token request between calls made at the same time', async () => {
    const { client, requests } = setup(csrfOk());
    await Promise.all([
      client.fetch('/trpc/a.b?batch=1', { method: 'POST', body: '{}' }),
      client.fetch('/trpc/c.d?batch=1', { method: 'POST', body: '{}' }),
    ]);
    expect(requests.filter((r) => r.path === '/api/auth/csrf/')).toHaveLength(1);
  });

  it('sends the request without the header while the CSRF endpoint answers 404', async () => {
    const { client, requests } = setup((request) =>
      request.path === '/api/auth/csrf/'
        ? jsonResponse({ detail: 'Not found.' }, 404)
        : jsonResponse({ ok: true }),
    );
    const response = await client.fetch('/api/orders/', { method: 'POST', body: '{}' });

    expect(response.status).toBe(200);
    expect(requests[1]!.headers.has(CSRF_HEADER)).toBe(false);
  });

  it('after a 403 fetches a new token and retries once', async () => {
    let tokens = 0;
    let posts = 0;
    const { client, requests } = setup((request) => {
      if (request.path === '/api/auth/csrf/') return jsonResponse({ csrfToken: `tok-${++tokens}` });
      posts += 1;
      return request.headers.get(CSRF_HEADER) === 'tok-2'
        ? jsonResponse({ ok: true })
        : jsonResponse({ detail: 'CSRF Failed: CSRF token incorrect.' }, 403);
    });
    const response = await client.fetch('/api/orders/', { method: 'POST', body: '{}' });

    expect(response.status).toBe(200);
    expect(posts).toBe(2);
    expect(requests.map((r) => r.headers.get(CSRF_HEADER))).toEqual([null, 'tok-1', null, 'tok-2']);
  });

  it('does not retry more than once', async () => {
    let tokens = 0;
    const { client, requests } = setup((request) =>
      request.path === '/api/auth/csrf/'
        ? jsonResponse({ csrfToken: `tok-${++tokens}` })
        : jsonResponse({ detail: 'You do not have permission to perform this action.' }, 403),
    );
    const response = await client.fetch('/api/users/', { method: 'POST', body: '{}' });

    expect(response.status).toBe(403);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });
});

describe('401', () => {
  it('sends the user to /login, remembering where they were', async () => {
    const { client, onUnauthorized } = setup(() =>
      jsonResponse({ detail: 'Authentication credentials were not provided.' }, 401),
    );
    const response = await client.fetch('/api/orders/by-month/');

    expect(response.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledWith('/orders?year=2024');
    expect(loginUrl('/orders?year=2024')).toBe('/login?next=%2Forders%3Fyear%3D2024');
  });

  it('also for tRPC calls and mutations', async () => {
    const { client, onUnauthorized } = setup(csrfOk('t', () => jsonResponse([trpcError(401)], 401)));
    await client.fetch('/trpc/orders.create?batch=1', { method: 'POST', body: '{}' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reads a mixed tRPC batch (207) per procedure', async () => {
    const { client, onUnauthorized } = setup(() =>
      jsonResponse([{ result: { data: {} } }, trpcError(401)], 207),
    );
    const response = await client.fetch('/trpc/system.status,orders.list?batch=1');

    expect(response.status).toBe(207);
    expect(await response.json()).toHaveLength(2);
    expect(onUnauthorized).toHaveBeenCalledWith('/orders?year=2024');
  });

  it('does not redirect for other tRPC errors', async () => {
    const { client, onUnauthorized } = setup(() =>
      jsonResponse([{ result: { data: {} } }, trpcError(404)], 207),
    );
    await client.fetch('/trpc/system.status,orders.get?batch=1');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves the login call alone (REST and tRPC)', async () => {
    const { client, onUnauthorized } = setup(
      csrfOk('t', (request) =>
        request.path.startsWith('/trpc/')
          ? jsonResponse([trpcError(401)], 401)
          : jsonResponse({ error: 'Invalid', code: 'INVALID_CREDENTIALS' }, 401),
      ),
    );
    const response = await client.fetch('/api/auth/login/', { method: 'POST', body: '{}' });
    await client.fetch('/trpc/auth.login?batch=1', { method: 'POST', body: '{}' });

    expect(response.status).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not redirect when already on /login', async () => {
    const { client, onUnauthorized } = setup(() => jsonResponse({}, 401), '/login?next=%2Forders');
    await client.fetch('/api/auth/check/');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it('recognises the login call', () => {
    expect(isLoginRequest('/api/auth/login/')).toBe(true);
    expect(isLoginRequest('http://localhost:3000/api/auth/login/')).toBe(true);
    expect(isLoginRequest('/trpc/auth.login?batch=1')).toBe(true);
    expect(isLoginRequest('/trpc/system.status,auth.login?batch=1')).toBe(false);
    expect(isLoginRequest('/api/auth/logout/')).toBe(false);
    expect(isLoginRequest('/trpc/auth.loginHistory?batch=1')).toBe(false);
  });

  it('returns only to paths of this app after login', () => {
    expect(returnToFromSearch('?next=%2Forders%3Fyear%3D2024')).toBe('/orders?year=2024');
    expect(returnToFromSearch('')).toBe('/dashboard');
    expect(returnToFromSearch('?next=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(returnToFromSearch('?next=%2F%2Fevil.example')).toBe('/dashboard');
    expect(returnToFromSearch('?next=%2Flogin')).toBe('/dashboard');
    expect(loginUrl('/')).toBe('/login');
  });
});
