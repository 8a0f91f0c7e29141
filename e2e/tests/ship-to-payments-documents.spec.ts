import { expect, test, type Locator, type Page } from '@playwright/test';
import { STAFF, signIn } from './support/session';

/**
 * Office staff, against the built app: a customer with two ship-to addresses whose
 * second one is chosen on a new order; the invoice's Payments status follows a saved past due date
 * at once; the Documents list shows the version a Download made without a reload, and an older
 * version downloads under a name that says which version it is.
 */

/** Unique between runs against the same data. */
const customer = `E2E Dockside Resort ${Date.now().toString(36)}`;

async function fillShipTo(group: Locator, label: string, name: string, street: string, city: string) {
  await group.getByRole('textbox', { name: 'Label' }).fill(label);
  await group.getByRole('textbox', { name: 'Name' }).fill(name);
  await group.getByRole('textbox', { name: 'Street' }).fill(street);
  await group.getByRole('textbox', { name: 'City' }).fill(city);
  await group.getByRole('textbox', { name: 'State' }).fill('MN');
  await group.getByRole('textbox', { name: 'ZIP Code' }).fill('55604');
}

/** The archived versions of an invoice, newest first, as the server lists them. */
async function versions(page: Page, invoiceId: number): Promise<number[]> {
  const input = encodeURIComponent(JSON.stringify({ id: invoiceId }));
  const res = await page.request.get(`/trpc/documents.forInvoice?input=${input}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { result: { data: { results: { version: number }[] } } };
  return body.result.data.results.map((d) => d.version);
}

test('a second ship-to on a new order, the Payments status after a saved due date, the Documents list after a download', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, STAFF);

  // 1. A customer with two ship-to addresses (the first is the default).
  await page.goto('/customers/new');
  await page.getByRole('region', { name: 'Contact' }).getByRole('textbox', { name: 'Name' }).fill(customer);
  const shipTo = page.getByRole('region', { name: 'Ship-To Addresses' });
  await shipTo.getByRole('button', { name: 'Add Ship-To Address' }).click();
  await fillShipTo(shipTo.getByRole('group').nth(0), 'Cabin', 'Cabin 4', '44 Pine Rd', 'Tofte');
  await shipTo.getByRole('button', { name: 'Add Ship-To Address' }).click();
  await fillShipTo(shipTo.getByRole('group').nth(1), 'Dock', 'Boat Dock', '2 Harbor Way', 'Lutsen');
  await page.getByRole('button', { name: 'Save Customer' }).click();
  await expect(page.getByText('Customer saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/\d+$/);

  // 2. A new order picks the customer: the default fills the shipping address, the other can be chosen.
  await page.goto('/dashboard?order=new');
  const form = page.getByRole('dialog', { name: 'New Order' });
  await expect(form.getByRole('form')).toBeVisible({ timeout: 30_000 });
  const picker = form.getByRole('combobox', { name: 'Customer' });
  await picker.click();
  await picker.fill(customer);
  await page.getByRole('option', { name: customer, exact: true }).click();
  const shipping = form.getByRole('group', { name: 'Shipping Address' });
  await expect(shipping.getByRole('textbox', { name: 'Name' })).toHaveValue('Cabin 4');
  const choice = form.getByRole('combobox', { name: 'Ship to' });
  await expect(choice.locator('option')).toHaveText([
    'Cabin: 44 Pine Rd, Tofte (default)',
    'Dock: 2 Harbor Way, Lutsen',
  ]);
  await choice.selectOption({ label: 'Dock: 2 Harbor Way, Lutsen' });
  await expect(shipping.getByRole('textbox', { name: 'Name' })).toHaveValue('Boat Dock');
  await expect(shipping.getByRole('textbox', { name: 'Street' })).toHaveValue('2 Harbor Way');
  const product = form.getByRole('combobox', { name: 'Product' });
  await product.click();
  await product.fill('Walk-in Cooler 8x10');
  await page.getByRole('option', { name: 'Walk-in Cooler 8x10', exact: true }).click();
  await form.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Order created successfully.')).toBeVisible();
  const edit = page.getByRole('dialog', { name: 'Edit Order' });
  await expect(edit).toBeVisible();
  const list = await page.request.get(`/api/orders/list-view/?customer=${encodeURIComponent(customer)}`);
  const [order] = ((await list.json()) as { results: { id: number }[] }).results;
  const saved = (await (await page.request.get(`/api/orders/${order!.id}/`)).json()) as {
    shipping_address: { name: string; street: string; city: string };
  };
  expect(saved.shipping_address).toMatchObject({ name: 'Boat Dock', street: '2 Harbor Way', city: 'Lutsen' });

  // 3. Invoice it; a partial payment makes it Partially paid.
  await edit.getByRole('button', { name: 'CREATE INVOICE' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  const invoiceId = Number(/\/invoices\/(\d+)\/edit$/.exec(page.url())![1]);
  const heading = page.getByRole('heading', { level: 1, name: /Edit Invoice/ });
  const payments = page.getByRole('region', { name: 'Payments' });
  const record = page.getByRole('form', { name: 'Record payment' });
  await record.getByRole('spinbutton', { name: 'Amount' }).fill('100');
  await record.getByRole('textbox', { name: /Reference/ }).fill('4417');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(payments.getByText('Partially paid')).toBeVisible();
  await expect(payments.getByRole('cell', { name: '4417' })).toBeVisible();

  // 4. A due date in the past, saved: the header and the Payments section both say Overdue, no reload.
  await page.getByLabel('Due Date').fill('2024-01-31');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Invoice saved successfully')).toBeVisible();
  await expect(heading).toContainText('Overdue');
  await expect(payments.getByText('Overdue')).toBeVisible();
  await expect(payments.getByText('Partially paid')).toHaveCount(0);

  // 5. Download: the Documents list shows the version it made, without a reload.
  const documents = page.getByRole('table', { name: 'Documents' });
  const downloadPdf = async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    return downloading;
  };
  await downloadPdf();
  const [first] = await versions(page, invoiceId);
  await expect(documents.getByRole('link', { name: `Download invoice version ${first}` })).toBeVisible();

  // A change, saved, then Download: a newer version, listed at once above the older one.
  await page.getByRole('textbox', { name: 'P.O. # / Job Name' }).fill('E2E dock job');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Invoice saved successfully')).toBeVisible();
  await downloadPdf();
  const [latest] = await versions(page, invoiceId);
  expect(latest).toBeGreaterThan(first!);
  await expect(documents.getByRole('link', { name: `Download invoice version ${latest}` })).toBeVisible();

  // The older version downloads under a name that says which version it is.
  const older = page.waitForEvent('download');
  await documents.getByRole('link', { name: `Download invoice version ${first}` }).click();
  expect((await older).suggestedFilename()).toMatch(new RegExp(`^invoice-.+-v${first}\\.pdf$`));
});
