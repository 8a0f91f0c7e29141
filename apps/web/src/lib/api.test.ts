import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiBlob, apiFetch } from './api';
import { CSRF_HEADER, createHttpClient } from './http';
import { createFakeFetch, jsonResponse } from '../test/fakeFetch';

describe('apiFetch', () => {
  it('sends plain objects as JSON through the shared client (CSRF included)', async () => {
    const fake = createFakeFetch((request) =>
      request.path === '/api/auth/csrf/'
        ? jsonResponse({ csrfToken: 'abc' })
        : new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }),
    );
    const httpClient = createHttpClient({ fetch: fake.fetch, onUnauthorized: vi.fn() });

    const response = await apiFetch('/api/orders/5/create-bill-of-lading/', {
      method: 'POST',
      body: { bill_of_lading_date: '2024-03-12', free_on_board: '' },
      httpClient,
    });

    expect(await response.text()).toBe('%PDF');
    const post = fake.requests[1]!;
    expect(post.headers.get(CSRF_HEADER)).toBe('abc');
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(post.body).toBe('{"bill_of_lading_date":"2024-03-12","free_on_board":""}');
  });

  it('returns binary answers as a Blob', async () => {
    const fake = createFakeFetch(
      () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
    );
    const httpClient = createHttpClient({ fetch: fake.fetch, onUnauthorized: vi.fn() });

    const blob = await apiBlob('/api/invoices/3/pdf/', { httpClient });
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF');
  });

  it('throws an ApiError with the status, the body and the server message', async () => {
    const fake = createFakeFetch(() =>
      jsonResponse({ error: 'Order already has an invoice', code: 'CONFLICT' }, 409),
    );
    const httpClient = createHttpClient({ fetch: fake.fetch, onUnauthorized: vi.fn() });

    const failure = await apiFetch('/api/orders/5/', { httpClient }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    const apiError = failure as ApiError;
    expect(apiError.status).toBe(409);
    expect(apiError.code).toBe('CONFLICT');
    expect(apiError.message).toBe('Order already has an invoice');
  });

  it('applies the shared 401 rule', async () => {
    const onUnauthorized = vi.fn();
    const fake = createFakeFetch(() => jsonResponse({ detail: 'Not signed in.' }, 401));
    const httpClient = createHttpClient({
      fetch: fake.fetch,
      onUnauthorized,
      currentLocation: () => '/invoices',
    });

    await expect(apiFetch('/api/invoices/1/pdf/', { httpClient })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('/invoices');
  });
});
