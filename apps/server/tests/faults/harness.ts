import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built server (`node apps/server/dist/main.js`) as a child process, a cookie-keeping HTTP client
 * for it, and /proc helpers (process trees, memory). Only 127.0.0.1; every wait is bounded.
 */

export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN_JS = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const WITNESS = fileURLToPath(new URL('./socket-error-witness.mjs', import.meta.url));
export const ADMIN = { username: 'faults-admin', password: 'faults-admin-password' };

export function assertBuilt(): void {
  if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build\` before \`npm run test:faults\`.`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** Every line the server wrote (pino JSON on stdout, anything on stderr). */
  lines: string[];
  exited: Promise<Exit>;
  isRunning(): boolean;
  /** Sends a signal and waits (bounded) for the exit; SIGKILLs after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit & { ms: number }>;
}

export interface StartOptions {
  /** PGlite data folder, or PostgreSQL URL. */
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Time allowed until /healthz answers 200. */
  readyTimeoutMs?: number;
}

/** Starts the built server and waits until /healthz answers 200 (or the process dies: then throws with its output). */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  assertBuilt();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...(process.env.CHROME_PATH ? { CHROME_PATH: process.env.CHROME_PATH } : {}),
    ...(options.databaseUrl
      ? // No data folder with PostgreSQL: the blob folder goes to a temporary folder unless the test names one.
        { DATABASE_URL: options.databaseUrl, BLOB_DIR: mkdtempSync(path.join(tmpdir(), 'icehouse-faults-blobs-')) }
      : { DATA_DIR: options.dataDir ?? './data' }),
    // Names the socket if the server dies of a socket error nobody listened for (see the file).
    NODE_OPTIONS: `--import "${WITNESS}"`,
    // No drain on SIGTERM unless a test asks for one (the suite's stops stay as quick as before).
    SHUTDOWN_DRAIN_SECONDS: '0',
    ...options.env,
  };
  const child = spawn(process.execPath, [MAIN_JS], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      if (lines.length < 200_000) lines.push(...parts);
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  let running = true;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    pid: child.pid!,
    port,
    url,
    lines,
    exited,
    isRunning: () => running,
    async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000) {
      const started = performance.now();
      if (running) child.kill(signal);
      const timer = setTimeout(() => running && child.kill('SIGKILL'), timeoutMs);
      const exit = await exited;
      clearTimeout(timer);
      return { ...exit, ms: performance.now() - started };
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (!running) throw new Error(`the server exited before it was ready:\n${lines.slice(-30).join('\n')}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop('SIGKILL');
      throw new Error(`the server was not ready within ${options.readyTimeoutMs ?? 60_000} ms:\n${lines.slice(-30).join('\n')}`);
    }
    await sleep(50);
  }
}

// ------------------------------------------------------------------------------------------ client

export interface Answer {
  status: number;
  /** The bytes of the answer. */
  raw: Buffer;
  body: string;
  json: unknown;
  headers: Headers;
  ms: number;
}

/** A browser-like client of a running server: keeps its cookies and sends the CSRF token on writes. */
export class HttpClient {
  private readonly cookieJar = new Map<string, string>();
  private csrf: string | null = null;

  constructor(readonly baseUrl: string) {}

  /** Takes another client's sign-in (cookies and CSRF token), e.g. after the server restarted on a new port. */
  copyFrom(other: HttpClient): this {
    for (const [k, v] of other.cookieJar) this.cookieJar.set(k, v);
    this.csrf = other.csrf;
    return this;
  }

  /** The cookies this client holds, by name (read-only). */
  get cookies(): ReadonlyMap<string, string> {
    return this.cookieJar;
  }

  get cookieValues(): string[] {
    return [...this.cookieJar.values()];
  }

  /** The `Cookie` header this client sends (for requests made with fetch directly, e.g. streamed bodies). */
  get cookieHeader(): string {
    return [...this.cookieJar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get csrfToken(): string | null {
    return this.csrf;
  }

  async request(method: string, path: string, body?: unknown, options: { timeoutMs?: number; headers?: Record<string, string>; raw?: Buffer | string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookieJar.size) headers.cookie = [...this.cookieJar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.csrf) headers['x-csrftoken'] = this.csrf;
    let payload: string | Blob | undefined;
    if (options.raw !== undefined) payload = typeof options.raw === 'string' ? options.raw : new Blob([new Uint8Array(options.raw)]);
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const started = performance.now();
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const buffer = Buffer.from(await res.arrayBuffer());
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookieJar.delete(name);
      else this.cookieJar.set(name, value);
      if (name === 'csrftoken' && value) this.csrf = value;
    }
    const body_ = res.headers.get('content-type')?.includes('application/pdf') ? `<pdf ${buffer.length} bytes>` : buffer.toString('utf8');
    let json: unknown = undefined;
    try {
      json = JSON.parse(body_);
    } catch {
      // not JSON
    }
    return { status: res.status, raw: buffer, body: body_, json, headers: res.headers, ms: performance.now() - started };
  }

  async login(username = ADMIN.username, password = ADMIN.password): Promise<void> {
    const csrf = await this.request('GET', '/api/auth/csrf/');
    this.csrf = (csrf.json as { csrfToken: string }).csrfToken;
    const res = await this.request('POST', '/api/auth/login/', { username, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
    const again = await this.request('GET', '/api/auth/csrf/');
    this.csrf = (again.json as { csrfToken: string }).csrfToken;
  }
}

// -------------------------------------------------------------------------------------------- /proc

interface ProcInfo {
  pid: number;
  ppid: number;
  state: string;
  comm: string;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    return { pid, comm, state: fields[0]!, ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

export function allProcesses(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name));
    if (info) out.push(info);
  }
  return out;
}

/** Every live (not zombie) process descending from `root` (not `root` itself). */
export function descendants(root: number): ProcInfo[] {
  const all = allProcesses();
  const byParent = new Map<number, ProcInfo[]>();
  for (const p of all) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  const out: ProcInfo[] = [];
  const walk = (pid: number, depth: number) => {
    if (depth > 10) return;
    for (const child of byParent.get(pid) ?? []) {
      if (child.state !== 'Z') out.push(child);
      walk(child.pid, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

export function isAlive(pid: number): boolean {
  const info = readProc(pid);
  return info !== null && info.state !== 'Z';
}

/** Resident memory of a process in bytes (VmRSS), 0 when it is gone. */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Chromium processes anywhere under `root`. */
export function chromiumUnder(root: number): ProcInfo[] {
  return descendants(root).filter((p) => /chrom/i.test(p.comm));
}

/** Waits (bounded) until `check` is true; answers whether it became true. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
}

/** The order body the faults tests create (a realistic one without catalogue references). */
export function simpleOrder(doorNumber: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 'pending',
    date: '2024-05-01',
    door_number: doorNumber,
    phone: '(555) 123-4567',
    customer_po_job_name: `PO ${doorNumber}`,
    freight_cost: '250',
    discount: '0',
    discount_is_percentage: false,
    tax_exempt: false,
    notes: `Order ${doorNumber}`,
    billing_address: { name: `Customer ${doorNumber}`, street: '1 Main St', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' },
    shipping_address: { name: '', street: '', city: '', state: '', zip_code: '', country: 'US' },
    building_info: { product: 'custom', building_type: 'DOOR_ONLY', building_description: 'Freezer door', price: '1000.00', additional_items: [] },
    ...extra,
  };
}
