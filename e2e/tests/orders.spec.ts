import { expect, test, type Locator, type Page } from '@playwright/test';
import { STAFF, signIn } from './support/session';

/**
 * The dashboard and the orders list, against the built app and server with the demo data
 * (SEED_DEMO=true: about 60 orders over the last 12 months in every status). The demo dates
 * follow today's date, so the tests find their orders by what the list shows, not by number.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Orders' });
/** The order rows (the header row and the empty-state row have no 'Order ...' name). */
const orderRows = (page: Page) => ordersTable(page).getByRole('row', { name: /^Order / });
const orderRow = (page: Page, door: string) =>
  ordersTable(page).getByRole('row', { name: new RegExp(`^Order ${door}\\b`) });
/** The cells of a row: checkbox, Order Status, Order Date, Customer Name, Door #, Deposits, Status Actions. */
const cell = (row: Locator, index: number) => row.getByRole('cell').nth(index);

/** Picks an option of a react-select filter. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a dashboard month opens the orders of that month', async ({ page }) => {
  await signIn(page, STAFF);
  const months = page.getByRole('table', { name: 'Orders by month' });
  await expect(months.getByRole('columnheader')).toHaveText(['Year', 'Month', 'Total Orders']);

  const first = months.getByRole('row').nth(1);
  // The first month's row, not the loading line the table shows before it.
  await expect(first.getByRole('cell').nth(1)).toHaveText(new RegExp(`^(${MONTHS.join('|')})$`));
  const [year, monthName, total] = await first.getByRole('cell').allTextContents();
  const month = String(MONTHS.indexOf(monthName!) + 1).padStart(2, '0');
  expect(month).not.toBe('00');

  await first.click();
  await expect(page).toHaveURL(`/orders?year=${year}&month=${month}`);
  await expect(page.getByRole('heading', { level: 1, name: `${monthName} ${year} Orders` })).toBeVisible();
  await expect(orderRows(page)).toHaveCount(Number(total));
  for (const date of await orderRows(page).locator('td:nth-child(3)').allTextContents()) {
    expect(date).toMatch(new RegExp(`^${month}/\\d{2}/${year}$`));
  }

  // Back to Dashboard returns to the dashboard.
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('the dashboard search opens the list with its filters', async ({ page }) => {
  await signIn(page, STAFF);
  const search = page.getByRole('search', { name: 'Search Orders' });
  await choose(page, 'Status', 'Processed');
  await search.getByRole('searchbox', { name: 'Customer Name' }).fill('lake');
  await search.getByRole('button', { name: 'Search Orders' }).click();

  await expect(page).toHaveURL('/orders?status=processed&customer=lake');
  await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Customer Name' })).toHaveValue('lake');
  await expect(orderRows(page).first()).toBeVisible();
  for (const status of await orderRows(page).locator('td:nth-child(2)').allTextContents()) {
    expect(status).toBe('Processed');
  }
  for (const name of await orderRows(page).locator('td:nth-child(4)').allTextContents()) {
    expect(name.toLowerCase()).toContain('lake');
  }
});

test('the orders list filters by status and searches by customer, keeping both in the URL', async ({
  page,
}) => {
  await signIn(page, STAFF);
  await page.getByRole('button', { name: 'All Orders' }).click();
  await expect(page).toHaveURL('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
  await expect(ordersTable(page).getByRole('columnheader')).toHaveText([
    'Select',
    'Order Status',
    'Order Date',
    'Customer Name',
    'Door #',
    'Deposits',
    'Status Actions',
  ]);
  // 25 a page, newest first, no voided orders.
  await expect(orderRows(page)).toHaveCount(25);
  await expect(ordersTable(page).getByText('Voided', { exact: true })).toHaveCount(0);

  // Load More Orders appends the next page.
  const showing = page.getByText(/^Showing \d+ of \d+ orders$/);
  await expect(showing).toHaveText(/^Showing 25 of \d+ orders$/);
  const total = Number(/of (\d+)/.exec((await showing.textContent()) ?? '')![1]);
  await page.getByRole('button', { name: 'Load More Orders' }).click();
  await expect(orderRows(page)).toHaveCount(Math.min(50, total));

  // Status filter: written to the URL at once.
  await choose(page, 'Status', 'Scheduled to Ship');
  await expect(page).toHaveURL('/orders?status=scheduled_to_ship');
  await expect(orderRows(page).first()).toBeVisible();
  await expect(orderRows(page).locator('td:nth-child(2)')).toHaveText(
    Array.from({ length: await orderRows(page).count() }, () => 'Scheduled to Ship'),
  );

  // Customer search: after typing stops, written to the URL and applied.
  const customer = (await cell(orderRows(page).first(), 3).textContent())!.trim();
  const part = customer.split(' ')[0]!;
  await page.getByRole('searchbox', { name: 'Customer Name' }).fill(part);
  await expect(page).toHaveURL(`/orders?status=scheduled_to_ship&customer=${encodeURIComponent(part)}`);
  await expect(orderRows(page).filter({ hasText: customer }).first()).toBeVisible();
  for (const name of await orderRows(page).locator('td:nth-child(4)').allTextContents()) {
    expect(name.toLowerCase()).toContain(part.toLowerCase());
  }

  // A reload reads the filters back from the URL.
  const shown = await orderRows(page).count();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Customer Name' })).toHaveValue(part);
  await expect(
    page.getByRole('search', { name: 'Filter orders' }).getByText('Scheduled to Ship'),
  ).toBeVisible();
  await expect(orderRows(page)).toHaveCount(shown);

  // Voided orders appear only with the voided status filter.
  await page.getByRole('searchbox', { name: 'Customer Name' }).fill('');
  await expect(page).toHaveURL('/orders?status=scheduled_to_ship');
  await choose(page, 'Status', 'Voided');
  await expect(page).toHaveURL('/orders?status=voided');
  await expect(orderRows(page).first()).toBeVisible();
  for (const status of await orderRows(page).locator('td:nth-child(2)').allTextContents()) {
    expect(status).toBe('Voided');
  }
  await expect(orderRows(page).getByRole('button', { name: /^Move to/ })).toHaveCount(0);
});

test('an order moves on through its statuses; one that cannot says what is missing', async ({ page }) => {
  await signIn(page, STAFF);
  await page.goto('/orders?status=pending');
  await expect(orderRows(page).first()).toBeVisible();

  // A pending order without an EPS PO number cannot move on, and says so on hover.
  const stuck = orderRows(page)
    .filter({ has: page.getByRole('button', { name: 'Cannot Progress' }) })
    .first();
  const cannot = stuck.getByRole('button', { name: 'Cannot Progress' });
  await expect(cannot).toBeDisabled();
  await cannot.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Missing requirements: EPS PO Number');

  // One that has its EPS PO number moves to Processed.
  const ready = orderRows(page)
    .filter({ has: page.getByRole('button', { name: 'Move to Processed' }) })
    .first();
  const door = (await cell(ready, 4).textContent())!.trim();
  // Found by its serial number alone, so it stays listed after it moves on.
  await page.goto(`/orders?serial=${door}`);
  await expect(page.getByRole('searchbox', { name: 'Serial Number' })).toHaveValue(door);

  const row = orderRow(page, door);
  await expect(cell(row, 1)).toHaveText('Pending');
  await expect(row.getByText('Bill of Lading not generated')).toBeAttached();
  await row.getByRole('button', { name: 'Move to Processed' }).click();
  await expect(cell(row, 1)).toHaveText('Processed');

  // Processed needs a ship date and ship via: either it moves on again, or it says what is missing.
  const next = row.getByRole('button', { name: /^(Move to Scheduled to Ship|Cannot Progress)$/ });
  await expect(next).toBeVisible();
  if ((await next.textContent()) === 'Cannot Progress') {
    await next.hover();
    await expect(page.getByRole('tooltip')).toHaveText(/^Missing requirements: (Ship Date|Ship Via)/);
  } else {
    await next.click();
    await expect(cell(row, 1)).toHaveText('Scheduled to Ship');
  }

  // A scheduled order with its invoice completes; a completed order has no advance button.
  await page.goto('/orders?status=scheduled_to_ship');
  const invoiced = orderRows(page)
    .filter({ has: page.getByRole('button', { name: 'Move to Completed' }) })
    .first();
  const invoicedDoor = (await cell(invoiced, 4).textContent())!.trim();
  await expect(invoiced.getByText(/^Invoice generated/)).toBeAttached();
  await page.goto(`/orders?serial=${invoicedDoor}`);
  const completing = orderRow(page, invoicedDoor);
  await completing.getByRole('button', { name: 'Move to Completed' }).click();
  await expect(cell(completing, 1)).toHaveText('Completed');
  await expect(completing.getByRole('button')).toHaveCount(0);
  // It has an invoice, so it cannot be selected for a combined invoice.
  await expect(completing.getByRole('checkbox', { name: `Select order ${invoicedDoor}` })).toBeDisabled();
});

test('selecting orders enables the combined invoice; a row click opens the order form', async ({ page }) => {
  await signIn(page, STAFF);
  await page.goto('/orders?status=pending');
  await expect(orderRows(page).first()).toBeVisible();
  const combined = page.getByRole('button', { name: /^Create Combined Invoice/ });
  await expect(combined).toHaveText('Create Combined Invoice (0)');
  await expect(combined).toBeDisabled();

  // Orders with an invoice cannot be ticked (other specs invoice pending orders): take the free ones.
  const boxes = orderRows(page).getByRole('checkbox', { disabled: false });
  await boxes.nth(0).check();
  await expect(combined).toHaveText('Create Combined Invoice (1)');
  await expect(combined).toBeDisabled();
  await boxes.nth(1).check();
  await expect(combined).toHaveText('Create Combined Invoice (2)');
  await expect(combined).toBeEnabled();
  // Ticking a box does not open the order.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await combined.click();
  const dialog = page.getByRole('dialog', { name: 'Create Combined Invoice' });
  await expect(dialog.getByRole('list', { name: 'Selected orders' }).getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // A click elsewhere in a row opens that order in the order form.
  await cell(orderRows(page).first(), 3).click();
  await expect(page.getByRole('dialog', { name: 'Edit Order' })).toBeVisible();
});
