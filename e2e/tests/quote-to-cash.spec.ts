import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, signIn } from './support/session';

/**
 * A quote from the form to an order, through the customer (decisions 160-163): staff make a quote and
 * email it; the test SMTP server receives it; the customer opens the link in that email (another browser,
 * no session), accepts it with a typed name; the staff screen shows the acceptance live; staff convert it
 * to an order, which takes a door number only then.
 *
 * This file runs its own server (the shared one has no SMTP): the built server, a fresh demo database,
 * SMTP_URL pointing at an SMTP server in this test process, PUBLIC_BASE_URL its own address.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const PORT = Number(process.env.E2E_QUOTES_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5);
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
  const dataDir = path.join(repoRoot, '.tmp', `e2e-quotes-${Date.now()}`);
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
    if (Date.now() > deadline) throw new Error('the quotes e2e server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server?.pid) process.kill(server.pid, 'SIGTERM');
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

/** The text of a raw message with quoted-printable soft line breaks joined. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

const nextDoorNumber = async (request: APIRequestContext) =>
  ((await (await request.get('/api/orders/get-next-door-number/')).json()) as { door_number: string }).door_number;

test('a quote emailed to a customer, accepted from the link in that email, converted to an order', async ({ page, browser }) => {
  await signIn(page, ADMIN);

  // The From address the email needs.
  await page.goto('/company-info');
  await page.getByLabel('From address').fill('sales@icehouse.example');
  await page.getByRole('button', { name: 'Save email settings' }).click();
  await expect(page.getByText('Email settings saved.')).toBeVisible();

  const doorBefore = await nextDoorNumber(page.request);

  // A quote from the order form's fields.
  await page.getByRole('link', { name: 'Quotes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  await page.getByRole('link', { name: 'New Quote' }).click();
  await page.getByLabel('Customer', { exact: true }).selectOption({ label: 'Lakeside Bait & Tackle' });
  await expect(page.getByLabel('Bill To Name')).toHaveValue('Lakeside Bait & Tackle');
  await page.getByLabel('Product').selectOption({ index: 1 });
  await page.getByLabel('Freight Cost').fill('150');
  await page.getByRole('button', { name: 'Save Quote' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Quote Q-\d+$/ })).toBeVisible();
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Quote ', '');
  const total = (await page.getByTestId('quote-total').textContent()) ?? '';
  expect(total).toMatch(/^\$[\d,]+\.\d\d$/);
  // Saving a quote takes no door number.
  expect(await nextDoorNumber(page.request)).toBe(doorBefore);

  // Emailed through the queue; the test SMTP server receives it with the PDF and the link.
  await page.getByRole('button', { name: 'Email Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email quote' });
  await expect(dialog.getByLabel('Subject')).toHaveValue(new RegExp(`^Quote ${number} from `));
  await dialog.getByRole('textbox', { name: /^To/ }).fill('buyer@lakeside.example');
  await dialog.getByRole('button', { name: 'Send' }).click();
  // Send archives the PDF first (a cold Chromium may take a few seconds).
  await expect(page.getByText('The email is queued: the sent log shows when it is sent.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Quote status').getByText('Sent', { exact: true })).toBeVisible();
  await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThan(0);
  const mail = textOf(received[0]!);
  expect(mail).toContain('Content-Type: application/pdf');
  const link = new RegExp(`${BASE_URL.replace(/[.]/g, '\\.')}/customer/quote/\\d+#[A-Za-z0-9_-]{43}`).exec(mail)?.[0];
  expect(link, mail).toBeTruthy();

  // The customer: another browser, no session, opens the link from the email and accepts.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(link!);
  await expect(customer.getByRole('heading', { level: 1, name: `Quote ${number}` })).toBeVisible();
  await expect(customer.getByText(total).first()).toBeVisible();
  await customer.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(customer.getByText('Type your name to accept the quote.')).toBeVisible();
  await customer.getByLabel(/^Your name/).fill('Pat Lakeside');
  await customer.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(customer.getByText('Thank you: your acceptance has been recorded.')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Accept Quote' })).toHaveCount(0);
  expect((await customerContext.cookies()).map((c) => c.name)).not.toContain('sessionid');

  // Staff see it live, without reloading.
  await expect(page.getByText(/^Accepted by Pat Lakeside on \d\d\/\d\d\/\d{4}$/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('The customer has just answered this quote.')).toBeVisible();

  // The same link again: the quote is answered, so no second acceptance.
  await customer.reload();
  await expect(customer.getByText(/^Accepted by Pat Lakeside/)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Accept Quote' })).toHaveCount(0);

  // Convert: the door number is proposed and taken now.
  await page.getByRole('button', { name: 'Convert to Order' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert to Order' });
  await expect(convert.getByLabel(/^Door Number/)).toHaveValue(doorBefore);
  await convert.getByRole('button', { name: 'Convert to Order' }).click();
  await expect(page.getByText(`Order ${doorBefore} created from quote ${number}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Open order ${doorBefore}` }).first()).toBeVisible();
  expect(Number(await nextDoorNumber(page.request))).toBeGreaterThan(Number(doorBefore));
  await expect(page.getByLabel('Quote status').getByText('Converted', { exact: true })).toBeVisible();

  // The order carries the quote's total.
  await page.getByRole('link', { name: `Open order ${doorBefore}` }).first().click();
  await expect(page.getByRole('dialog').getByText(total).first()).toBeVisible();

  await customerContext.close();
});
