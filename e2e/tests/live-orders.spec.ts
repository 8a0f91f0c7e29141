import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

/**
 * Live updates on the orders, with two people in two browser contexts: admin saves an order's new status;
 * staff's orders list shows it without a reload, staff's open form of that order shows the banner (and
 * keeps what staff typed), and each sees the other on the form while both have it open.
 */

const ADMIN = { username: 'admin', password: 'admin-demo-2026' };
const STAFF = { username: 'staff', password: 'staff-demo-2026' };

async function signedIn(browser: Browser, user: { username: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(user.username);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
  return page;
}

/** In front, not waiting for the load event (a page with an open event stream may never fire it). */
async function visit(page: Page, path: string) {
  await page.bringToFront();
  await page.goto(path, { waitUntil: 'domcontentloaded' });
}

async function openForm(page: Page, order: number): Promise<Locator> {
  await visit(page, `/dashboard?order=${order}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Order' });
  await expect(dialog.getByRole('form')).toBeVisible({ timeout: 30_000 });
  return dialog;
}

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

// A presence heartbeat is every 5 s: a newcomer is seen by the others within one.
const HEARTBEAT = { timeout: 10_000 };

test("two users on the orders: one's saved status reaches the other's list and open form", async ({ browser }) => {
  test.setTimeout(120_000); // two sign-ins, two forms and two presence heartbeats
  const staff = await signedIn(browser, STAFF);
  // A pending order (newest first) whose billing name finds it on the list.
  const listed = await staff.request.get('/api/orders/list-view/?status=pending');
  expect(listed.ok()).toBe(true);
  const order = ((await listed.json()) as { results: { id: number; door_number: string; customer_name: string }[] })
    .results[0]!;
  const customer = order.customer_name;

  // Staff: the list, searched for that customer, and the order's form in a second tab.
  await visit(staff, `/orders?customer=${encodeURIComponent(customer)}`);
  const row = staff
    .getByRole('table', { name: 'Orders' })
    .getByRole('row', { name: new RegExp(`^Order ${order.door_number}\\b`) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Pending', { timeout: 30_000 });
  const staffForm = await staff.context().newPage();
  const staffDialog = await openForm(staffForm, order.id);
  const staffNotes = staffDialog.getByRole('textbox', { name: 'Order Notes' });
  await staffNotes.fill('Staff draft note');

  // Admin opens the same order: each sees the other.
  const admin = await signedIn(browser, ADMIN);
  const adminDialog = await openForm(admin, order.id);
  await expect(adminDialog.getByText('Also open by staff')).toBeVisible(HEARTBEAT);
  await expect(staffDialog.getByText('Also open by admin')).toBeVisible(HEARTBEAT);

  // Admin moves it to Processed (which needs the EPS PO number) and saves.
  await choose(admin, adminDialog.getByRole('combobox', { name: 'Status' }), 'Processed');
  await adminDialog.getByRole('textbox', { name: 'EPS PO Number' }).fill(`EPS-LIVE-${Date.now()}`);
  await adminDialog.getByRole('button', { name: 'UPDATE' }).click();
  await expect(admin.getByText('Order updated successfully.')).toBeVisible();
  const saved = Date.now();

  // Staff's list shows the new status without a reload; the time it took is printed (the issue asks for 1 s;
  // the assertion allows a loaded CI machine more).
  await expect(row.getByRole('cell').nth(1)).toHaveText('Processed', { timeout: 5_000 });
  console.log(`[live-orders] the list showed the new status ${Date.now() - saved} ms after the save was answered`);

  // Staff's open form: the banner, and staff's typing kept.
  await expect(staffDialog.getByText(/^admin changed this order at /)).toBeVisible();
  await expect(staffNotes).toHaveValue('Staff draft note');

  // Admin closes the tab (no leave can be sent): gone from staff's form once admin's presence expires
  // (15 s after its last heartbeat) and staff's next heartbeat asks (5 s).
  await admin.close();
  await expect(staffDialog.getByText('Also open by admin')).toBeHidden({ timeout: 30_000 });
  await staff.context().close();
});
