import { expect, test, type Locator } from '@playwright/test';
import { STAFF, signIn } from './support/session';
import { INVOICE_COLUMNS, invoiceRows, invoicesTable } from './support/invoices-table';

/**
 * Layout at a 1280 px laptop width, against the built app with the demo data: column headings
 * stay on one line, and a dialog's buttons share one row. Measured in the real browser (line
 * boxes and bounding boxes), which jsdom cannot do.
 */

test.use({ viewport: { width: 1280, height: 800 } });

/** How many lines an element's text takes: the distinct tops of its text's line boxes. */
function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return tops.size;
  });
}

test('the invoices list keeps every column heading on one line at 1280 px', async ({ page }) => {
  await signIn(page, STAFF);
  await page.goto('/invoices');
  const table = invoicesTable(page);
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toBeVisible();

  const headings = table.getByRole('columnheader');
  await expect(headings).toHaveText(INVOICE_COLUMNS);
  for (const heading of await headings.all()) {
    expect(await linesOf(heading), `"${await heading.textContent()}" is on one line`).toBe(1);
  }
  // The actions column no longer takes the room the data needs (it took about 40% of the width):
  // the demo customers' names (up to 'Upper Peninsula Ice Fishing Co.') fit on one line.
  const names = invoiceRows(page).locator('td:nth-child(3)');
  expect(await names.count()).toBeGreaterThan(5);
  for (const name of await names.all()) {
    expect(await linesOf(name), `"${await name.textContent()}" is on one line`).toBe(1);
  }
  // ...and the table fits the page: no sideways scrolling.
  const overflow = await table.evaluate(
    (node) => node.parentElement!.scrollWidth - node.parentElement!.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the Unsaved Changes dialog's three buttons share one row at 1280 px", async ({ page }) => {
  await signIn(page, STAFF);
  await page.goto('/orders');
  // A pending order of the demo data without an invoice: its form offers CREATE INVOICE.
  const row = page
    .getByRole('table', { name: 'Orders' })
    .getByRole('row', { name: /^Order / })
    .filter({ hasText: 'Pending' })
    .filter({ hasText: /[–-]\s*INV/ })
    .first();
  await row.getByRole('cell').nth(3).click();
  const form = page.getByRole('dialog', { name: 'Edit Order' });
  await form.getByRole('textbox', { name: 'Order Notes' }).fill('Layout check');
  await form.getByRole('button', { name: 'CREATE INVOICE' }).click();

  const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
  const buttons = [
    dialog.getByRole('button', { name: 'Cancel' }),
    dialog.getByRole('button', { name: 'Discard Changes & Go to Invoice' }),
    dialog.getByRole('button', { name: 'Save Changes & Go to Invoice' }),
  ];
  const boxes = await Promise.all(buttons.map((button) => button.boundingBox()));
  const tops = boxes.map((box) => Math.round(box!.y));
  expect(new Set(tops).size, `button tops ${tops.join(', ')}`).toBe(1);
  for (const button of buttons) expect(await linesOf(button)).toBe(1);
  await buttons[0]!.click();
  await expect(dialog).toBeHidden();
});

test('the main screens fit a 390 px phone, 768 px and 200% zoom without sideways page scrolling', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, STAFF);
  // 200% zoom on a 1280 px laptop lays the page out 640 CSS px wide.
  const widths = [390, 640, 768];
  const screens = [
    { path: '/dashboard', ready: page.getByRole('table', { name: 'Orders by month' }) },
    { path: '/orders', ready: page.getByRole('table', { name: 'Orders' }) },
    { path: '/invoices', ready: page.getByRole('table', { name: 'Invoices' }) },
    {
      path: '/dashboard?order=new',
      ready: page.getByRole('dialog', { name: 'New Order' }).getByRole('form'),
    },
  ];
  for (const { path, ready } of screens) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await expect(ready.getByRole('row').nth(1).or(ready.getByRole('textbox').first())).toBeVisible({
      timeout: 15_000,
    });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    }
  }

  // On the phone the header's links and Logout fold into a menu.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/invoices');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL('/orders');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // Escape from a link of the menu folds it and gives focus back to the Menu button.
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await expect(menu).toBeFocused();
});
