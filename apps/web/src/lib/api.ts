import { http, type HttpClient } from './http';

/**
 * The few REST calls the screens make directly: binary answers tRPC does not carry
 * (order print, BOL and invoice PDFs). Requests go through the shared HTTP client, so CSRF and the
 * 401 redirect behave exactly as for tRPC.
 */

/** A non-2xx answer from a REST path, with the server's JSON body when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  /** `{ detail }`, `{ field: [messages] }` or `{ error, code }` as the REST conventions give them. */
  readonly body: unknown;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's machine-readable code (`{ code }`), for branching; never branch on the message. */
  get code(): string | null {
    const body = this.body;
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') return body.code;
    return null;
  }
}

function messageFrom(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    if ('error' in body && typeof body.error === 'string') return body.error;
    if ('detail' in body && typeof body.detail === 'string') return body.detail;
  }
  return `Request failed with status ${status}`;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('Content-Type') ?? '';
  try {
    if (type.includes('json')) return await response.json();
    const text = await response.text();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

export interface ApiFetchOptions extends Omit<RequestInit, 'body'> {
  /** A plain object or array is sent as JSON; FormData, Blob and strings as they are. */
  body?: BodyInit | Record<string, unknown> | unknown[] | null;
  /** Defaults to the app's shared client; tests pass their own. */
  httpClient?: HttpClient;
}

function isJsonBody(body: ApiFetchOptions['body']): body is Record<string, unknown> | unknown[] {
  if (body === null || body === undefined || typeof body !== 'object') return false;
  if (Array.isArray(body)) return true;
  const proto: unknown = Object.getPrototypeOf(body);
  return proto === Object.prototype || proto === null;
}

/**
 * `fetch` for the REST paths (`/api/...`): cookies, CSRF and the 401 rule included. Resolves with the
 * Response when it is 2xx; otherwise throws an ApiError carrying the status and the server's body.
 */
export async function apiFetch(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  const { body, httpClient = http, headers: given, ...rest } = options;
  const headers = new Headers(given);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json, application/pdf;q=0.9, */*;q=0.8');
  let sent: BodyInit | null | undefined;
  if (isJsonBody(body)) {
    headers.set('Content-Type', 'application/json');
    sent = JSON.stringify(body);
  } else {
    sent = body;
  }
  const response = await httpClient.fetch(path, { ...rest, headers, body: sent });
  if (!response.ok) {
    const errorBody = await readBody(response);
    throw new ApiError(response.status, errorBody, messageFrom(response.status, errorBody));
  }
  return response;
}

/** A REST answer as binary data (PDFs): open it with `URL.createObjectURL`. */
export async function apiBlob(path: string, options?: ApiFetchOptions): Promise<Blob> {
  const response = await apiFetch(path, options);
  return response.blob();
}
