import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep, type Exit } from './harness';

/**
 * A real Prometheus (Debian's package, 2.42) scraping the given targets with the repository's alert rules,
 * deploy/prometheus/alerts.yml: the file docker-compose.yml mounts. Only the targets and the intervals
 * differ from deploy/prometheus/prometheus.yml: a scrape and an evaluation every second, so an alert
 * without a `for` fires within seconds of its cause.
 */

export const ALERT_RULES = fileURLToPath(new URL('../../../../deploy/prometheus/alerts.yml', import.meta.url));

export function prometheusPath(): string {
  const found = [process.env.PROMETHEUS_PATH, '/usr/bin/prometheus', '/usr/local/bin/prometheus']
    .filter(Boolean)
    .find((p) => existsSync(p!));
  if (!found) throw new Error('Prometheus is not installed: `apt-get install -y prometheus`. .ci/run installs it.');
  return found!;
}

/** A port of `from`..`to` nothing listens on now (the first that binds). */
export async function portIn(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export interface Prometheus {
  url: string;
  lines: string[];
  /** GET /api/v1/<path>: its `data`. */
  api<T>(pathAndQuery: string): Promise<T>;
  stop(): Promise<Exit>;
}

export async function startPrometheus(targets: string[]): Promise<Prometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'icehouse-prometheus-'));
  const config = path.join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      '  evaluation_interval: 1s',
      'rule_files:',
      `  - ${JSON.stringify(ALERT_RULES)}`,
      'scrape_configs:',
      '  - job_name: icehouse',
      '    static_configs:',
      `      - targets: ${JSON.stringify(targets)}`,
      '',
    ].join('\n'),
  );
  const port = await portIn(9090, 9099);
  const child = spawn(
    prometheusPath(),
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  let running = true;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const prometheus: Prometheus = {
    url,
    lines,
    async api<T>(pathAndQuery: string) {
      const res = await fetch(`${url}/api/v1/${pathAndQuery}`, { signal: AbortSignal.timeout(5000) });
      const body = (await res.json()) as { status: string; data: T; error?: string };
      if (body.status !== 'success') throw new Error(`Prometheus: ${body.error}`);
      return body.data;
    },
    async stop() {
      if (running) child.kill('SIGTERM');
      const timer = setTimeout(() => running && child.kill('SIGKILL'), 5000);
      const exit = await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      return exit;
    },
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (!running) throw new Error(`Prometheus exited:\n${lines.slice(-20).join('\n')}`);
    const ready = await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return prometheus;
    if (Date.now() > deadline) {
      await prometheus.stop();
      throw new Error(`Prometheus was not ready within 20 s:\n${lines.slice(-20).join('\n')}`);
    }
    await sleep(100);
  }
}

export interface ActiveTarget {
  scrapeUrl: string;
  health: 'up' | 'down' | 'unknown';
  lastError: string;
}
export interface Alert {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
}
