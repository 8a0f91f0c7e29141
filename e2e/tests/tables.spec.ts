import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support/session';
import { INVOICE_COLUMNS, invoiceRows, invoicesTable } from './support/invoices-table';

/**
 * Every table at laptop widths (1280 and 1440 px) with the demo data and a realistic webhook:
 * no cell wraps its text one or two characters per line, and the invoices list keeps each
 * invoice on one line (its six actions on one row, compact), with its Balance Due and Due Date.
 * Measured in the real browser (line boxes, bounding boxes), which jsdom cannot do.
 */

interface SqueezedCell {
  text: string;
  lines: number;
  width: number;
}

/**
 * The cells of the visible tables whose text is squeezed: words broken across lines (more lines
 * than words) with few characters a line (a URL or a secret broken one character per line).
 * A list wrapping between its items ('1018, 1019') is fine.
 */
function squeezedCells(page: Page): Promise<SqueezedCell[]> {
  return page.evaluate(() => {
    const found: SqueezedCell[] = [];
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('main table td, main table th'))) {
      if (cell.closest('.sr-only') || cell.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const tops = new Set<number>();
      let text = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('.sr-only') || parent.closest('[aria-hidden="true"]')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects()))
          if (rect.width > 0) tops.add(Math.round(rect.top));
        text += node.textContent ?? '';
      }
      const chars = text.replace(/\s+/g, '').length;
      const words = text.trim().split(/\s+/).filter(Boolean).length;
      if (tops.size > 1 && tops.size > words && chars / tops.size < 15)
        found.push({
          text: text.trim().slice(0, 60),
          lines: tops.size,
          width: Math.round(cell.getBoundingClientRect().width),
        });
    }
    return found;
  });
}

async function expectNoSqueezedCell(page: Page, where: string) {
  const squeezed = await squeezedCells(page);
  expect(squeezed, `${where}: cells wrapped a few characters per line`).toEqual([]);
}

const SCREENS: { path: string; ready: (page: Page) => Locator }[] = [
  {
    path: '/dashboard',
    ready: (p) => p.getByRole('table', { name: 'Orders by month' }).getByRole('row').nth(1),
  },
  { path: '/orders', ready: (p) => p.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1) },
  { path: '/invoices', ready: (p) => p.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1) },
  { path: '/customers', ready: (p) => p.getByRole('table').first().getByRole('row').nth(1) },
  { path: '/reports', ready: (p) => p.getByRole('table', { name: 'Sales tax by period' }) },
  {
    path: '/reports?report=aging',
    ready: (p) =>
      p
        .getByRole('table', { name: 'Balances due by days past due, per customer' })
        .or(p.getByText('No invoice has a balance due.')),
  },
  { path: '/reports/ship-schedule', ready: (p) => p.getByRole('table', { name: /^Orders shipping, / }) },
  { path: '/products', ready: (p) => p.getByRole('table').first().getByRole('row').nth(1) },
  { path: '/components', ready: (p) => p.getByRole('table').first().getByRole('row').nth(1) },
  { path: '/settings', ready: (p) => p.getByRole('table').first().getByRole('row').nth(1) },
  { path: '/users', ready: (p) => p.getByRole('table').first().getByRole('row').nth(1) },
  { path: '/api-tokens', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { path: '/failed-jobs', ready: (p) => p.getByRole('heading', { level: 1 }) },
];

test('no table wraps its cells a few characters per line at 1280 and 1440 px', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  // A customer's page and an invoice's editor (line items, payments, sent log), reached as staff do.
  await page.goto('/customers');
  await page.getByRole('table', { name: 'Customers' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  const customerPath = new URL(page.url()).pathname;
  await page.goto('/invoices');
  await page
    .getByRole('table', { name: 'Invoices' })
    .getByRole('row')
    .filter({ hasText: 'Partially paid' })
    .or(page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: 'Paid' }))
    .first()
    .getByRole('button', { name: 'Edit Layout' })
    .click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  const editorPath = new URL(page.url()).pathname;
  const screens = [
    ...SCREENS,
    { path: customerPath, ready: (p: Page) => p.getByRole('heading', { level: 1 }) },
    { path: editorPath, ready: (p: Page) => p.getByRole('textbox', { name: /^Invoice #/ }) },
  ];
  // Each screen loaded once, then measured at both widths (the browser lays it out again on resize).
  for (const { path, ready } of screens) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(ready(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSqueezedCell(page, `${path} at ${width} px`);
    }
  }
});

test('the invoices list keeps each invoice on one line, six actions included, with Due Date and Balance Due', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/invoices');
    const table = invoicesTable(page);
    const rows = invoiceRows(page);
    // The demo data's invoices, not the loading line.
    await expect(rows.nth(5)).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(INVOICE_COLUMNS);
    // The first twelve rows, measured in one call (a round trip per button and cell took most of a minute).
    const measured = await rows.evaluateAll((trs) =>
      trs.slice(0, 12).map((tr) => {
        const cells = Array.from(tr.querySelectorAll('td'));
        const buttons = Array.from(cells.at(-1)?.querySelectorAll('button') ?? []);
        return {
          actions: buttons.map((b) => (b.textContent ?? '').trim()),
          tops: [...new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().y)))],
          height: tr.getBoundingClientRect().height,
          balanceDue: (cells[6]?.textContent ?? '').trim(),
          dueDate: (cells[7]?.textContent ?? '').trim(),
        };
      }),
    );
    expect(measured.length).toBeGreaterThan(5);
    // A paid invoice offers neither Record payment nor Delete; the widest rows, with all six, are measured too.
    expect(measured.some((row) => row.actions.length === 6)).toBe(true);
    for (const row of measured) {
      expect(row.actions).toEqual(
        row.balanceDue === '$0.00'
          ? ['Edit Layout', 'Print', 'Download PDF', 'Email']
          : ['Record payment', 'Edit Layout', 'Print', 'Download PDF', 'Email', 'Delete'],
      );
      expect(row.tops.length, `${width} px: the actions of a row share one line`).toBe(1);
      // The compact buttons on one line: about 45 px a row, 61 when a long customer name takes two
      // lines (it was 150 to 190 px with the buttons wrapped).
      expect(row.height, `${width} px: row height`).toBeLessThan(70);
      // Balance Due is money, Due Date a US date or a dash.
      expect(row.balanceDue).toMatch(/^\$[\d,]+\.\d{2}$/);
      expect(row.dueDate).toMatch(/^(\d{2}\/\d{2}\/\d{4}|—)$/);
    }
    // No sideways scrolling of the table at these widths.
    const overflow = await table.evaluate(
      (node) => node.parentElement!.scrollWidth - node.parentElement!.clientWidth,
    );
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    // The tooltip names an action on keyboard focus.
    const first = rows.first().getByRole('button', { name: 'Download PDF' });
    await first.focus();
    await expect(rows.first().getByText('Download PDF', { exact: true }).last()).toBeVisible();
  }
});

test('the webhooks table keeps a realistic URL and its secret readable at 1280 and 1440 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await page.goto('/webhooks');
  const form = page.getByRole('form', { name: 'New endpoint' });
  const url = `https://hooks.example-integrations.com/icehouse/v2/endpoints/${Date.now().toString(36)}/receive?tenant=lakeside-resort`;
  await form.getByRole('textbox', { name: /^URL/ }).fill(url);
  for (const event of ['order.created', 'order.updated', 'invoice.created']) {
    await form.getByRole('checkbox', { name: event, exact: true }).check();
  }
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  // A new endpoint's secret is shown once, in its own dialog (decision 126), in one field that does not wrap.
  const dialog = page.getByRole('dialog', { name: 'Signing secret' });
  const secret = dialog.getByRole('textbox', { name: 'Secret' });
  await expect(secret).toHaveValue(/^whsec_/);
  expect((await secret.boundingBox())!.height, 'the secret field').toBeLessThan(60);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const table = page.getByRole('table', { name: 'Webhook endpoints' });
  const row = table.getByRole('row').filter({ hasText: url });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSqueezedCell(page, `/webhooks at ${width} px`);
    const cells = await row.getByRole('cell').all();
    const urlWidth = (await cells[0]!.boundingBox())!.width;
    expect(urlWidth, `${width} px: the URL cell's width`).toBeGreaterThanOrEqual(200);
    // The secret column holds its buttons on one line.
    const reveal = (await row.getByRole('button', { name: /^Reveal secret/ }).boundingBox())!;
    expect(reveal.height, `${width} px: the Reveal secret button's height`).toBeLessThan(60);
  }
});
