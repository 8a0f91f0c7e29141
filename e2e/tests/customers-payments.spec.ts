import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { todayIso } from '@icehouse/domain';
import { STAFF, signIn } from './support/session';

/**
 * From customer to payment, against the built app with the demo data: a customer created inline
 * from the order form and reused on a second order, a partial then a final payment moving the status
 * badge from Unpaid to Partially paid to Paid, the invoices CSV, and the sales tax report for the quarter.
 */

/** Unique between runs against the same data. */
const customer = `E2E Harbor Bait ${Date.now().toString(36)}`;

async function openForm(page: Page, order: number | 'new'): Promise<Locator> {
  await page.goto(`/dashboard?order=${order}`);
  const dialog = page.getByRole('dialog', { name: order === 'new' ? 'New Order' : 'Edit Order' });
  // The form's chunk and lookups load on first use: allow a loaded machine time for that.
  await expect(dialog.getByRole('form')).toBeVisible({ timeout: 30_000 });
  return dialog;
}

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function saveNewOrder(page: Page, dialog: Locator) {
  await choose(page, dialog.getByRole('combobox', { name: 'Product' }), 'Walk-in Cooler 8x10');
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Order created successfully.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Edit Order' })).toBeVisible();
}

interface OrderRow {
  id: number;
}

test('a customer from the order form, two orders, payments to Paid, the invoices CSV and the sales tax report', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, STAFF);

  // 1. The first order creates its customer inline from the typed name and the billing address.
  const first = await openForm(page, 'new');
  const billing = first.getByRole('group', { name: 'Billing Address' });
  await billing.getByRole('textbox', { name: 'Street' }).fill('12 Harbor Ln');
  await billing.getByRole('textbox', { name: 'City' }).fill('Bayfield');
  const picker = first.getByRole('combobox', { name: 'Customer' });
  await picker.click();
  await picker.fill(customer);
  await page.getByRole('option', { name: `Create customer "${customer}"` }).click();
  await expect(billing.getByRole('textbox', { name: 'Name' })).toHaveValue(customer);
  await saveNewOrder(page, first);

  // 2. The second order picks it: the billing address comes with it.
  const second = await openForm(page, 'new');
  const secondPicker = second.getByRole('combobox', { name: 'Customer' });
  await secondPicker.click();
  await secondPicker.fill(customer.slice(0, -2));
  await page.getByRole('option', { name: customer, exact: true }).click();
  const secondBilling = second.getByRole('group', { name: 'Billing Address' });
  await expect(secondBilling.getByRole('textbox', { name: 'Name' })).toHaveValue(customer);
  await expect(secondBilling.getByRole('textbox', { name: 'Street' })).toHaveValue('12 Harbor Ln');
  await saveNewOrder(page, second);

  const list = await page.request.get(`/api/orders/list-view/?customer=${encodeURIComponent(customer)}`);
  expect(list.ok()).toBe(true);
  const orders = ((await list.json()) as { results: OrderRow[] }).results;
  expect(orders).toHaveLength(2);
  const customerIds = await Promise.all(
    orders.map(
      async (o) =>
        ((await (await page.request.get(`/api/orders/${o.id}/`)).json()) as { customer_id: number })
          .customer_id,
    ),
  );
  expect(customerIds[0]).toBeGreaterThan(0);
  expect(customerIds[1]).toBe(customerIds[0]);

  // 3. Invoice the second order; a partial then a final payment move the badge.
  const invoiced = await openForm(page, orders[0]!.id);
  await invoiced.getByRole('button', { name: 'CREATE INVOICE' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  const heading = page.getByRole('heading', { level: 1, name: /Edit Invoice/ });
  await expect(heading).toContainText('Unpaid');
  const payment = page.getByRole('form', { name: 'Record payment' });
  const amount = payment.getByRole('spinbutton', { name: 'Amount' });
  await expect(amount).not.toHaveValue('');
  await amount.fill('100');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(heading).toContainText('Partially paid');
  // The form offers the rest: one click pays it.
  await expect(amount).not.toHaveValue('100');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(heading).toContainText('Paid');
  await expect(heading).not.toContainText('Partially paid');

  // 4. The invoices list shows it Paid; its CSV (with the search) says so too.
  await page.goto(`/invoices?search=${encodeURIComponent(customer)}`);
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table.getByRole('row').filter({ hasText: customer })).toContainText('Paid');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = await fs.readFile(file, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(customer);
  expect(lines[1]).toMatch(/,paid,/);

  // 5. The sales tax report for this quarter has this quarter's row.
  const today = todayIso();
  const year = today.slice(0, 4);
  const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
  const from = `${year}-${String(quarter * 3 + 1).padStart(2, '0')}-01`;
  const to = new Date(Date.UTC(Number(year), quarter * 3 + 3, 0)).toISOString().slice(0, 10);
  await page.goto('/reports');
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByLabel('Group by', { exact: true }).selectOption('quarter');
  const report = page.getByRole('table', { name: 'Sales tax by period' });
  await expect(report.getByRole('rowheader', { name: `${year}-Q${quarter + 1}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payments CSV' })).toHaveAttribute(
    'href',
    `/api/payments/export.csv?from=${from}&to=${to}`,
  );
});
