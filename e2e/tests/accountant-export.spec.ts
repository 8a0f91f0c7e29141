import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { STAFF, signIn } from './support/session';

/**
 * The accountant export (decision 205) against the built app: an order with a deposit, its invoice, a
 * payment and a credit note made today; then Reports > Accountant export downloads each format for
 * today: the IIF file has its header rows and every TRNS block balances, each CSV has its import
 * layout's header. The shared database holds other specs' data too, so only the shape is checked here
 * (the totals tie is the server test's).
 */

const run = Date.now().toString(36);
const today = new Date().toISOString().slice(0, 10);

async function send<T>(page: Page, path: string, data: unknown, status = 201): Promise<T> {
  const csrf = ((await (await page.request.get('/api/auth/csrf/')).json()) as { csrfToken: string })
    .csrfToken;
  const res = await page.request.post(path, { data, headers: { 'X-CSRFToken': csrf } });
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function seed(page: Page) {
  const products = (await (await page.request.get('/api/products/')).json()) as { id: number }[];
  const settings = (await (await page.request.get('/api/settings/?category=ship_via')).json()) as {
    id: number;
  }[];
  const address = {
    name: `E2E Books ${run}`,
    street: '1 Main St',
    city: 'Duluth',
    state: 'MN',
    zip_code: '55802',
    country: 'US',
  };
  const order = await send<{ id: number }>(page, '/api/orders/', {
    status: 'pending',
    date: today,
    // A door number of a usual length (the invoices list's column is sized for those: tables.spec.ts).
    door_number: `A${run.slice(-5)}`,
    eps_po_number: `EPS-${run}`,
    ship_date: today,
    ship_via: settings[0]!.id,
    freight_cost: '100.00',
    discount: '0',
    discount_is_percentage: false,
    tax_exempt: false,
    billing_address: address,
    shipping_address: address,
    building_info: { product: products[0]!.id, price: '2000.00', additional_items: [] },
  });
  await send(page, `/api/orders/${order.id}/deposits/`, { date: today, method: 'check', amount: '300' });
  const invoice = await send<{ id: number }>(page, `/api/orders/${order.id}/create-invoice/`, {
    return_json: true,
  });
  await send(page, `/api/invoices/${invoice.id}/payments/`, {
    date: today,
    method: 'card',
    amount: '250.25',
  });
  await send(page, `/api/invoices/${invoice.id}/credit-notes/`, {
    date: today,
    reason: 'Price concession',
    line_items: [{ quantity: 1, description: 'Concession', price_each: '40.00' }],
  });
}

/** Σ of a block's AMOUNT column in cents (integers: no float rounding). */
const cents = (amount: string) => Math.round(Number(amount) * 100);

test('downloads the IIF file and each CSV for a range: balanced blocks, the import layouts headers', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, STAFF);
  await seed(page);

  await page.goto(`/reports?report=accountant-export&from=${today}&to=${today}`);
  await expect(page.getByRole('status').filter({ hasText: /invoices?, \d+ credit notes?/ })).toBeVisible({
    timeout: 30_000,
  });

  const downloadAs = async (format: string) => {
    await page.getByLabel('Format').selectOption(format);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(
      `accounting-${format}-${today}-to-${today}.${format === 'iif' ? 'iif' : 'csv'}`,
    );
    const text = await fs.readFile(await file.path(), 'utf8');
    expect(text.length).toBeGreaterThan(0);
    return text;
  };

  const iif = (await downloadAs('iif'))
    .split('\r\n')
    .filter(Boolean)
    .map((r) => r.split('\t'));
  expect(iif.slice(0, 3).map((r) => r[0])).toEqual(['!TRNS', '!SPL', '!ENDTRNS']);
  const amount = iif[0]!.indexOf('AMOUNT');
  let block = 0;
  let blocks = 0;
  for (const row of iif.slice(3)) {
    if (row[0] === 'TRNS') block = cents(row[amount]!);
    else if (row[0] === 'SPL') block += cents(row[amount]!);
    else {
      expect(row[0]).toBe('ENDTRNS');
      expect(block).toBe(0);
      blocks++;
    }
  }
  expect(blocks).toBeGreaterThanOrEqual(4); // the invoice, the credit memo, the payment, the deposit (taken and applied)
  expect(iif.some((r) => r[0] === 'TRNS' && r[1] === 'CREDIT MEMO')).toBe(true);

  const header = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n')[0]!;
  expect(header(await downloadAs('qbo-invoices'))).toMatch(
    /^InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Memo,Item\(Product\/Service\),ItemDescription,ItemQuantity,ItemRate,ItemAmount,ItemTaxCode,ItemTaxAmount$/,
  );
  expect(header(await downloadAs('qbo-journal'))).toBe(
    'JournalNo,JournalDate,AccountName,Debits,Credits,Description,Name',
  );
  const xero = await downloadAs('xero-invoices');
  expect(header(xero)).toMatch(
    /^\*ContactName,\*InvoiceNumber,Reference,\*InvoiceDate,\*DueDate,\*Description,\*Quantity,\*UnitAmount,\*AccountCode,\*TaxType,TaxAmount$/,
  );
  expect(xero).toContain(`E2E Books ${run}`);
  expect(header(await downloadAs('xero-credit-notes'))).toMatch(
    /^\*ContactName,\*CreditNoteNumber,Reference,\*CreditNoteDate,/,
  );
});
