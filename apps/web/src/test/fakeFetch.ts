import { vi } from 'vitest';
import type { FetchFn } from '../lib/http';

/** One request as the fake server saw it. */
export interface SeenRequest {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: string | null;
}

export type FakeHandler = (request: SeenRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that answers with `handler` and remembers every request, in order. */
export function createFakeFetch(handler: FakeHandler) {
  const requests: SeenRequest[] = [];
  const fetch = vi.fn<FetchFn>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : null;
    const request: SeenRequest = {
      url,
      path: new URL(url, 'http://localhost').pathname,
      method: (init?.method ?? 'GET').toUpperCase(),
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body,
    };
    requests.push(request);
    return handler(request);
  });
  return { fetch, requests };
}

/**
 * Answers tRPC batch calls the way the server's httpBatchLink endpoint does:
 * `/trpc/a.b,c.d?batch=1` -> `[{ result: { data } }, ...]` (no transformer on this server).
 */
export function trpcBatch(procedures: Record<string, (input: unknown) => unknown>): FakeHandler {
  return (request) => {
    const names = decodeURIComponent(request.path.replace(/^\/trpc\//, '')).split(',');
    const results = names.map((name) => {
      const procedure = procedures[name];
      if (!procedure) {
        return {
          error: {
            message: `No procedure ${name}`,
            code: -32004,
            data: { code: 'NOT_FOUND', httpStatus: 404, path: name },
          },
        };
      }
      return { result: { data: procedure(undefined) } };
    });
    return jsonResponse(results);
  };
}
