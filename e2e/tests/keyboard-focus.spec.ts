import { expect, test, type Locator, type Page } from '@playwright/test';
import { STAFF, signIn } from './support/session';

/**
 * Keyboard use in the real browser: every dropdown shows that it has the focus (WCAG 2.4.7; axe
 * cannot see it, so its look is compared focused and not), and focus comes back to something on
 * the page after a dialog opened by a shortcut closes, never to <body>.
 */

test.use({ viewport: { width: 1280, height: 800 } });

interface Look {
  outline: string;
  shadow: string;
  border: string;
}

/**
 * How a dropdown looks: its box's outline, shadow and border colour. A react-select's input is
 * invisible; its box is the nearest ancestor that draws a border. A native select is its own box.
 */
function lookOf(control: Locator): Promise<Look> {
  return control.evaluate((element) => {
    let box: Element = element;
    if (element.tagName === 'INPUT') {
      let node = element.parentElement;
      while (node && parseFloat(getComputedStyle(node).borderTopWidth) === 0) node = node.parentElement;
      if (node) box = node;
    }
    const outlineOf = (style: CSSStyleDeclaration) =>
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
        : 'none';
    const boxStyle = getComputedStyle(box);
    const own = outlineOf(getComputedStyle(element));
    return {
      outline: own !== 'none' ? own : outlineOf(boxStyle),
      shadow: boxStyle.boxShadow,
      border: boxStyle.borderTopColor,
    };
  });
}

/** Focus reached by the keyboard: Tab onto the control from the one before it. */
async function tabOnto(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(control).toBeFocused();
}

async function expectVisibleFocus(page: Page, name: string, control: Locator) {
  await control.scrollIntoViewIfNeeded();
  await page.locator('h1').first().click(); // nothing focused, no menu open
  const before = await lookOf(control);
  await tabOnto(page, control);
  const after = await lookOf(control);
  expect(after, `${name}: the focused look differs from the unfocused one`).not.toEqual(before);
  // A ring: an outline, or a box-shadow ring that was not there.
  const ring = after.outline !== 'none' || (after.shadow !== before.shadow && after.shadow !== 'none');
  expect(ring, `${name}: focused ${JSON.stringify(after)}, unfocused ${JSON.stringify(before)}`).toBe(true);
  await page.keyboard.press('Escape');
}

test('every dropdown shows the keyboard focus: filters, the order form, reports', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, STAFF);

  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible();
  for (const name of ['Year', 'Month', 'Status']) {
    await expectVisibleFocus(page, `orders ${name}`, page.getByRole('combobox', { name, exact: true }));
  }

  await page.goto('/invoices');
  await expect(page.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1)).toBeVisible();
  await expectVisibleFocus(page, 'invoices Status', page.getByRole('combobox', { name: 'Status' }));

  await page.goto('/reports');
  await expectVisibleFocus(page, 'reports Group by', page.getByRole('combobox', { name: 'Group by' }));

  await page.goto('/orders?order=new');
  const form = page.getByRole('dialog', { name: 'New Order' });
  await expect(form.getByRole('combobox', { name: 'Product' })).toBeVisible({ timeout: 15_000 });
  for (const name of ['Ship Via', 'Product', 'State']) {
    const control = form.getByRole('combobox', { name, exact: true }).first();
    await control.scrollIntoViewIfNeeded();
    const before = await lookOf(control);
    await tabOnto(page, control);
    const after = await lookOf(control);
    expect(after, `order form ${name}`).not.toEqual(before);
    expect(after.outline !== 'none' || after.shadow !== before.shadow, `order form ${name}`).toBe(true);
    await page.keyboard.press('Shift+Tab');
  }
});

test('focus comes back to the page, not <body>, after a dialog opened by a shortcut closes', async ({
  page,
}) => {
  await signIn(page, STAFF);
  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible();
  const heading = page.getByRole('heading', { level: 1 });
  const bodyHasFocus = () =>
    page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

  // `?` lists the shortcuts; Escape closes the list.
  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  expect(await bodyHasFocus()).toBe(false);
  await expect(heading).toBeFocused();

  // `n` opens a new order; CLOSE closes it (nothing typed, nothing asked).
  await page.keyboard.press('n');
  const form = page.getByRole('dialog', { name: 'New Order' });
  await expect(form.getByRole('combobox', { name: 'Product' })).toBeVisible({ timeout: 15_000 });
  await form.getByRole('button', { name: 'CLOSE', exact: true }).click();
  await expect(form).toBeHidden();
  expect(await bodyHasFocus()).toBe(false);
  await expect(heading).toBeFocused();
  // From there the keyboard goes on through the page, not from the top of the document.
  await page.keyboard.press('Tab');
  expect(await bodyHasFocus()).toBe(false);
});
