import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, sleep, type Exit } from './harness';

/**
 * A real HAProxy (Debian's package, 2.6) in front of the built server processes, started in the
 * foreground (`-db`) with the repository's own configuration, deploy/haproxy.cfg: the file
 * docker-compose.yml mounts. Only the addresses differ, passed as the environment variables the file
 * reads (LB_BIND, APP1_ADDR, APP2_ADDR).
 */

export const HAPROXY_CFG = fileURLToPath(new URL('../../../../deploy/haproxy.cfg', import.meta.url));

export function haproxyPath(): string {
  const candidates = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error(
      'HAProxy is not installed: `apt-get install -y haproxy` (or set HAPROXY_PATH). .ci/run installs it.',
    );
  return found;
}

/** `haproxy -c`: the configuration parses with these addresses (its output when it does not). */
export function checkConfig(env: Record<string, string>): { ok: boolean; output: string } {
  const res = spawnSync(haproxyPath(), ['-c', '-f', HAPROXY_CFG], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  return { ok: res.status === 0, output: `${res.stdout}${res.stderr}` };
}

export interface Haproxy {
  pid: number;
  url: string;
  /** Its log (one line per request on standard output: `... app/app1 ...`) and its notices. */
  lines: string[];
  stop(): Promise<Exit>;
}

/** Starts HAProxy in front of `servers` (host:port each, app1 then app2) and waits until it answers /healthz with 200. */
export async function startHaproxy(servers: [string, string]): Promise<Haproxy> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    LB_BIND: `127.0.0.1:${port}`,
    APP1_ADDR: servers[0],
    APP2_ADDR: servers[1],
  };
  const child = spawn(haproxyPath(), ['-f', HAPROXY_CFG, '-db'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      if (lines.length < 100_000) lines.push(...parts);
    });
  }
  let running = true;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const proxy: Haproxy = {
    pid: child.pid!,
    url,
    lines,
    async stop() {
      if (running) child.kill('SIGTERM');
      const timer = setTimeout(() => running && child.kill('SIGKILL'), 5000);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (!running) throw new Error(`HAProxy exited:\n${lines.slice(-20).join('\n')}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return proxy;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await proxy.stop();
      throw new Error(`HAProxy did not answer within 20 s:\n${lines.slice(-20).join('\n')}`);
    }
    await sleep(50);
  }
}

/** The server (app1 / app2) HAProxy's log names for each finished request line (`... app/app1 ...`). */
export function serversInLog(lines: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const match = / app\/(app\d)\b/.exec(line);
    if (match) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  }
  return counts;
}
