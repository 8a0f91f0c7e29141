import { vi } from 'vitest';
import type { FetchFn } from '../lib/http';
import { checkAnswer, checkRestAnswer, isOperation } from './answerChecks';

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

/** JSON-RPC codes tRPC answers with, by tRPC error code. */
const JSON_RPC_CODES: Record<string, number> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  CONFLICT: -32009,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
};

const HTTP_STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

export interface TrpcErrorShape {
  message: string;
  /** tRPC code: BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, TOO_MANY_REQUESTS... */
  code: string;
  /** The server's application code (VALIDATION, FORBIDDEN, NOT_FOUND...). */
  appCode?: string | null;
  fieldErrors?: Record<string, unknown> | null;
  details?: Record<string, unknown> | null;
  httpStatus?: number;
}

/** Throw this from a `trpcBatch` procedure to answer with a tRPC error, shaped as the server formats it. */
export class TrpcTestError extends Error {
  readonly shape: TrpcErrorShape;
  constructor(shape: TrpcErrorShape) {
    super(shape.message);
    this.shape = shape;
  }
}

function errorItem(shape: TrpcErrorShape, path: string) {
  const httpStatus = shape.httpStatus ?? HTTP_STATUS[shape.code] ?? 500;
  return {
    httpStatus,
    item: {
      error: {
        message: shape.message,
        code: JSON_RPC_CODES[shape.code] ?? -32603,
        data: {
          code: shape.code,
          httpStatus,
          path,
          appCode: shape.appCode ?? null,
          fieldErrors: shape.fieldErrors ?? null,
          details: shape.details ?? null,
        },
      },
    },
  };
}

/** The inputs of a tRPC batch call, in order (GET: `?input=`, POST: the JSON body), keyed "0", "1"... */
export function trpcInputs(request: SeenRequest): unknown[] {
  let raw: string | null;
  if (request.method === 'GET') raw = new URL(request.url, 'http://localhost').searchParams.get('input');
  else raw = request.body;
  if (!raw) return [];
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  return Object.keys(parsed)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => parsed[key]);
}

export type TrpcProcedure = (input: unknown, request: SeenRequest) => unknown;

const csrfOnly: FakeHandler = (request) =>
  request.path === '/api/auth/csrf/'
    ? jsonResponse({ csrfToken: 'test-token' })
    : jsonResponse({ detail: 'Not found.' }, 404);

/** A fake's JSON answer to a REST route must be what the server may answer there (answerChecks.ts). */
async function checkedRest(rest: FakeHandler, request: SeenRequest): Promise<Response> {
  const response = await rest(request);
  if (response.ok && response.headers.get('Content-Type')?.includes('json')) {
    checkRestAnswer(request.method, request.path, await response.clone().json());
  }
  return response;
}

/**
 * Answers tRPC batch calls the way the server's httpBatchLink endpoint does:
 * `/trpc/a.b,c.d?batch=1` -> `[{ result: { data } }, ...]` (no transformer on this server).
 * A procedure gets its input, may be async, and may throw a TrpcTestError to fail; the answer's
 * status is the failures' status when all calls failed alike, 207 for a mix, else 200.
 * Calls outside /trpc/ (e.g. the CSRF token) go to `rest` when given, else get a token.
 * Every answer is checked against the server's answer schema of its procedure (answerChecks.ts);
 * a fake of a procedure the server does not have is refused at once.
 */
export function trpcBatch(procedures: Record<string, TrpcProcedure>, rest?: FakeHandler): FakeHandler {
  const unknown = Object.keys(procedures).filter((name) => !isOperation(name));
  if (unknown.length > 0)
    throw new Error(`The fake answers procedures the server does not declare: ${unknown.join(', ')}`);
  return async (request) => {
    if (!request.path.startsWith('/trpc/')) return checkedRest(rest ?? csrfOnly, request);
    const names = decodeURIComponent(request.path.replace(/^\/trpc\//, '')).split(',');
    const inputs = trpcInputs(request);
    const statuses: number[] = [];
    const results = await Promise.all(
      names.map(async (name, index) => {
        const procedure = procedures[name];
        if (!procedure) {
          const { httpStatus, item } = errorItem(
            { message: `No procedure ${name}`, code: 'NOT_FOUND' },
            name,
          );
          statuses.push(httpStatus);
          return item;
        }
        try {
          const data = await procedure(inputs[index], request);
          checkAnswer(name, data);
          statuses.push(200);
          return { result: { data } };
        } catch (error) {
          if (!(error instanceof TrpcTestError)) throw error;
          const { httpStatus, item } = errorItem(error.shape, name);
          statuses.push(httpStatus);
          return item;
        }
      }),
    );
    const distinct = new Set(statuses);
    const status = distinct.size === 1 ? statuses[0]! : 207;
    return jsonResponse(results, status);
  };
}
