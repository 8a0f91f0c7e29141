import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support/session';

/**
 * Statements (decisions 200-203): a customer's statement on their page closes at the page's balance; PDF
 * opens the statement's PDF; Email sends it (received by the test SMTP server) with a link the customer
 * opens without a session; "Email statements" on the customers list queues the batch and shows its outcome.
 *
 * This file runs its own server (the shared one has no SMTP), as quotes.spec.ts does: the built server, a
 * fresh demo database, SMTP_URL pointing at an SMTP server in this test process, PUBLIC_BASE_URL its own address.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const PORT = Number(process.env.E2E_STATEMENTS_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 6);
const BASE_URL = `http://127.0.0.1:${PORT}`;

let server: ChildProcess | null = null;
let smtp: SMTPServer | null = null;
const received: string[] = [];

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ baseURL: BASE_URL });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  const dataDir = path.join(repoRoot, '.tmp', `e2e-statements-${Date.now()}`);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_BASE_URL: BASE_URL,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE_URL}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the statements e2e server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server?.pid) process.kill(server.pid, 'SIGTERM');
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

/** The text of a raw message with quoted-printable soft line breaks joined. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');


/** The customer page's Balance (the Invoices section's figures). */
const pageBalance = (page: Page) =>
  page.getByRole('region', { name: 'Invoices' }).locator('dt', { hasText: /^Balance$/ }).locator('xpath=following-sibling::dd[1]');

test('a statement on the customer page closes at its balance; PDF, Email (with a working link) and the batch work', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  await page.goto('/company-info');
  await page.getByLabel('From address').fill('ar@icehouse.example');
  await page.getByRole('button', { name: 'Save email settings' }).click();
  await expect(page.getByText('Email settings saved.')).toBeVisible();

  // A demo customer who owes something; given an email address of our own through the customer form.
  const list = (await (await page.request.get('/api/customers/?page_size=100')).json()) as { results: { id: number; name: string; balance: string }[] };
  const owing = list.results.find((c) => Number(c.balance) > 0);
  expect(owing, 'a demo customer with a balance').toBeDefined();
  const address = `statements-${Date.now().toString(36)}@example.com`;
  await page.goto(`/customers/${owing!.id}`);
  await page.getByRole('region', { name: 'Contact' }).getByRole('textbox', { name: 'Email' }).fill(address);
  await page.getByRole('button', { name: 'Save Customer' }).click();
  await expect(page.getByText('Customer saved.')).toBeVisible();

  // The statement of everything up to today closes at the page's balance.
  const section = page.getByRole('region', { name: 'Statement' });
  await section.getByLabel('From').fill('2000-01-01');
  const balance = (await pageBalance(page).textContent())!.trim();
  expect(balance).toMatch(/^-?\$[\d,]+\.\d\d$/);
  await expect(section.getByTestId('statement-opening')).toHaveText('$0.00');
  await expect(section.getByTestId('statement-closing')).toHaveText(balance);
  await expect(section.getByRole('table', { name: 'Entries of the period' })).toContainText('Invoice');

  // PDF opens the period's statement in a new tab.
  const pdfLink = section.getByRole('link', { name: 'PDF' });
  const href = await pdfLink.getAttribute('href');
  expect(href).toMatch(new RegExp(`/api/customers/${owing!.id}/statement/pdf/\\?from=2000-01-01&to=\\d{4}-\\d{2}-\\d{2}`));
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const [tab] = await Promise.all([page.waitForEvent('popup'), pdfLink.click()]);
  expect(tab.url()).toContain('/statement/pdf/');
  await tab.close();

  // Email: confirmed, queued, received with the PDF and a link the customer opens without a session.
  await section.getByRole('button', { name: 'Email' }).click();
  const confirm = page.getByRole('dialog', { name: 'Email statement' });
  await expect(confirm).toContainText(address);
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(new RegExp(`Statement S-\\d+ is queued to ${address}`))).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => received.filter((m) => m.includes(address)).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const mail = textOf(received.find((m) => m.includes(address))!);
  expect(mail).toContain('Content-Type: application/pdf');
  const url = new RegExp(`${BASE_URL.replace(/[.:/]/g, (c) => `\\${c}`)}/customer/statement/\\d+#[A-Za-z0-9_-]{43}`).exec(mail)?.[0];
  expect(url, mail).toBeTruthy();
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await customerPage.goto(url!);
  await expect(customerPage.getByRole('heading', { level: 1, name: /^Statement S-\d+$/ })).toBeVisible();
  await expect(customerPage.getByTestId('statement-closing')).toHaveText(balance);
  expect((await customerContext.cookies()).map((c) => c.name)).not.toContain('sessionid');
  await customerContext.close();

  // The batch: one confirm, the outcome shown.
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Email statements' }).click();
  const batch = page.getByRole('dialog', { name: 'Email statements to customers with a balance' });
  await batch.getByLabel('From').fill('2000-01-01');
  await batch.getByRole('button', { name: 'Email statements' }).click();
  await expect(batch.getByTestId('statement-batch-result')).toContainText(/\d+ statements: \d+ sent/, { timeout: 30_000 });
  await expect.poll(() => received.filter((m) => m.includes(address)).length, { timeout: 90_000 }).toBeGreaterThan(1);
});
