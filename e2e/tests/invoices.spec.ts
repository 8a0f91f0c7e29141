import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { STAFF, signIn } from './support/session';
import { INVOICE_COLUMNS, invoiceRows, invoicesTable } from './support/invoices-table';

/**
 * Invoices, against the built app and server with the demo data (SEED_DEMO=true, which holds
 * more than one page of invoices, one combined invoice and two edited ones): the list with its
 * search and badges, the editor's live totals and save, the PDF download, and the PDF viewer
 * drawing the pages with the bundled pdf.js.
 */

const amount = (page: Page, name: string) => page.getByRole('status', { name, exact: true });

/** Opens the list from the header and waits for its rows. */
async function openInvoiceList(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(invoiceRows(page).first()).toBeVisible();
}

/** The newest single (not combined) invoice: its row, number and id (read from Edit Layout). */
async function openFirstSingleInvoice(page: Page): Promise<{ id: number; number: string; row: Locator }> {
  const row = invoiceRows(page).filter({ hasText: 'Single' }).first();
  const number = (await row.getByRole('cell').first().textContent())?.trim() ?? '';
  expect(number).not.toBe('');
  await row.getByRole('button', { name: 'Edit Layout' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  const id = Number(/\/invoices\/(\d+)\/edit$/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Invoice' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Invoice #/ })).toHaveValue(number);
  return { id, number, row };
}

test('the invoice list shows badges, loads more, searches by customer and opens a combined invoice’s orders', async ({
  page,
}) => {
  await signIn(page, STAFF);
  await openInvoiceList(page);
  const table = invoicesTable(page);
  await expect(table.getByRole('columnheader')).toHaveText(INVOICE_COLUMNS);

  // 25 a page; the demo data has more.
  await expect(invoiceRows(page)).toHaveCount(25);
  await page.getByRole('button', { name: 'Load More Invoices' }).click();
  await expect.poll(() => invoiceRows(page).count()).toBeGreaterThan(25);
  await expect(page.getByRole('button', { name: 'Load More Invoices' })).toBeHidden();
  await expect(table.getByText(/^Combined \(2\)$/)).toHaveCount(1);
  // The demo's two edited invoices, and any another spec of this run edited (the keyboard journey edits one).
  await expect.poll(() => table.getByText('Edited', { exact: true }).count()).toBeGreaterThanOrEqual(2);

  // Search by customer name: written to the URL once typing stops.
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill('Lake of the Woods');
  await expect(page).toHaveURL('/invoices?search=Lake+of+the+Woods');
  // The previous rows stay while the search runs (the table says it is busy).
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(invoiceRows(page).first()).toBeVisible();
  const customers = await invoiceRows(page).locator('td:nth-child(3)').allTextContents();
  expect(customers.length).toBeGreaterThan(0);
  for (const customer of customers) expect(customer).toBe('Lake of the Woods Resort');

  // The list arrives filtered by ?search= (as it does from an order).
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search invoices' })).toHaveValue('Lake of the Woods');
  const combined = invoiceRows(page).filter({ hasText: 'Combined (2)' });
  await expect(combined).toHaveCount(1);

  // A combined invoice asks which of its orders to open.
  await combined.getByRole('button', { name: /, / }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Order to Edit' });
  await expect(dialog).toBeVisible();
  const choices = dialog.getByRole('button', { name: /^Order / });
  await expect(choices).toHaveCount(2);
  await choices.first().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Edit Order' })).toBeVisible();
});

test('the invoice editor works the totals out as the user types, saves them, and downloads the PDF', async ({
  page,
}) => {
  await signIn(page, STAFF);
  await openInvoiceList(page);
  const { number } = await openFirstSingleInvoice(page);

  // One line: 2 × $100.00.
  while ((await page.getByRole('button', { name: 'Remove item 2' }).count()) > 0) {
    await page.getByRole('button', { name: 'Remove item 2' }).click();
  }
  await page.getByRole('textbox', { name: 'Description of item 1' }).fill('E2E walk-in cooler');
  await page.getByRole('spinbutton', { name: 'Qty of item 1' }).fill('2');
  await page.getByRole('spinbutton', { name: 'Price Each of item 1' }).fill('100');
  await expect(amount(page, 'Amount of item 1')).toHaveText('$200.00');

  // Taxed at 10 %, with a 10 % discount. Payments/Credits is the payments ledger's sum
  // (read-only here, recorded in the Payments section: InvoiceEditor.test.tsx and payments.test.ts).
  const taxExempt = page.getByRole('checkbox', { name: 'Tax Exempt' });
  if (await taxExempt.isChecked()) await taxExempt.uncheck();
  await page.getByRole('spinbutton', { name: 'Tax Rate (%)' }).fill('10');
  await page.getByRole('button', { name: 'Percent (%)' }).click();
  await page.getByRole('spinbutton', { name: 'Discount', exact: true }).fill('10');
  await expect(amount(page, 'Subtotal')).toHaveText('$200.00');
  await expect(amount(page, 'Discount Amount')).toHaveText('-$20.00');
  await expect(amount(page, 'Sales Tax (10%)')).toHaveText('$18.00');
  await expect(amount(page, 'Total')).toHaveText('$198.00');

  // A fixed $10.00 discount instead.
  await page.getByRole('button', { name: 'Fixed amount ($)' }).click();
  await expect(amount(page, 'Discount Amount')).toHaveText('-$10.00');
  await expect(amount(page, 'Sales Tax (10%)')).toHaveText('$19.00');
  await expect(amount(page, 'Total')).toHaveText('$209.00');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Invoice saved successfully')).toBeVisible();

  // What was saved comes back.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Description of item 1' })).toHaveValue(
    'E2E walk-in cooler',
  );
  await expect(page.getByRole('textbox', { name: 'Description of item 2' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Fixed amount ($)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(amount(page, 'Total')).toHaveText('$209.00');

  // The PDF, as invoice-{number}.pdf.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const file = await fs.readFile((await download.path())!);
  expect(file.length).toBeGreaterThan(1000);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The list shows the new total and the Edited badge.
  await page.getByRole('button', { name: 'Back to Invoices' }).click();
  await expect(page).toHaveURL('/invoices');
  const row = invoiceRows(page).filter({ has: page.getByRole('cell', { name: number, exact: true }) });
  await expect(row.getByRole('cell', { name: '$209.00' }).first()).toBeVisible();
  await expect(row.getByText('Edited', { exact: true })).toBeVisible();
});

test('the invoice viewer draws the PDF pages with the bundled pdf.js, with no header', async ({
  page,
  baseURL,
}) => {
  // Everything the viewer runs comes from the app itself: no CDN.
  const appHost = new URL(baseURL!).host;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['blob:', 'data:'].includes(url.protocol) && url.host !== appHost) foreign.push(request.url());
  });
  await signIn(page, STAFF);
  await openInvoiceList(page);
  const { id } = await openFirstSingleInvoice(page);

  await page.goto(`/invoices/${id}/view`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice PDF' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const firstPage = page.getByRole('img', { name: /^Page 1 of \d+$/ });
  await expect(firstPage).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Loading…')).toBeHidden();

  // The canvas holds a drawn page: scale 1.2 of a Letter page (612 pt wide), with ink on it.
  const drawn = await firstPage.evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const context = canvas.getContext('2d');
    if (!context) return { cssWidth: 0, inked: 0 };
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4 * 16) if (data[i]! < 200) inked += 1;
    return { cssWidth: canvas.getBoundingClientRect().width, inked };
  });
  expect(Math.round(drawn.cssWidth)).toBe(Math.floor(612 * 1.2));
  expect(drawn.inked).toBeGreaterThan(100);

  // Print opens the PDF in a new tab.
  const opening = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print' }).click();
  const tab = await opening;
  expect(tab.url()).toMatch(/^blob:/);
  await tab.close();

  expect(foreign).toEqual([]);
});
