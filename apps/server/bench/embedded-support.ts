/**
 * What bench/embedded.ts drives the server with: the server in its own process (bench/server.ts), a
 * browser-like sign-in, autocannon runs that keep every latency, and the RSS of the Chromium the server
 * starts for PDFs (its own processes, children of the server's).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { DEMO_USERS } from '@icehouse/db/seed';

export interface Session {
  cookie: string;
  csrf: string;
}

export interface Call {
  id: string;
  name: string;
  requests: () => { request: AutocannonRequest };
  /** After each run (a save's run leaves answers it never read). */
  after?: () => Promise<void>;
}

export interface Figures {
  id: string;
  name: string;
  connections: number;
  requests: number;
  p50: number;
  p95: number;
  rps: number;
  errors: number;
}

interface MemoryDetail {
  rss: number;
  peakRss: number;
  node: NodeJS.MemoryUsage;
  embedded: { external: number; heapUsed: number; heapTotal: number } | null;
}

export interface BenchServer {
  child: ChildProcess;
  base: string;
  ask<T>(message: object, reply: string): Promise<T>;
  memory(reset: boolean): Promise<{ rss: number; peakRss: number }>;
  memoryDetail(): Promise<MemoryDetail>;
  stop(): Promise<void>;
}

export async function startServer(file: string, env: Record<string, string>, nodeArgs: string[]): Promise<BenchServer> {
  const child = fork(file, [], {
    execArgv: ['--import', 'tsx', ...nodeArgs],
    env: { ...process.env, ...env, BENCH_SERVER_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before listening`)));
    child.on('message', (m: { type?: string; port?: number }) => {
      if (m.type === 'ready') resolve(m.port ?? 0);
    });
  });
  const ask = <T>(message: object, reply: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type?: string }) => {
        if (m.type !== reply) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
      child.send(message);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.send({ type: 'stop' });
    });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    ask,
    memory: (reset) => ask({ type: 'memory', reset }, 'memory'),
    memoryDetail: () => ask({ type: 'memory-detail' }, 'memory-detail'),
    stop,
  };
}

function cookiesOf(res: Response, into = new Map<string, string>()): Map<string, string> {
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    into.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
  return into;
}

/** Signs in as the office's staff user, like the browser: the CSRF token first, then the login with X-CSRFToken. */
export async function signIn(base: string): Promise<Session> {
  const user = DEMO_USERS.find((u) => u.username === 'staff') ?? DEMO_USERS[0]!;
  const csrfRes = await fetch(`${base}/api/auth/csrf/`);
  const token = ((await csrfRes.json()) as { csrfToken: string }).csrfToken;
  const cookies = cookiesOf(csrfRes);
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': token, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  cookiesOf(login, cookies);
  const csrf = cookies.get('csrftoken') ?? '';
  return { cookie: `sessionid=${cookies.get('sessionid')}; csrftoken=${csrf}`, csrf };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;

/**
 * Drives `call` with `connections` clients for `seconds`, or, given `until`, until that settles (at most
 * `seconds`). Every latency is kept: p50 and p95 from all of them.
 */
export async function drive(
  server: BenchServer,
  session: Session,
  call: Call,
  connections: number,
  seconds: number,
  until?: Promise<unknown>,
): Promise<Figures> {
  const latencies: number[] = [];
  const source = call.requests();
  let errors = 0;
  const started = performance.now();
  const instance = autocannon({
    url: server.base,
    connections,
    duration: seconds,
    timeout: 30,
    headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
    requests: [source.request],
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    if (status < 200 || status >= 300) errors++;
  });
  instance.on('reqError', () => errors++);
  if (until) void until.catch(() => undefined).finally(() => instance.stop());
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  await call.after?.();
  latencies.sort((a, b) => a - b);
  return {
    id: call.id,
    name: call.name,
    connections,
    requests: latencies.length,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    rps: latencies.length / Math.max(0.001, elapsed),
    errors: errors + result.timeouts,
  };
}

/** One request of the call outside autocannon: proves it answers 2xx before it is measured. */
export async function probe(base: string, session: Session, call: Call): Promise<string | null> {
  const { request } = call.requests();
  const built = request.setupRequest ? request.setupRequest({ ...request }, {}) : request;
  if (!built) return 'no request';
  const res = await fetch(`${base}${built.path}`, {
    method: built.method ?? 'GET',
    headers: { ...(built.headers ?? {}), cookie: session.cookie, 'x-csrftoken': session.csrf },
    ...(built.body ? { body: built.body as string } : {}),
  });
  const body = await res.text();
  if (res.status >= 200 && res.status < 300) {
    request.onResponse?.(res.status, body, {}, {});
    return null;
  }
  return `${res.status} ${body.slice(0, 300)}`;
}

/** A process's parent and its proportional set size (shared pages divided among the processes sharing them). */
function statusOf(pid: number): { ppid: number; pss: number } | null {
  try {
    const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    const pss = Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
    return { ppid, pss };
  } catch {
    return null;
  }
}

/**
 * One invoice PDF (the server launches its Chromium if it has not yet), then the proportional memory (PSS)
 * of the server's descendants (Chromium's browser, renderer and helper processes) beside the server's own.
 */
export async function browserMemory(server: BenchServer, session: Session): Promise<{ serverPss: number; chromiumPss: number; processes: number }> {
  const headers = { cookie: session.cookie };
  const list = (await (await fetch(`${server.base}/api/invoices/?page_size=1`, { headers })).json()) as { results?: { id: number }[] };
  const id = list.results?.[0]?.id;
  if (id) await (await fetch(`${server.base}/api/invoices/${id}/pdf/`, { headers })).arrayBuffer();
  const root = server.child.pid!;
  const parents = new Map<number, number>();
  const pss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = statusOf(Number(name));
    if (!s) continue;
    parents.set(Number(name), s.ppid);
    pss.set(Number(name), s.pss);
  }
  const descends = (pid: number): boolean => {
    for (let p = parents.get(pid); p && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  let chromiumPss = 0;
  let processes = 0;
  for (const [pid, bytes] of pss) {
    if (!descends(pid)) continue;
    chromiumPss += bytes;
    processes++;
  }
  return { serverPss: pss.get(root) ?? 0, chromiumPss, processes };
}
