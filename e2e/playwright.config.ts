import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium drives the built web app, served by the built server
 * (`apps/server/dist/main.js`, which serves `apps/web/dist`) over a fresh embedded database
 * seeded with the demo data, one server per worker. Build first: turbo does it for `test`, since this package
 * dev-depends on the server and the web app.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
// E2E_PORT lets two checkouts on one machine run the suite at once (each takes E2E_PORT and the ports after it).
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Two cores: two browsers at once, each with a server and embedded database of its own (see `servers`).
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * A fresh folder per run (each server's data folder inside it), under the git-ignored .tmp/. Playwright
 * starts the web servers before any globalSetup, so it is chosen here; the environment carries it
 * to the workers, which load this file again. Folders of runs started over an hour ago (about
 * 40 MB each) are removed; a run still going then is not touched.
 */
function dataDirForThisRun(): string {
  const existing = process.env.ICEHOUSE_E2E_DATA_DIR;
  if (existing) return existing;
  const parent = path.join(repoRoot, '.tmp');
  const hourAgo = Date.now() - 60 * 60 * 1000;
  const previous = fs.existsSync(parent) ? fs.readdirSync(parent) : [];
  for (const name of previous) {
    const stamp = /^e2e-(\d+)$/.exec(name)?.[1];
    if (stamp && Number(stamp) < hourAgo)
      fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const dir = path.join(parent, `e2e-${Date.now()}`);
  process.env.ICEHOUSE_E2E_DATA_DIR = dir;
  return dir;
}

const runDir = dataDirForThisRun();

/**
 * One server per worker, each on a fresh demo database of its own: the tests change shared records (the
 * company's tax rate, the catalogue, users), so two workers on one server could see each other's changes.
 * Playwright sets TEST_PARALLEL_INDEX (0 .. workers-1) in a worker before it loads this file, so a worker's
 * `baseURL` is its own server's; the main process starts them all.
 */
const servers = Array.from({ length: WORKERS }, (_, index) => ({
  url: `http://127.0.0.1:${PORT + index}`,
  port: PORT + index,
  dataDir: path.join(runDir, `server-${index}`),
}));
const own = servers[Number(process.env.TEST_PARALLEL_INDEX ?? 0)] ?? servers[0]!;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous waits: CI shares two cores between this browser, the server and its database. A wait ends as
  // soon as what it waits for shows, so a passing run costs no more; only a failure takes longer to report.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: own.url,
    headless: true,
    // Recording a trace (DOM snapshots and screencast frames at every step) made each test about a third
    // slower on two cores, passing or not: CI, which runs the whole suite, keeps the failure's screenshot
    // and the list output, and a failure is traced by running its test again locally, where it is on.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: servers.map((server) => ({
    command: 'node ../apps/server/dist/main.js',
    cwd: here,
    url: `${server.url}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Customer links are built from it (never from a request's Host header).
      PUBLIC_BASE_URL: server.url,
    },
  })),
});
