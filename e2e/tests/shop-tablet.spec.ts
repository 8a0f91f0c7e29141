import { expect, test, type Locator } from '@playwright/test';

/**
 * The shop on its tablet (768×1024), against the built app and server with the demo data: the demo
 * `shop` user signs in and lands on the board, its header holds only the shop's screens at a finger's
 * size, no dollar amount shows on the board or on an order opened from it, and a card's build sheet is
 * one tap away.
 */

const SHOP = { username: 'shop', password: 'shop-demo-2026' };

test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

/** A control's rendered height in CSS pixels. */
async function heightOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.height;
}

test('the shop signs in on its tablet to the board, sees no money, and opens a build sheet from a card', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(SHOP.username);
  await page.getByLabel(/^Password/).fill(SHOP.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Its home is the board.
  await expect(page).toHaveURL(/\/board(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop Board' })).toBeVisible();

  // The header holds the shop's screens, in view at 768 px and each at least 44 px high.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Orders', 'Shop Board', 'Materials', 'Purchase Orders', 'API tokens']);
  for (const link of await nav.getByRole('link').all()) expect(await heightOf(link)).toBeGreaterThanOrEqual(44);
  expect(await heightOf(page.getByRole('button', { name: 'Logout' }))).toBeGreaterThanOrEqual(44);

  // The demo data has the shop's work for this week: no amount anywhere on the board.
  const card = page.getByRole('listitem', { name: /^Order / }).first();
  await expect(card).toBeVisible();
  await expect(page.locator('main')).not.toContainText('$');
  await expect(page.locator('main')).not.toContainText('NaN');

  // The build sheet: one tap on the card, a finger's size, and the shop's PDF.
  const sheet = card.getByRole('link', { name: /^Build sheet / });
  expect(await heightOf(sheet)).toBeGreaterThanOrEqual(44);
  const href = (await sheet.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/production\/orders\/\d+\/build-sheet\/$/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), sheet.tap()]);
  expect(popup.url()).toContain(href);
  await popup.close();
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // The card's order opens over the board: no price, total or dollar sign, and no action the shop may not take.
  await card.getByRole('link', { name: /^Door # / }).tap();
  const form = page.getByRole('dialog', { name: 'Edit Order' });
  await expect(form.getByRole('button', { name: 'CLOSE' })).toBeVisible();
  await expect(form.getByRole('button', { name: /BOL$/ })).toBeVisible();
  // The order's bill of materials and its build sheet are the shop's too.
  await expect(form.getByRole('link', { name: 'Print Build Sheet' })).toBeVisible();
  await expect(form.getByRole('region', { name: 'Bill of Materials' }).getByRole('status')).toHaveCount(0);
  await expect(form).not.toContainText('$');
  await expect(form).not.toContainText('NaN');
  for (const refused of ['UPDATE', 'DELETE', 'PRINT', 'CREATE INVOICE', 'EDIT INVOICE'])
    await expect(form.getByRole('button', { name: refused, exact: true })).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('$');
});
