import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium drives the built web app, served by the built server
 * (`apps/server/dist/main.js`, which serves `apps/web/dist`) over a fresh embedded database
 * seeded with the demo data. Build first: turbo does it for `test`, since this package
 * dev-depends on the server and the web app.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
// E2E_PORT lets two checkouts on one machine run the suite at once.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * A fresh data folder per run (the server creates it), under the git-ignored .tmp/. Playwright
 * starts the web server before any globalSetup, so it is chosen here; the environment carries it
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

const dataDir = dataDirForThisRun();

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous waits: CI shares two cores between this browser, the server and its database. A wait ends as
  // soon as what it waits for shows, so a passing run costs no more; only a failure takes longer to report.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    cwd: here,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Customer links are built from it (never from a request's Host header).
      PUBLIC_BASE_URL: BASE_URL,
    },
  },
});
