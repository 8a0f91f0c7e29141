import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadEnv } from '../src/env';
import { HAPROXY_CFG, checkConfig, haproxyPath } from './faults/haproxy';

/**
 * docker-compose.yml (HAProxy, two app instances, PostgreSQL, MinIO) kept in step with the fault suite's
 * deployment (tests/faults/haproxy.faults.ts): the same deploy/haproxy.cfg, every variable that file reads
 * given, app instances alike and configured as the server's environment schema reads them. Docker is not
 * available here, so the file is read as YAML (the `yaml` package, merge keys on, as Compose reads them).
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  networks: Record<string, { ipam?: { config?: { subnet: string }[] } }>;
};
interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  depends_on?: Record<string, { condition: string }>;
  networks?: string[] | Record<string, { ipv4_address?: string }>;
  stop_signal?: string;
  command?: string[];
}
const cfgText = readFileSync(HAPROXY_CFG, 'utf8');
/** The variables deploy/haproxy.cfg reads ("${NAME}" or "${NAME-default}"). */
const cfgVariables = [...new Set([...cfgText.matchAll(/\$\{([A-Z0-9_]+)(?:-[^}]*)?\}/g)].map((m) => m[1]!))];

/** Compose's `${NAME:-default}` / `${NAME:?message}` with nothing set in the shell: the default, or a sample. */
const interpolate = (value: string) =>
  String(value).replace(
    /\$\{([A-Z0-9_]+)(?::-([^}]*)|:\?[^}]*)?\}/g,
    (_m, _name: string, fallback?: string) => fallback ?? 'sample-password-123',
  );

describe('docker-compose.yml and the fault suite run the same deployment', () => {
  const lb = compose.services.lb!;
  const apps = Object.entries(compose.services).filter(([, s]) => s.build === '.');

  it('mounts deploy/haproxy.cfg, the file the fault suite and the bench start HAProxy with', () => {
    expect(HAPROXY_CFG).toBe(path.join(ROOT, 'deploy/haproxy.cfg'));
    expect(lb.image).toMatch(/^haproxy:2\.6/);
    const mount = lb
      .volumes!.map((v) => v.split(':'))
      .find(([, target]) => target === '/usr/local/etc/haproxy/haproxy.cfg');
    expect(mount, 'the image reads its configuration there').toBeTruthy();
    expect(path.resolve(ROOT, mount![0]!)).toBe(HAPROXY_CFG);
    expect(
      readFileSync(fileURLToPath(new URL('./faults/haproxy.faults.ts', import.meta.url)), 'utf8'),
    ).toContain("from './haproxy'");
  });

  it('gives every variable deploy/haproxy.cfg reads, each server line naming an app instance on its port', () => {
    expect(cfgVariables.sort()).toEqual(['APP1_ADDR', 'APP2_ADDR', 'LB_BIND']);
    for (const name of cfgVariables) expect(lb.environment?.[name], name).toBeTruthy();
    const servers = ['APP1_ADDR', 'APP2_ADDR'].map((name) => lb.environment![name]!.split(':'));
    expect(servers.map(([host]) => host).sort()).toEqual(apps.map(([name]) => name).sort());
    for (const [host, port] of servers) expect(compose.services[host!]!.environment!.PORT).toBe(port);
    expect(lb.ports).toEqual([`3000:${lb.environment!.LB_BIND!.split(':').pop()}`]);
    expect(lb.stop_signal).toBe('SIGUSR1');
    for (const [name] of apps) expect(lb.depends_on?.[name]?.condition).toBe('service_healthy');
  });

  it('runs two alike app instances on one PostgreSQL and one bucket, trusting only the balancer, reachable only through it', () => {
    expect(apps).toHaveLength(2);
    const [[, first], [, second]] = apps as [[string, Service], [string, Service]];
    expect(second).toEqual(first);
    const env = Object.fromEntries(Object.entries(first.environment!).map(([k, v]) => [k, interpolate(v)]));
    const parsed = loadEnv(env); // every variable as the server reads it
    expect(new URL(parsed.DATABASE_URL!).hostname).toBe('db');
    expect(parsed.BLOB_S3_BUCKET).toBe('icehouse');
    expect(new URL(parsed.BLOB_S3_ENDPOINT!).hostname).toBe('minio');
    expect(compose.services.bucket!.environment).toBeTruthy();
    const lbAddress = (lb.networks as Record<string, { ipv4_address?: string }>).icehouse!.ipv4_address;
    expect(parsed.TRUST_PROXY).toEqual([lbAddress]);
    expect(compose.networks.icehouse!.ipam!.config![0]!.subnet).toBe('172.30.0.0/24');
    expect(first.ports, 'app instances are not published').toBeUndefined();
    expect(first.depends_on).toMatchObject({
      db: { condition: 'service_healthy' },
      bucket: { condition: 'service_completed_successfully' },
    });
  });

  it.skipIf(!safeHaproxy())("passes HAProxy's own check with the compose file's variables", () => {
    const result = checkConfig(lb.environment!);
    expect(result.output).toMatch(/Configuration file is valid/);
    expect(result.ok, result.output).toBe(true);
  });
});

const PROMETHEUS_DIR = path.join(ROOT, 'deploy/prometheus');
const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => existsSync(p));

describe('deploy/prometheus: the Prometheus configuration and its alert rules', () => {
  it('scrapes every app instance of docker-compose.yml on the metrics port the instance serves', () => {
    const config = parse(readFileSync(path.join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8')) as {
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
      rule_files: string[];
    };
    const apps = Object.entries(compose.services).filter(([, s]) => s.build === '.');
    const targets = apps.map(([name, service]) => {
      const address = loadEnv(
        Object.fromEntries(Object.entries(service.environment!).map(([k, v]) => [k, interpolate(v)])),
      ).METRICS_ADDRESS!;
      expect(service.expose).toContain(String(address.port));
      return `${name}:${address.port}`;
    });
    const job = config.scrape_configs.find((c) => c.job_name === 'icehouse')!;
    expect(job.static_configs.flatMap((c) => c.targets).sort()).toEqual(targets.sort());
    expect(config.rule_files).toEqual(['alerts.yml']);
    const prometheus = compose.services.prometheus!;
    expect(prometheus.volumes).toContain('./deploy/prometheus:/etc/prometheus:ro');
    expect(prometheus.command).toContain('--config.file=/etc/prometheus/prometheus.yml');
  });

  it('the alert rules and the Grafana dashboard read only metrics the server declares', () => {
    const declared = new Set(
      [...readFileSync(path.join(ROOT, 'apps/server/src/metrics/registry.ts'), 'utf8').matchAll(/'(icehouse_\w+)'/g)].map((m) => m[1]!),
    );
    for (const file of ['deploy/prometheus/alerts.yml', 'deploy/grafana/icehouse.json']) {
      const used = [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/\b(icehouse_\w+)/g)]
        .map((m) => m[1]!.replace(/_(bucket|count|sum)$/, ''))
        // Recorded by the backups once they are scheduled (an alert armed before its figure exists).
        .filter((name) => !name.startsWith('icehouse_backup_'));
      expect(used.length, file).toBeGreaterThan(3);
      expect(used.filter((name) => !declared.has(name)), file).toEqual([]);
    }
    expect(JSON.parse(readFileSync(path.join(ROOT, 'deploy/grafana/icehouse.json'), 'utf8'))).toMatchObject({ uid: 'icehouse-overview' });
  });

  it.skipIf(!PROMTOOL)('passes `promtool check config` and the alert rules pass their unit tests (`promtool test rules`)', () => {
    const check = spawnSync(PROMTOOL!, ['check', 'config', 'prometheus.yml'], { cwd: PROMETHEUS_DIR, encoding: 'utf8' });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    const rules = spawnSync(PROMTOOL!, ['test', 'rules', 'alerts.test.yml'], { cwd: PROMETHEUS_DIR, encoding: 'utf8' });
    expect(rules.status, `${rules.stdout}${rules.stderr}`).toBe(0);
    expect(rules.stdout).toMatch(/SUCCESS/);
  });
});

function safeHaproxy(): boolean {
  try {
    return Boolean(haproxyPath());
  } catch {
    return false;
  }
}
