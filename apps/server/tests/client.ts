import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What `TestClient.raw` answers: the parts of a response the tests read. */
export interface RawResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
  cookies: { name: string; value: string; expires?: Date; maxAge?: number }[];
}

/** `name=value; Expires=...; Max-Age=...` -> the parts `remember` needs. */
function parseSetCookie(line: string) {
  const [pair, ...attributes] = line.split(';');
  const eq = pair!.indexOf('=');
  const cookie: RawResponse['cookies'][number] = { name: pair!.slice(0, eq).trim(), value: pair!.slice(eq + 1).trim() };
  for (const attribute of attributes) {
    const [key, value = ''] = attribute.split('=');
    const name = key!.trim().toLowerCase();
    if (name === 'expires') cookie.expires = new Date(value);
    if (name === 'max-age') cookie.maxAge = Number(value);
  }
  return cookie;
}

interface RequestOptions {
  payload?: unknown;
  headers?: Record<string, string>;
  /** Send no X-CSRFToken header (to prove the refusal). */
  noCsrf?: boolean;
  query?: Record<string, string>;
}

/**
 * A browser-like client over app.inject(): keeps cookies between calls and, like
 * the web app, fetches a CSRF token before every state-changing call.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: { cookies: unknown }) {
    for (const cookie of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.maxAge === 0 || cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async csrfToken(): Promise<string> {
    const res = await this.request('GET', '/api/auth/csrf/');
    return res.json().csrfToken as string;
  }

  async request(method: Method, url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (method !== 'GET' && !options.noCsrf && !headers['x-csrftoken']) headers['x-csrftoken'] = await this.csrfToken();
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const inject: InjectOptions = { method, url, headers };
    if (options.query) inject.query = options.query;
    if (options.payload !== undefined) {
      if (typeof options.payload === 'string' || Buffer.isBuffer(options.payload)) inject.payload = options.payload;
      else {
        inject.payload = JSON.stringify(options.payload);
        headers['content-type'] ??= 'application/json';
      }
    }
    const res = await this.app.inject(inject);
    this.remember(res);
    return res;
  }

  /**
   * Sends the request over a real socket to the app listening (`app.listen`), with the request
   * target exactly as given: a percent-encoded path (`/%61pi/...`) or the absolute form
   * (`http://localhost/api/...`) reaches the server as written, which app.inject() would normalise.
   */
  async raw(method: Method, target: string, options: RequestOptions = {}): Promise<RawResponse> {
    const address = this.app.server.address() as AddressInfo | null;
    if (!address) throw new Error('raw() needs the app listening (await app.listen({ port: 0 }))');
    const headers: Record<string, string> = { ...options.headers };
    if (method !== 'GET' && !options.noCsrf && !headers['x-csrftoken']) headers['x-csrftoken'] = await this.csrfToken();
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    let payload: Buffer | undefined;
    if (options.payload !== undefined) {
      payload = Buffer.isBuffer(options.payload) ? options.payload : Buffer.from(typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload));
      if (typeof options.payload !== 'string' && !Buffer.isBuffer(options.payload)) headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const res = await new Promise<RawResponse>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: address.port, method, path: target, headers, agent: false }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const setCookie = incoming.headers['set-cookie'] ?? [];
          resolve({ statusCode: incoming.statusCode ?? 0, headers: incoming.headers, body, json: () => JSON.parse(body), cookies: setCookie.map(parseSetCookie) });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
    this.remember(res);
    return res;
  }

  get = (url: string, options?: RequestOptions) => this.request('GET', url, options);
  post = (url: string, payload?: unknown, options?: RequestOptions) => this.request('POST', url, { ...options, payload: payload ?? {} });
  put = (url: string, payload?: unknown, options?: RequestOptions) => this.request('PUT', url, { ...options, payload });
  patch = (url: string, payload?: unknown, options?: RequestOptions) => this.request('PATCH', url, { ...options, payload });
  delete = (url: string, options?: RequestOptions) => this.request('DELETE', url, options);

  async login(username: string, password: string) {
    const res = await this.post('/api/auth/login/', { username, password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res;
  }

  /** A tRPC query (GET) or mutation (POST) the way @trpc/client sends them without batching. */
  async trpcQuery(path: string, input?: unknown) {
    const query = input === undefined ? undefined : { input: JSON.stringify(input) };
    return this.request('GET', `/trpc/${path}`, query ? { query } : {});
  }

  async trpcMutation(path: string, input?: unknown, options: RequestOptions = {}) {
    return this.request('POST', `/trpc/${path}`, { ...options, payload: input === undefined ? {} : input });
  }
}
