import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { STAFF, signIn } from './support/session';

/**
 * An invoice's customer link (decision 210): staff make it on the invoice page; a fresh browser (no
 * cookies, no session) opens it and sees the balance due and how to pay (terms, remit-to), and
 * downloads the PDF; staff revoke it and the customer's page refuses.
 */

const customer = `E2E Link Ice ${Date.now().toString(36)}`;

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

const dollars = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test('staff make an invoice link; the customer sees the balance and how to pay, downloads the PDF; revoked, it is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signIn(page, STAFF);

  await page.goto('/customers/new');
  await page.getByRole('region', { name: 'Contact' }).getByRole('textbox', { name: 'Name' }).fill(customer);
  await page.getByRole('button', { name: 'Save Customer' }).click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);

  await page.goto('/dashboard?order=new');
  const form = page.getByRole('dialog', { name: 'New Order' });
  await expect(form.getByRole('form')).toBeVisible({ timeout: 30_000 });
  const picker = form.getByRole('combobox', { name: 'Customer' });
  await picker.click();
  await picker.fill(customer.slice(0, -2));
  await page.getByRole('option', { name: customer, exact: true }).click();
  await choose(page, form.getByRole('combobox', { name: 'Product' }), 'Walk-in Cooler 8x10');
  await form.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Order created successfully.')).toBeVisible();
  await page.getByRole('dialog', { name: 'Edit Order' }).getByRole('button', { name: 'CREATE INVOICE' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  const invoiceId = Number(/\/invoices\/(\d+)\/edit$/.exec(page.url())![1]);

  const payment = page.getByRole('form', { name: 'Record payment' });
  await payment.getByRole('spinbutton', { name: 'Amount' }).fill('100');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Edit Invoice/ })).toContainText('Partially paid');

  // Staff make the link; its URL is shown once.
  const links = page.getByRole('region', { name: 'Customer links' });
  await links.getByRole('button', { name: 'Create Customer Link' }).click();
  const url = await links.getByRole('textbox', { name: 'New customer link' }).inputValue();
  expect(url).toMatch(new RegExp(`/customer/invoice/${invoiceId}#[A-Za-z0-9_-]{43}$`));
  const address = new URL(url);

  const money = (await (await page.request.get(`/api/invoices/${invoiceId}/payments/`)).json()) as { invoice: { balance_due: string } };
  const company = (await (await page.request.get('/api/company-info/')).json()) as { remit_to: { name: string; street: string } };
  const invoice = (await (await page.request.get(`/api/invoices/${invoiceId}/`)).json()) as { invoice_number: string; editable_data: { terms: string } };

  // The customer: another browser context, no cookies.
  const customerContext = await browser.newContext({ acceptDownloads: true });
  const customerPage = await customerContext.newPage();
  await customerPage.goto(`${baseURL}${address.pathname}${address.hash}`);
  await expect(customerPage.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.invoice_number}`);
  const figures = customerPage.getByRole('definition').filter({ hasText: dollars(money.invoice.balance_due) });
  await expect(figures.first()).toBeVisible();
  await expect(customerPage.getByText('Balance Due')).toBeVisible();
  const howToPay = customerPage.getByRole('region', { name: 'How to pay' });
  await expect(howToPay).toContainText(`Terms: ${invoice.editable_data.terms}`);
  if (company.remit_to.name) await expect(howToPay).toContainText(company.remit_to.name);
  if (company.remit_to.street) await expect(howToPay).toContainText(company.remit_to.street);
  expect((await customerContext.cookies()).map((c) => c.name)).not.toContain('sessionid');

  const downloading = customerPage.waitForEvent('download');
  await customerPage.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${invoice.invoice_number}.pdf`);
  expect(fs.readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');

  // Staff see the uses, revoke the link; the customer's page refuses it.
  await page.reload();
  await expect(links.getByText(/Link \d+: active, until .*, 2 uses/)).toBeVisible({ timeout: 30_000 });
  await links.getByRole('button', { name: /Revoke link \d+/ }).click();
  await expect(links.getByText(/Link \d+: revoked/)).toBeVisible();
  await customerPage.reload();
  await expect(customerPage.getByText('This link was withdrawn. Ask us for a new one.')).toBeVisible();
  await expect(customerPage.getByText('How to pay')).toHaveCount(0);
  await customerContext.close();
});
