import { expect, test, type Page } from '@playwright/test';

/**
 * Sign-in, route guards, the header's Settings menu and user management, against the built app
 * and server with the demo data (SEED_DEMO=true).
 */

const ADMIN = { username: 'admin', password: 'admin-demo-2026' };
const STAFF = { username: 'staff', password: 'staff-demo-2026' };

// The spec's five, then ours: Failed jobs and Webhooks.
const SETTINGS_ENTRIES = [
  'Components',
  'Products',
  'Configurations',
  'Users',
  'Company Info',
  'Failed jobs',
  'Webhooks',
  'Import spreadsheets',
];

/** Fills the sign-in form on the current page and submits it. */
async function submitLogin(page: Page, username: string, password: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens /login and signs in; lands on the dashboard. */
async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('/login');
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a superuser sees the Settings menu with its entries', async ({ page }) => {
  await signIn(page, ADMIN);
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByText('Ice House Order Manager', { exact: true })).toBeVisible();

  const settings = nav.getByRole('button', { name: 'Settings' });
  await settings.click();
  const menu = page.getByRole('menu', { name: 'Settings' });
  await expect(menu.getByRole('menuitem')).toHaveText(SETTINGS_ENTRIES);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(settings).toBeFocused();

  await settings.click();
  await menu.getByRole('menuitem', { name: 'Configurations' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurations' })).toBeVisible();
  await expect(menu).toBeHidden();
});

test('staff have no Settings menu and are sent from /users to /dashboard', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(mainNav(page).getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0);

  await page.goto('/users');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a protected page while signed out goes to /login and comes back after sign-in', async ({ page }) => {
  await page.goto('/invoices?search=Smith');
  await expect(page).toHaveURL('/login?next=%2Finvoices%3Fsearch%3DSmith');

  await submitLogin(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL('/invoices?search=Smith');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
});

test('a wrong password says so', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, STAFF.username, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('the password can be shown and hidden', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel(/^Password/);
  await password.fill('secret-123');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('a superuser manages a user from creation to deletion', async ({ page, browser }) => {
  const username = `e2e-${Date.now().toString(36)}`;
  const password = 'e2e-password-1';

  await signIn(page, ADMIN);
  await mainNav(page).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row', { name: /^admin / })).toBeVisible();
  // No Delete on one's own row.
  await expect(
    users.getByRole('row', { name: /^admin / }).getByRole('button', { name: 'Delete' }),
  ).toHaveCount(0);

  // Create (an office user: Admin off, the office role, Active on by default).
  const form = page.getByRole('form', { name: 'Add New User' });
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
  await form.getByLabel(/^Password/).fill(password);
  await expect(form.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByRole('status')).toHaveText('User created successfully');
  const row = users.getByRole('row', { name: new RegExp(`^${username} `) });
  await expect(row.getByRole('cell')).toHaveText([
    username,
    `${username}@example.com`,
    'Staff',
    'Active',
    /Edit/,
  ]);
  await expect(form.getByRole('textbox', { name: 'Username' })).toHaveValue('');

  // The new user can sign in, in a separate browser context, and is staff.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, { username, password });
  await expect(other.getByRole('button', { name: 'Settings' })).toHaveCount(0);

  // Edit: make them an admin; the password field starts blank and blank keeps the password.
  await row.getByRole('button', { name: 'Edit' }).click();
  const editForm = page.getByRole('form', { name: 'Edit User' });
  await expect(editForm.getByRole('textbox', { name: 'Username' })).toHaveValue(username);
  await expect(editForm.getByLabel(/^Password/)).toHaveValue('');
  await editForm.getByRole('checkbox', { name: 'Admin' }).check();
  await editForm.getByRole('button', { name: 'Update User' }).click();
  await expect(page.getByRole('status')).toHaveText('User updated successfully');
  await expect(page.getByRole('form', { name: 'Add New User' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();

  // Delete, through the confirmation dialog.
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Confirmation' });
  await expect(dialog).toContainText(
    `Are you sure you want to delete the user "${username}"? This action cannot be undone.`,
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(`User "${username}" deleted successfully`);
  await expect(row).toHaveCount(0);

  // Their session ended with them: the next page load sends them to sign in, and they no longer can.
  await other.reload();
  await expect(other).toHaveURL('/login?next=%2Fdashboard');
  await submitLogin(other, username, password);
  await expect(other.getByRole('alert')).toHaveText('Incorrect username or password.');
  await otherContext.close();
});

test('signing out returns to /login and ends the session', async ({ page }) => {
  await signIn(page, STAFF);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
});
