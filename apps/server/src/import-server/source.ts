import { Readable } from 'node:stream';

/**
 * The previous server, read as an integrator reads it: its documented REST paths only, signed in with a
 * session (GET /api/auth/csrf/, POST /api/auth/login/, then the cookies) or an API token. A 5xx answer, a
 * timeout or a lost connection is tried again with exponential backoff; when the attempts run out the
 * call throws SourceUnavailable, which the importer reports for the record it was reading (never a silent
 * skip).
 */

export interface SourceOptions {
  /** Base URL of the source, e.g. https://old.example.com (a trailing slash is dropped). */
  from: string;
  /** Session sign-in... */
  user?: string;
  password?: string;
  /** ...or an API token (Authorization: Token ...). */
  token?: string;
  /** Attempts per call (default 5). */
  attempts?: number;
  /** First backoff delay in ms, doubled each attempt (default 500). */
  backoffMs?: number;
  /** Per-attempt timeout in ms (default 30 s). */
  timeoutMs?: number;
  /** Told of each retry (the CLI counts them for its report). */
  onRetry?: (info: { path: string; attempt: number; reason: string }) => void;
}

export class SourceUnavailable extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    readonly attempts: number,
  ) {
    super(`${path}: ${reason} after ${attempts} attempts`);
  }
}

/** The source refused a call for good (a 4xx): no retry. */
export class SourceRefused extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${path}: answered ${status} ${body.slice(0, 200)}`);
  }
}

interface Page<T> {
  count?: number;
  next: string | null;
  results: T[];
}

export interface SourceClient {
  readonly base: string;
  getJson<T = unknown>(path: string): Promise<T>;
  /** Every item of a paged DRF list (`{ count, next, results }`) or of a plain array answer. */
  list<T = unknown>(path: string): Promise<T[]>;
  /** The count a paged list announces (one small page read). */
  count(path: string): Promise<number>;
  /** A file's bytes (drawings are at most a few MB: LIMITS.uploadMaxBytes). */
  getBytes(path: string): Promise<Buffer>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function connectSource(options: SourceOptions): Promise<SourceClient> {
  const base = options.from.replace(/\/+$/, '');
  const attempts = options.attempts ?? 5;
  const backoffMs = options.backoffMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const cookies = new Map<string, string>();
  const headers = (): Record<string, string> => {
    const h: Record<string, string> = { accept: 'application/json' };
    if (options.token) h.authorization = `Token ${options.token}`;
    if (cookies.size > 0) h.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return h;
  };
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  };

  /** One call, tried again on 5xx, timeouts and lost connections. */
  async function call(path: string, init: { method?: string; body?: string; extra?: Record<string, string> } = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : base + path;
    let reason = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) {
        options.onRetry?.({ path, attempt, reason });
        await sleep(backoffMs * 2 ** (attempt - 2));
      }
      try {
        const res = await fetch(url, {
          method: init.method ?? 'GET',
          headers: { ...headers(), ...init.extra },
          ...(init.body !== undefined ? { body: init.body } : {}),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'manual',
        });
        remember(res);
        if (res.status >= 500) {
          reason = `answered ${res.status}`;
          await res.body?.cancel();
          continue;
        }
        if (res.status >= 400) throw new SourceRefused(path, res.status, await res.text());
        return res;
      } catch (error) {
        if (error instanceof SourceRefused) throw error;
        reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `connection failed (${error instanceof Error ? error.message : String(error)})`;
      }
    }
    throw new SourceUnavailable(path, reason, attempts);
  }

  if (!options.token) {
    if (!options.user) throw new Error('Give --user (with IMPORT_PASSWORD) or IMPORT_TOKEN.');
    const csrf = (await (await call('/api/auth/csrf/')).json()) as { csrfToken: string };
    await call('/api/auth/login/', {
      method: 'POST',
      body: JSON.stringify({ username: options.user, password: options.password ?? '' }),
      extra: { 'content-type': 'application/json', 'x-csrftoken': csrf.csrfToken, referer: base + '/' },
    });
  }

  const client: SourceClient = {
    base,
    async getJson<T>(path: string) {
      return (await (await call(path)).json()) as T;
    },
    async list<T>(path: string) {
      const first = await client.getJson<Page<T> | T[]>(path);
      if (Array.isArray(first)) return first;
      const items = [...first.results];
      let next = first.next;
      while (next) {
        const page = await client.getJson<Page<T>>(next);
        items.push(...page.results);
        next = page.next;
      }
      return items;
    },
    async count(path: string) {
      const page = await client.getJson<Page<unknown> | unknown[]>(path);
      return Array.isArray(page) ? page.length : (page.count ?? page.results.length);
    },
    async getBytes(path: string) {
      const res = await call(path, { extra: { accept: '*/*' } });
      const chunks: Buffer[] = [];
      for await (const chunk of Readable.fromWeb(res.body! as never)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
  return client;
}
