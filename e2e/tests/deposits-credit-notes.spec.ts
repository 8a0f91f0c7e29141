import { expect, test, type Locator, type Page } from '@playwright/test';
import { STAFF, signIn } from './support/session';

/**
 * Deposits, credit notes and customer credit (decisions 171-175), against the built app: a customer with
 * Net 30 terms, an order with a deposit recorded on the order form, the invoice showing the deposit and
 * taking the terms, a partial payment, a credit note issued from the invoice editor (its PDF served), and the
 * customer page's balance agreeing with the invoice's balance due.
 */

const customer = `E2E Dock Ice ${Date.now().toString(36)}`;

async function openForm(page: Page, order: number | 'new'): Promise<Locator> {
  await page.goto(`/dashboard?order=${order}`);
  const dialog = page.getByRole('dialog', { name: order === 'new' ? 'New Order' : 'Edit Order' });
  await expect(dialog.getByRole('form')).toBeVisible({ timeout: 30_000 });
  return dialog;
}

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

const money = (text: string) => Number(text.replace(/[$,]/g, ''));

test('deposit -> invoice shows it -> partial payment -> credit note -> customer balance', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, STAFF);

  // 1. A customer with Net 30 terms, from the customer form.
  await page.goto('/customers/new');
  await page.getByRole('region', { name: 'Contact' }).getByRole('textbox', { name: 'Name' }).fill(customer);
  await page.getByRole('combobox', { name: 'Payment terms' }).fill('Net 30');
  await page.getByRole('button', { name: 'Save Customer' }).click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  const customerId = Number(/\/customers\/(\d+)$/.exec(page.url())![1]);

  // 2. An order for them, then a deposit recorded from the order form.
  const form = await openForm(page, 'new');
  const picker = form.getByRole('combobox', { name: 'Customer' });
  await picker.click();
  await picker.fill(customer.slice(0, -2));
  await page.getByRole('option', { name: customer, exact: true }).click();
  await choose(page, form.getByRole('combobox', { name: 'Product' }), 'Walk-in Cooler 8x10');
  await form.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Order created successfully.')).toBeVisible();
  const edit = page.getByRole('dialog', { name: 'Edit Order' });
  const deposits = edit.getByRole('group', { name: 'Record deposit' });
  await deposits.getByLabel('Deposit amount').fill('500');
  await deposits.getByLabel('Deposit reference').fill('DEP-77');
  await deposits.getByRole('button', { name: 'Record deposit' }).click();
  await expect(edit.getByText('Held: $500.00')).toBeVisible();
  await expect(edit.getByRole('table', { name: 'Deposits taken on this order' })).toContainText('DEP-77');

  // 3. The invoice: the deposit is on it, the terms and due date are the customer's.
  await edit.getByRole('button', { name: 'CREATE INVOICE' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  const invoiceId = Number(/\/invoices\/(\d+)\/edit$/.exec(page.url())![1]);
  const ledger = page.getByRole('table', { name: 'Payments and credits recorded on this invoice' });
  await expect(ledger).toContainText('Deposit');
  await expect(ledger).toContainText('$500.00');
  const invoice = (await (await page.request.get(`/api/invoices/${invoiceId}/`)).json()) as {
    editable_data: { terms: string; due_date: string };
    date: string;
    totals: { total: string; balance_due: string };
  };
  expect(invoice.editable_data.terms).toBe('Net 30');
  expect(invoice.editable_data.due_date > invoice.date).toBe(true);
  expect(money(invoice.totals.balance_due)).toBeCloseTo(money(invoice.totals.total) - 500, 2);

  // 4. A partial payment.
  const payment = page.getByRole('form', { name: 'Record payment' });
  await payment.getByRole('spinbutton', { name: 'Amount' }).fill('1000');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Edit Invoice/ })).toContainText('Partially paid');

  // 5. A credit note from the invoice editor: a price concession of $250 on a taxed line.
  const credit = page.getByRole('form', { name: 'Issue credit note' });
  await credit.getByRole('textbox', { name: 'Reason' }).fill('Price concession');
  await credit.getByRole('textbox', { name: 'Description 1' }).fill('Concession on the cooler');
  await credit.getByLabel('Price each 1').fill('250');
  await credit.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(page.getByText(/Credit note CN-\d+ issued for/)).toBeVisible();
  const notes = page.getByRole('table', { name: 'Credit notes issued against this invoice' });
  await expect(notes).toContainText('Price concession');
  const pdfLink = notes.getByRole('link', { name: /PDF CN-\d+/ });
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // A credit note above what remains is refused with a clear message, nothing issued.
  await credit.getByRole('textbox', { name: 'Reason' }).fill('Too much');
  await credit.getByRole('textbox', { name: 'Description 1' }).fill('Everything');
  await credit.getByLabel('Price each 1').fill('999999');
  await credit.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(credit.getByRole('alert')).toContainText('The credit note cannot be more than');
  await expect(notes.getByRole('row')).toHaveCount(2);

  // 6. The customer page's balance is the invoice's balance due (deposit, payment and credit note all counted).
  const after = (await (await page.request.get(`/api/invoices/${invoiceId}/`)).json()) as {
    totals: { balance_due: string };
  };
  await page.goto(`/customers/${customerId}`);
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByText('Balance', { exact: true }).locator('..')).toContainText(
    `$${Number(after.totals.balance_due).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  const customerAnswer = (await (await page.request.get(`/api/customers/${customerId}/`)).json()) as {
    balance: { balance: string; deposits_held: string };
    payment_terms: string;
  };
  expect(customerAnswer.balance.balance).toBe(after.totals.balance_due);
  expect(customerAnswer.balance.deposits_held).toBe('0.00');
  expect(customerAnswer.payment_terms).toBe('Net 30');
  await expect(page.getByRole('region', { name: 'Credit' })).toContainText('No credit.');
});
