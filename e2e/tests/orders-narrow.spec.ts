import { expect, test, type Page } from '@playwright/test';
import { STAFF, signIn } from './support/session';

/**
 * The orders list on a phone (390 px: each order a card with its customer and door) and a tablet
 * (768 px: Status Actions in view), and an order's own address: a link that opens its form on
 * the list, which a reload or a pasted URL opens again.
 */

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Orders' });
const orderRows = (page: Page) => ordersTable(page).getByRole('row', { name: /^Order / });

/** How far the table's own box scrolls sideways (0: everything in view). */
const sidewaysScroll = (page: Page) =>
  ordersTable(page).evaluate((table) => {
    const box = table.parentElement!;
    return box.scrollWidth - box.clientWidth;
  });

test('at 390 px each order shows its status, date, customer and door without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, STAFF);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/orders');
  await expect(orderRows(page).first()).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  for (const row of (await orderRows(page).all()).slice(0, 8)) {
    const label = (await row.getAttribute('aria-label')) ?? '';
    const [, door, customer] = /^Order ([^,]+)(?:, (.+))?$/.exec(label) ?? [];
    for (const text of [door!, customer].filter(Boolean) as string[]) {
      const shown = row.getByText(text, { exact: true }).first();
      await expect(shown).toBeVisible();
      const box = (await shown.boundingBox())!;
      expect(box.x, `${text} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${text} ends on screen`).toBeLessThanOrEqual(390);
    }
    // The door is labelled on a card (the headings row is not shown), by CSS before the number.
    const doorCell = row.getByRole('cell').filter({ has: page.getByRole('link') });
    expect(await doorCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Door #:"');
  }
});

test('at 768 px the Status Actions of every order are in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, STAFF);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/orders');
  await expect(orderRows(page).first()).toBeVisible();
  await expect(ordersTable(page).getByRole('columnheader', { name: 'Status Actions' })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  const boxRight = await ordersTable(page).evaluate(
    (table) => table.parentElement!.getBoundingClientRect().right,
  );
  for (const row of (await orderRows(page).all()).slice(0, 8)) {
    const actions = row.getByRole('cell').last();
    for (const control of await actions.locator('button, span').all()) {
      const box = await control.boundingBox();
      if (!box || box.width === 0) continue;
      expect(box.x + box.width, 'inside the table box').toBeLessThanOrEqual(boxRight + 0.5);
    }
  }
});

test('an order has its own address: the door links to its form, which a reload and a pasted URL open again', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, STAFF);
  await page.goto('/orders?year=2026');
  const row = orderRows(page).first();
  const door = row.getByRole('link');
  const doorNumber = (await door.textContent())!.trim();
  const href = await door.getAttribute('href');
  expect(href).toMatch(/^\/orders\?year=2026&order=\d+$/);
  await door.click();
  const form = page.getByRole('dialog', { name: 'Edit Order' });
  await expect(form.getByRole('textbox', { name: 'Door Number' })).toHaveValue(doorNumber, {
    timeout: 15_000,
  });
  await expect(page).toHaveURL(href!);

  // A reload opens the same order again.
  await page.reload();
  await expect(form.getByRole('textbox', { name: 'Door Number' })).toHaveValue(doorNumber, {
    timeout: 15_000,
  });

  // So does the address pasted into another browser (signed in).
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const second = await other.newPage();
  await second.goto(href!);
  await expect(
    second.getByRole('dialog', { name: 'Edit Order' }).getByRole('textbox', { name: 'Door Number' }),
  ).toHaveValue(doorNumber, { timeout: 15_000 });
  await other.close();

  // Closing the form takes the order off the address; the list's own filters stay.
  await form.getByRole('button', { name: 'CLOSE', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL('/orders?year=2026');
});
