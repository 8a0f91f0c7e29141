import { expect, test } from '@playwright/test';
import { STAFF, signIn } from './support/session';
import { textGaps } from './support/text-gaps';

/**
 * A quote's customer link on a phone (390 x 844), as a customer opens it from the email: the lines' columns keep
 * apart (no "$6,534.30$6,534.30"), no staff word (a status badge, a zero discount) shows, the customer accepts and
 * reads what happens next and how to reach the seller; a broken link names whom to ask, and repaired in the same
 * tab the quote shows without the refusal above it.
 */

test('a quote link on a 390 px phone: columns apart, no staff words, accept says what happens next; a broken link names whom to ask', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, STAFF);
  const csrf = async () => ((await (await page.request.get('/api/auth/csrf/')).json()) as { csrfToken: string }).csrfToken;
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(path, { data, headers: { 'X-CSRFToken': await csrf() } });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  const quote = await post('/api/quotes/', {
    date: '2026-11-02',
    valid_until: '2099-12-31',
    billing_address: { name: 'Narrow Lake Bait' },
    freight_cost: '100.00',
    building_info: { product: 'custom', building_type: 'DOOR_ONLY', price: '6534.30' },
  });
  const link = (await post(`/api/quotes/${quote.id}/links/`, {})) as { url: string };
  await post(`/api/quotes/${quote.id}/mark-sent/`, {});
  const address = new URL(link.url);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customer = await phone.newPage();
  // A link cut short in the email client: the refusal names the seller to ask.
  await customer.goto(`${address.pathname}#${address.hash.slice(1, 20)}`);
  const refusal = customer.getByRole('alert');
  await expect(refusal).toContainText('This link is not valid.');
  await expect(refusal).toContainText('Whom to ask:');
  await expect(refusal).toContainText(/Ice House|Company/);
  // Repaired in the same tab: the quote, and no refusal above it.
  await customer.evaluate((hash) => {
    window.location.hash = hash;
  }, address.hash);
  await expect(customer.getByRole('heading', { name: `Quote ${quote.quote_number}` })).toBeVisible();
  await expect(customer.getByRole('alert')).toHaveCount(0);

  // No staff words.
  await expect(customer.getByText('Sent', { exact: true })).toHaveCount(0);
  await expect(customer.getByText('Discount', { exact: true })).toHaveCount(0);
  // The lines' texts keep apart, and nothing runs off the screen.
  const table = customer.getByRole('table', { name: 'Quote lines' });
  const gaps = await textGaps(table);
  expect(gaps.length).toBeGreaterThan(0);
  for (const { a, b, gap } of gaps) expect(gap, `"${a}" and "${b}"`).toBeGreaterThanOrEqual(6);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await customer.getByLabel(/^Your name/).fill('Pat Narrow');
  await customer.getByRole('button', { name: 'Accept Quote' }).click();
  const next = customer.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText('now makes your order from this quote');
  await expect(next).toContainText('Questions? Reach us:');
  const box = (await next.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(8);
  expect(box.x + box.width).toBeLessThanOrEqual(390 - 8);
  await phone.close();
});
