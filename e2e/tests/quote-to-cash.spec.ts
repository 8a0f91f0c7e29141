import fs from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { startServerWithSmtp, textOf, type ServerWithSmtp } from './support/server-with-smtp';
import { ADMIN, signIn } from './support/session';
import { textGaps } from './support/text-gaps';

/**
 * Quote to cash, one customer's whole journey through the built app (decisions 160-175): staff make a quote
 * and email it; the test SMTP server receives it; the customer opens the link in that email (another
 * browser, no session) and accepts it with a typed name; staff see the acceptance live and convert it to an
 * order, which takes a door number only then; a deposit on the order; the invoice carries the deposit and the
 * customer's terms; a partial payment; a credit note (its PDF; one above what remains refused); the customer
 * page's balance is the invoice's balance due; the statement of the period closes at that balance, is emailed
 * with a link the customer opens, and goes out again in the batch to every customer with a balance; the
 * accountant's IIF file and the QuickBooks Online and Xero CSVs of the day tie to the sales tax report.
 *
 * It runs its own server (support/server-with-smtp.ts): the shared one has no SMTP.
 */
const PORT = Number(process.env.E2E_QUOTES_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5);
let app: ServerWithSmtp | null = null;

test.describe.configure({ mode: 'serial', timeout: 480_000 });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  app = await startServerWithSmtp('quote-to-cash', PORT);
});

test.afterAll(async () => {
  await app?.stop();
});

const nextDoorNumber = async (request: APIRequestContext) =>
  ((await (await request.get('/api/orders/get-next-door-number/')).json()) as { door_number: string }).door_number;

const money = (text: string) => Number(text.replace(/[$,]/g, ''));
/** An amount in whole cents (integers: no float sums). */
const cents = (amount: string) => Math.round(Number(amount) * 100);
const shown = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** Opens a select of the order form (react-select) and picks an option by its exact label. */
async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('quote to cash: a quote accepted from the emailed link, the order, a deposit, the invoice, a payment, a credit note, the statement, the accountant files', async ({
  page,
  browser,
}) => {
  const { baseURL, received } = app!;
  const run = Date.now().toString(36);
  const customerName = `Journey Ice ${run}`;
  const customerEmail = `journey-${run}@example.com`;
  await signIn(page, ADMIN);

  // The From address the email needs.
  await page.goto('/company-info');
  await page.getByLabel('From address').fill('sales@icehouse.example');
  await page.getByRole('button', { name: 'Save email settings' }).click();
  await expect(page.getByText('Email settings saved.')).toBeVisible();

  // A customer on Net 30 terms.
  await page.goto('/customers/new');
  await page.getByRole('region', { name: 'Contact' }).getByRole('textbox', { name: 'Name' }).fill(customerName);
  await page.getByRole('region', { name: 'Contact' }).getByRole('textbox', { name: 'Email' }).fill(customerEmail);
  await page.getByRole('combobox', { name: 'Payment terms' }).fill('Net 30');
  await page.getByRole('button', { name: 'Save Customer' }).click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  const customerId = Number(/\/customers\/(\d+)$/.exec(page.url())![1]);

  const doorBefore = await nextDoorNumber(page.request);

  // 1. A quote from the order form's fields; the customer is found by typing part of the name.
  await page.getByRole('link', { name: 'Quotes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  await page.getByRole('link', { name: 'New Quote' }).click();
  const picker = page.getByRole('combobox', { name: 'Customer', exact: true });
  await picker.click();
  await picker.fill(customerName.slice(0, -2));
  await page.getByRole('option', { name: customerName, exact: true }).click();
  await expect(page.getByRole('group', { name: 'Bill To' }).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(customerName);
  // The order form's address blocks: a Canadian ship-to with its province picked and its postal code shaped.
  const shipTo = page.getByRole('group', { name: 'Ship To' });
  await shipTo.getByRole('textbox', { name: 'Name', exact: true }).fill('Journey Dock');
  await choose(page, shipTo.getByRole('combobox', { name: 'Country' }), 'Canada');
  await choose(page, shipTo.getByRole('combobox', { name: 'Province' }), 'Ontario');
  await shipTo.getByRole('textbox', { name: 'Postal Code' }).fill('k1a0b1');
  await expect(shipTo.getByRole('textbox', { name: 'Postal Code' })).toHaveValue('K1A 0B1');
  // The order form's own pickers: the catalogue's product, hinge side and items at their catalogue prices.
  const building = page.getByRole('region', { name: 'Building' });
  await choose(page, building.getByRole('combobox', { name: 'Product' }), 'Walk-in Cooler 8x10');
  await choose(page, building.getByRole('combobox', { name: 'Hinge Side' }), 'Left');
  const items = page.getByRole('region', { name: 'Additional Items' });
  await items.getByRole('button', { name: 'Add Item' }).click();
  await choose(page, items.getByRole('group', { name: 'Item 1' }).getByRole('combobox', { name: 'Item' }), 'Strip Curtain');
  await expect(items.getByRole('group', { name: 'Item 1' }).getByLabel('Price')).toHaveValue('165.00');
  await page.getByLabel('Freight Cost').fill('150');
  await page.getByRole('button', { name: 'Save Quote' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Quote Q-\d+$/ })).toBeVisible();
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Quote ', '');
  const total = (await page.getByTestId('quote-total').textContent()) ?? '';
  expect(total).toMatch(/^\$[\d,]+\.\d\d$/);
  // Saving a quote takes no door number.
  expect(await nextDoorNumber(page.request)).toBe(doorBefore);
  // The picker shows the quote's customer after a reload.
  await page.reload();
  await expect(page.getByText(customerName, { exact: true }).first()).toBeVisible();

  // 2. Emailed through the queue; the test SMTP server receives it with the PDF and the link.
  await page.getByRole('button', { name: 'Email Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email quote' });
  await expect(dialog.getByLabel('Subject')).toHaveValue(new RegExp(`^Quote ${number} from `));
  await dialog.getByRole('textbox', { name: /^To/ }).fill('buyer@journey.example');
  await dialog.getByRole('button', { name: 'Send' }).click();
  // Send archives the PDF first (a cold Chromium may take a few seconds).
  await expect(page.getByText('The email is queued: the sent log shows when it is sent.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Quote status').getByText('Sent', { exact: true })).toBeVisible();
  await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThan(0);
  const mail = textOf(received[0]!);
  expect(mail).toContain('Content-Type: application/pdf');
  const link = new RegExp(`${baseURL.replace(/[.]/g, '\\.')}/customer/quote/\\d+#[A-Za-z0-9_-]{43}`).exec(mail)?.[0];
  expect(link, mail).toBeTruthy();

  // 3. The customer: another browser, no session, opens the link from the email and accepts.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(link!);
  await expect(customer.getByRole('heading', { level: 1, name: `Quote ${number}` })).toBeVisible();
  await expect(customer.getByText(total).first()).toBeVisible();
  await customer.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(customer.getByText('Type your name to accept the quote.')).toBeVisible();
  await customer.getByLabel(/^Your name/).fill('Pat Journey');
  await customer.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(customer.getByText('Thank you: your acceptance has been recorded.')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Accept Quote' })).toHaveCount(0);
  expect((await customerContext.cookies()).map((c) => c.name)).not.toContain('sessionid');

  // Staff see it live, without reloading.
  await expect(page.getByText(/^Accepted by Pat Journey on \d\d\/\d\d\/\d{4}$/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('The customer has just answered this quote.')).toBeVisible();

  // The same link again: the quote is answered, so no second acceptance.
  await customer.reload();
  await expect(customer.getByText(/^Accepted by Pat Journey/)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Accept Quote' })).toHaveCount(0);
  await customerContext.close();

  // 4. Convert: the door number is proposed and taken now.
  await page.getByRole('button', { name: 'Convert to Order' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert to Order' });
  await expect(convert.getByLabel(/^Door Number/)).toHaveValue(doorBefore);
  await convert.getByRole('button', { name: 'Convert to Order' }).click();
  await expect(page.getByText(`Order ${doorBefore} created from quote ${number}.`)).toBeVisible();
  expect(Number(await nextDoorNumber(page.request))).toBeGreaterThan(Number(doorBefore));
  await expect(page.getByLabel('Quote status').getByText('Converted', { exact: true })).toBeVisible();

  // 5. The order carries the quote's total, hinge side, catalogue item and ship-to; a deposit is taken on it.
  await page.getByRole('link', { name: `Open order ${doorBefore}` }).first().click();
  const edit = page.getByRole('dialog', { name: 'Edit Order' });
  await expect(edit.getByText(total).first()).toBeVisible({ timeout: 30_000 });
  await expect(edit.getByRole('region', { name: 'Building' })).toContainText('Left');
  await expect(edit.getByRole('group', { name: 'Item 1' })).toContainText('Strip Curtain');
  const shipping = edit.getByRole('group', { name: 'Shipping Address' });
  await expect(shipping.getByRole('textbox', { name: 'Postal Code' })).toHaveValue('K1A 0B1');
  await expect(shipping).toContainText('Ontario');
  const deposits = edit.getByRole('group', { name: 'Record deposit' });
  await deposits.getByLabel('Deposit amount').fill('500');
  await deposits.getByLabel('Deposit reference').fill('DEP-JOURNEY');
  await deposits.getByRole('button', { name: 'Record deposit' }).click();
  await expect(edit.getByText('Held: $500.00')).toBeVisible();

  // 6. The invoice: the deposit is on it, the terms are the customer's.
  await edit.getByRole('button', { name: 'CREATE INVOICE' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  const invoiceId = Number(/\/invoices\/(\d+)\/edit$/.exec(page.url())![1]);
  const ledger = page.getByRole('table', { name: 'Payments and credits recorded on this invoice' });
  await expect(ledger).toContainText('Deposit');
  await expect(ledger).toContainText('$500.00');
  const invoice = (await (await page.request.get(`/api/invoices/${invoiceId}/`)).json()) as {
    editable_data: { terms: string; due_date: string };
    date: string;
    totals: { total: string; balance_due: string };
  };
  expect(invoice.editable_data.terms).toBe('Net 30');
  expect(invoice.editable_data.due_date > invoice.date).toBe(true);
  expect(invoice.totals.total).toBe(String(money(total).toFixed(2)));
  expect(money(invoice.totals.balance_due)).toBeCloseTo(money(invoice.totals.total) - 500, 2);

  // 7. A partial payment.
  const payment = page.getByRole('form', { name: 'Record payment' });
  await payment.getByRole('spinbutton', { name: 'Amount' }).fill('1000');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Edit Invoice/ })).toContainText('Partially paid');

  // 8. A credit note: a price concession of $250 on a taxed line.
  const credit = page.getByRole('form', { name: 'Issue credit note' });
  await credit.getByRole('textbox', { name: 'Reason' }).fill('Price concession');
  await credit.getByRole('textbox', { name: 'Description 1' }).fill('Concession on the cooler');
  await credit.getByLabel('Price each 1').fill('250');
  await credit.getByRole('button', { name: 'Issue credit note' }).click();
  // It is issued only once its total with tax has been seen and confirmed.
  const confirmNote = page.getByRole('dialog', { name: 'Issue this credit note?' });
  await expect(confirmNote.getByTestId('credit-note-preview-subtotal')).toHaveText('$250.00');
  await confirmNote.getByRole('button', { name: /^Issue for \$/ }).click();
  await expect(page.getByText(/Credit note CN-\d+ issued for/)).toBeVisible();
  const notes = page.getByRole('table', { name: 'Credit notes issued against this invoice' });
  await expect(notes).toContainText('Price concession');
  const pdf = await page.request.get((await notes.getByRole('link', { name: /PDF CN-\d+/ }).getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // A credit note above what remains is refused with a clear message, nothing issued.
  await credit.getByRole('textbox', { name: 'Reason' }).fill('Too much');
  await credit.getByRole('textbox', { name: 'Description 1' }).fill('Everything');
  await credit.getByLabel('Price each 1').fill('999999');
  await credit.getByRole('button', { name: 'Issue credit note' }).click();
  await confirmNote.getByRole('button', { name: /^Issue for \$/ }).click();
  await expect(credit.getByRole('alert')).toContainText('The credit note cannot be more than');
  await expect(notes.getByRole('row')).toHaveCount(2);

  // 9. The customer page's balance is the invoice's balance due.
  const after = (await (await page.request.get(`/api/invoices/${invoiceId}/`)).json()) as { totals: { balance_due: string } };
  expect(money(after.totals.balance_due)).toBeLessThan(money(invoice.totals.balance_due) - 1000);
  await page.goto(`/customers/${customerId}`);
  await expect(
    page.getByRole('region', { name: 'Invoices' }).getByText('Balance', { exact: true }).locator('..'),
  ).toContainText(shown(after.totals.balance_due));
  const customerAnswer = (await (await page.request.get(`/api/customers/${customerId}/`)).json()) as {
    balance: { balance: string; deposits_held: string };
  };
  expect(customerAnswer.balance.balance).toBe(after.totals.balance_due);
  // The deposit moved onto the invoice: none is held any more, and no credit is owed.
  expect(customerAnswer.balance.deposits_held).toBe('0.00');
  await expect(page.getByRole('region', { name: 'Credit' })).toContainText('No credit.');

  // 10. The statement of everything up to today: it opens at nothing and closes at the page's balance.
  const balance = shown(after.totals.balance_due);
  const statement = page.getByRole('region', { name: 'Statement' });
  await statement.getByLabel('From').fill('2000-01-01');
  await expect(statement.getByTestId('statement-opening')).toHaveText('$0.00');
  await expect(statement.getByTestId('statement-closing')).toHaveText(balance);
  const entries = statement.getByRole('table', { name: 'Entries of the period' });
  for (const entry of ['Invoice', 'Deposit', 'Payment', 'Credit note']) await expect(entries).toContainText(entry);
  const statementPdf = await page.request.get((await statement.getByRole('link', { name: 'PDF' }).getAttribute('href'))!);
  expect(statementPdf.headers()['content-type']).toBe('application/pdf');

  // Emailed to the customer, with a link they open without a session: the same closing balance.
  await statement.getByRole('button', { name: 'Email' }).click();
  const confirm = page.getByRole('dialog', { name: 'Email statement' });
  await expect(confirm).toContainText(customerEmail);
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(new RegExp(`Statement S-\\d+ is queued to ${customerEmail}`))).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => received.filter((m) => m.includes(customerEmail)).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const statementMail = textOf(received.find((m) => m.includes(customerEmail))!);
  expect(statementMail).toContain('Content-Type: application/pdf');
  const statementLink = new RegExp(`${baseURL.replace(/[.]/g, '\\.')}/customer/statement/\\d+#[A-Za-z0-9_-]{43}`).exec(statementMail)?.[0];
  expect(statementLink, statementMail).toBeTruthy();
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(statementLink!);
  await expect(readerPage.getByRole('heading', { level: 1, name: /^Statement S-\d+$/ })).toBeVisible();
  await expect(readerPage.getByTestId('statement-closing')).toHaveText(balance);
  expect((await reader.cookies()).map((c) => c.name)).not.toContain('sessionid');
  await reader.close();
  // The same link on a 390 px phone: the columns keep apart ("10/01/2026Opening balance" ran together), and
  // nothing runs to the screen's edge (the aging row's Unapplied credit did).
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(statementLink!);
  await expect(phonePage.getByTestId('statement-closing')).toHaveText(balance);
  const gaps = await textGaps(phonePage.getByRole('table', { name: 'Entries of the period' }));
  expect(gaps.length).toBeGreaterThan(0);
  for (const { a, b, gap } of gaps) expect(gap, `"${a}" and "${b}"`).toBeGreaterThanOrEqual(6);
  expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Every figure of the aging, Unapplied credit the last, stands clear of both edges.
  const aging = phonePage.getByRole('region', { name: /^Open invoices on .*, by days past due$/ });
  const terms = aging.getByRole('term');
  await expect(terms).toHaveCount(7);
  await expect(terms.last()).toHaveText('Unapplied credit');
  for (const figure of await aging.locator('dt, dd').all()) {
    const box = (await figure.boundingBox())!;
    expect(box.x, await figure.innerText()).toBeGreaterThanOrEqual(8);
    expect(box.x + box.width, await figure.innerText()).toBeLessThanOrEqual(390 - 8);
  }
  await phone.close();

  // Statements to every customer with a balance, as one batch: this customer's arrives again.
  const sentBefore = received.filter((m) => m.includes(customerEmail)).length;
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Email statements' }).click();
  const batch = page.getByRole('dialog', { name: 'Email statements to customers with a balance' });
  // It opens on last month; this customer's records are today's, so the period runs to today. Who will be
  // emailed is named before sending.
  await batch.getByLabel('From').fill('2000-01-01');
  await batch.getByLabel('To').fill(new Date().toISOString().slice(0, 10));
  await expect(batch.getByRole('list', { name: /will be emailed/ })).toContainText(customerEmail);
  await batch.getByRole('button', { name: /^Email \d+ statements?$/ }).click();
  await expect(batch.getByTestId('statement-batch-result')).toContainText(/\d+ statements?: \d+ sent/, { timeout: 30_000 });
  await expect.poll(() => received.filter((m) => m.includes(customerEmail)).length, { timeout: 90_000 }).toBeGreaterThan(sentBefore);
  await page.keyboard.press('Escape');

  // 11. The accountant's files for today, from Reports: they tie to the sales tax report of the same range.
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/reports?report=accountant-export&from=${today}&to=${today}`);
  await expect(page.getByRole('status').filter({ hasText: /invoices?, \d+ credit notes?/ })).toBeVisible({ timeout: 30_000 });
  const downloadAs = async (format: string) => {
    await page.getByLabel('Format').selectOption(format);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).click();
    return fs.readFile(await (await download).path(), 'utf8');
  };
  const report = (
    (await (await page.request.get(`/api/reports/sales-tax/?from=${today}&to=${today}`)).json()) as {
      total: { total: string; tax: string };
    }
  ).total;

  const iif = (await downloadAs('iif'))
    .split('\r\n')
    .filter(Boolean)
    .map((r) => r.split('\t'));
  const [trnsHeader, splHeader] = [iif[0]!, iif[1]!];
  const blocks: { type: string; lines: { account: string; cents: number }[] }[] = [];
  for (const row of iif.slice(3)) {
    const header = row[0] === 'TRNS' ? trnsHeader : splHeader;
    if (row[0] === 'TRNS') blocks.push({ type: row[header.indexOf('TRNSTYPE')]!, lines: [] });
    if (row[0] === 'TRNS' || row[0] === 'SPL')
      blocks.at(-1)!.lines.push({ account: row[header.indexOf('ACCNT')]!, cents: cents(row[header.indexOf('AMOUNT')]!) });
  }
  for (const b of blocks) expect(b.lines.reduce((t, l) => t + l.cents, 0)).toBe(0);
  const documents = blocks.filter((b) => b.type === 'INVOICE' || b.type === 'CREDIT MEMO').flatMap((b) => b.lines);
  const onAccount = (account: string) => documents.filter((l) => l.account === account).reduce((t, l) => t + l.cents, 0);
  expect(onAccount('Accounts Receivable')).toBe(cents(report.total));
  expect(-onAccount('Sales Tax Payable')).toBe(cents(report.tax));

  const rows = (text: string) => parse(text, { columns: true, bom: true }) as Record<string, string>[];
  const sumCents = (values: (string | undefined)[]) => values.reduce((t, v) => t + cents(v || '0'), 0);
  const lineCents = (list: Record<string, string>[]) =>
    list.reduce((t, r) => t + Math.round(Number(r['*Quantity']) * cents(r['*UnitAmount']!)), 0) + sumCents(list.map((r) => r.TaxAmount));
  const qbo = rows(await downloadAs('qbo-invoices'));
  const xero = rows(await downloadAs('xero-invoices'));
  const creditNotes = rows(await downloadAs('xero-credit-notes'));
  expect(qbo.some((r) => r.Customer === customerName)).toBe(true);
  expect(sumCents(qbo.map((r) => r.ItemAmount)) + sumCents(qbo.map((r) => r.ItemTaxAmount)) - lineCents(creditNotes)).toBe(cents(report.total));
  expect(lineCents(xero) - lineCents(creditNotes)).toBe(cents(report.total));
});
