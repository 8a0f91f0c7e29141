import { expect, type Page } from '@playwright/test';

/** The demo data's users (SEED_DEMO=true). */
export const ADMIN = { username: 'admin', password: 'admin-demo-2026' };
export const STAFF = { username: 'staff', password: 'staff-demo-2026' };

export type User = typeof ADMIN;

/** Opens /login, signs in as `user` and waits for the dashboard it lands on. */
export async function signIn(page: Page, user: User): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Username' }).fill(user.username);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}
