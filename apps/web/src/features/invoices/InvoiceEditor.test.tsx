import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { currentPath, renderApp } from '../../test/render';
import { TrpcTestError, jsonResponse } from '../../test/fakeFetch';
import { deferred } from '../../test/fakeServer';
import { PRINT_FRAME_TITLE } from './pdf';
import { fakeInvoice } from './testing/fakeInvoice';
import { createInvoicesServer, inputsOf, type InvoicesServerOptions } from './testing/fakeInvoicesServer';
import { amount, retype, stubObjectUrls } from './testing/editor';

/**
 * Invoice 7: a cooler at 2 × $1,000.00 and freight $150.00 (not taxed), tax 8.25 %, version 3.
 * Subtotal $2,150.00; tax 8.25 % of $2,000.00 = $165.00; total $2,315.00.
 */
function sampleInvoice() {
  return fakeInvoice(7, {
    invoice_number: '2042',
    date: '2024-03-05',
    customer_name: 'Alice Smith',
    version: 3,
    editable: {
      po_job_name: 'PO-77',
      ship_via: 'Customer Pickup',
      terms: '',
      tax_rate: '8.25',
      line_items: [
        { quantity: 2, description: 'Walk-in cooler 8x10', price_each: '1000.00', is_freight: false },
        { quantity: 1, description: 'Freight', price_each: '150.00', is_freight: true },
      ],
    },
  });
}

async function openEditor(options: InvoicesServerOptions = {}) {
  const server = createInvoicesServer({ invoices: [sampleInvoice()], ...options });
  const rendered = renderApp('/invoices/7/edit', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Edit Invoice' });
  await screen.findByRole('textbox', { name: /^Invoice #/ });
  return { ...rendered, server };
}

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
const number = (name: string | RegExp) => screen.getByRole('spinbutton', { name });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const group = (name: string) => screen.getByRole('group', { name });

beforeEach(stubObjectUrls);

afterEach(() => {
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
});

describe('InvoiceEditor', () => {
  it('shows the invoice: fields, addresses, lines and totals; Terms default to Due on receipt', async () => {
    await openEditor();
    // Under the header layout.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText('Invoice #2042 · Alice Smith')).toBeInTheDocument();
    expect(textbox(/^Invoice #/)).toHaveValue('2042');
    expect(screen.getByLabelText(/^Date/)).toHaveValue('2024-03-05');
    expect(textbox('P.O. # / Job Name')).toHaveValue('PO-77');
    expect(textbox('Via')).toHaveValue('Customer Pickup');
    expect(textbox('Terms')).toHaveValue('Due on receipt');
    expect(screen.getByLabelText('Ship date')).toHaveValue('');
    expect(screen.getByLabelText('Due Date')).toHaveValue('');
    for (const block of ['Bill To', 'Ship To']) {
      const fields = within(group(block));
      expect(fields.getByRole('textbox', { name: 'Name' })).toHaveValue('Alice Smith');
      expect(fields.getByRole('textbox', { name: 'Street' })).toHaveValue('12 Lake Rd');
      expect(fields.getByRole('textbox', { name: 'City' })).toHaveValue('Duluth');
      expect(fields.getByRole('textbox', { name: 'State' })).toHaveValue('MN');
      expect(fields.getByRole('textbox', { name: 'Zip' })).toHaveValue('55802');
      expect(fields.getByRole('textbox', { name: 'Country' })).toHaveValue('US');
    }

    const lines = screen.getByRole('table', { name: 'Line Items' });
    expect(
      within(lines)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Actions', 'Qty', 'Description', 'Price Each', 'Amount']);
    expect(number('Qty of item 1')).toHaveValue(2);
    expect(textbox('Description of item 1')).toHaveValue('Walk-in cooler 8x10');
    expect(number('Price Each of item 1')).toHaveValue(1000);
    expect(amount('Amount of item 1')).toHaveTextContent('$2,000.00');
    expect(amount('Amount of item 2')).toHaveTextContent('$150.00');

    expect(amount('Subtotal')).toHaveTextContent('$2,150.00');
    expect(amount('Discount Amount')).toHaveTextContent('$0.00');
    expect(amount('Sales Tax (8.25%)')).toHaveTextContent('$165.00');
    expect(amount('Total')).toHaveTextContent('$2,315.00');
    expect(amount('Balance Due')).toHaveTextContent('$2,315.00');
    expect(number('Tax Rate (%)')).toHaveValue(8.25);
    expect(screen.getByRole('checkbox', { name: 'Tax Exempt' })).not.toBeChecked();
  });

  it('works the totals out live, with the discount as % or $', async () => {
    await openEditor();
    const discount = number('Discount');
    expect(button('Fixed amount ($)')).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(button('Percent (%)'));
    expect(button('Percent (%)')).toHaveAttribute('aria-pressed', 'true');
    await retype(discount, '10');
    // 10 % of $2,150.00 (freight included) = $215.00; tax 8.25 % of ($2,000.00 - $215.00) = $147.26.
    expect(amount('Discount Amount')).toHaveTextContent('-$215.00');
    expect(amount('Sales Tax (8.25%)')).toHaveTextContent('$147.26');
    expect(amount('Total')).toHaveTextContent('$2,082.26');

    await userEvent.click(button('Fixed amount ($)'));
    // $10.00 off; tax 8.25 % of $1,990.00 = $164.175 -> $164.18 (half up).
    expect(amount('Discount Amount')).toHaveTextContent('-$10.00');
    expect(amount('Sales Tax (8.25%)')).toHaveTextContent('$164.18');
    expect(amount('Total')).toHaveTextContent('$2,304.18');

    await retype(number('Tax Rate (%)'), '5');
    expect(amount('Sales Tax (5%)')).toHaveTextContent('$99.50');
    expect(amount('Total')).toHaveTextContent('$2,239.50');
  });

  it('Tax Exempt disables the tax rate, shows 0% and takes the tax off', async () => {
    await openEditor();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tax Exempt' }));
    expect(number('Tax Rate (%)')).toBeDisabled();
    expect(number('Tax Rate (%)')).toHaveValue(8.25);
    expect(amount('Sales Tax (0%)')).toHaveTextContent('$0.00');
    expect(amount('Total')).toHaveTextContent('$2,150.00');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Tax Exempt' }));
    expect(number('Tax Rate (%)')).toBeEnabled();
    expect(amount('Sales Tax (8.25%)')).toHaveTextContent('$165.00');
  });

  it('records payments in one click: Payments/Credits, the balance and the status badge follow', async () => {
    const { requests } = await openEditor();
    const heading = screen.getByRole('heading', { level: 1, name: /Edit Invoice/ });
    expect(within(heading).getByText('Unpaid')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Payments/Credits' })).not.toBeInTheDocument();
    const form = within(await screen.findByRole('form', { name: 'Record payment' }));
    // Prefilled: the balance, today, check.
    expect(form.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(2315);
    expect(form.getByRole('combobox', { name: 'Method' })).toHaveValue('check');

    await retype(form.getByRole('spinbutton', { name: 'Amount' }), '315');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Method' }), 'ACH');
    await userEvent.click(form.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(amount('Payments/Credits')).toHaveTextContent('$315.00'));
    expect(amount('Balance Due')).toHaveTextContent('$2,000.00');
    expect(within(heading).getByText('Partially paid')).toBeInTheDocument();
    expect(inputsOf(requests, 'payments.record')[0]).toMatchObject({
      invoiceId: 7,
      data: { amount: '315.00', method: 'ach' },
    });
    const history = within(screen.getByRole('table', { name: /Payments and credits/ }));
    expect(history.getByText('$315.00')).toBeInTheDocument();
    expect(history.getByRole('button', { name: 'Reverse $315.00' })).toBeInTheDocument();

    // The rest: prefilled with the new balance; the badge says Paid.
    const again = within(screen.getByRole('form', { name: 'Record payment' }));
    await waitFor(() => expect(again.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(2000));
    await userEvent.click(again.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(within(heading).getByText('Paid')).toBeInTheDocument());
    expect(amount('Balance Due')).toHaveTextContent('$0.00');
    // Nothing typed in the form was saved, and it is not marked as changed.
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('refuses a bad payment with the domain messages on its fields, before sending', async () => {
    const { requests } = await openEditor();
    const form = within(await screen.findByRole('form', { name: 'Record payment' }));
    await retype(form.getByRole('spinbutton', { name: 'Amount' }), '0');
    await userEvent.click(form.getByRole('button', { name: 'Record payment' }));
    expect(form.getByRole('spinbutton', { name: 'Amount' })).toHaveAccessibleDescription(
      new RegExp(MESSAGES.paymentAmountZero),
    );
    await retype(form.getByRole('spinbutton', { name: 'Amount' }), '-20');
    await userEvent.click(form.getByRole('button', { name: 'Record payment' }));
    expect(form.getByRole('textbox', { name: 'Reason for the refund' })).toHaveAccessibleDescription(
      MESSAGES.refundReasonRequired,
    );
    expect(inputsOf(requests, 'payments.record')).toEqual([]);
  });

  it('adds a line (quantity 1, no description, price 0) and removes lines', async () => {
    await openEditor();
    await userEvent.click(button('Add Item'));
    expect(number('Qty of item 3')).toHaveValue(1);
    expect(textbox('Description of item 3')).toHaveValue('');
    expect(number('Price Each of item 3')).toHaveValue(0);
    expect(amount('Amount of item 3')).toHaveTextContent('$0.00');

    await userEvent.type(textbox('Description of item 3'), 'Strip curtain');
    await retype(number('Price Each of item 3'), '165');
    await retype(number('Qty of item 3'), '2');
    expect(amount('Amount of item 3')).toHaveTextContent('$330.00');
    expect(amount('Subtotal')).toHaveTextContent('$2,480.00');

    await userEvent.click(button('Remove item 1'));
    expect(textbox('Description of item 1')).toHaveValue('Freight');
    expect(textbox('Description of item 2')).toHaveValue('Strip curtain');
    expect(screen.queryByRole('textbox', { name: 'Description of item 3' })).not.toBeInTheDocument();
    // $150.00 freight (untaxed) + $330.00 taxed at 8.25 % = $27.23.
    expect(amount('Subtotal')).toHaveTextContent('$480.00');
    expect(amount('Sales Tax (8.25%)')).toHaveTextContent('$27.23');
  });

  it('saves what the form holds, with the version it read, and says so', async () => {
    const { requests } = await openEditor();
    await retype(textbox('Description of item 1'), 'Walk-in cooler 8x12');
    await retype(within(group('Ship To')).getByRole('textbox', { name: 'Name' }), 'Alice Smith Farm');
    await userEvent.type(screen.getByLabelText('Due Date'), '2024-04-04');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await userEvent.click(button('Save'));
    expect(await screen.findByText('Invoice saved successfully')).toBeInTheDocument();
    expect(inputsOf(requests, 'invoices.update')).toEqual([
      {
        id: 7,
        data: {
          invoice_number: '2042',
          date: '2024-03-05',
          version: 3,
          editable_data: {
            bill_to: {
              name: 'Alice Smith',
              street: '12 Lake Rd',
              city: 'Duluth',
              state: 'MN',
              zip_code: '55802',
              country: 'US',
            },
            ship_to: {
              name: 'Alice Smith Farm',
              street: '12 Lake Rd',
              city: 'Duluth',
              state: 'MN',
              zip_code: '55802',
              country: 'US',
            },
            po_job_name: 'PO-77',
            ship_date: null,
            ship_via: 'Customer Pickup',
            terms: 'Due on receipt',
            due_date: '2024-04-04',
            tax_exempt: false,
            tax_rate: '8.25',
            discount: '0.00',
            discount_is_percentage: false,
            line_items: [
              { quantity: 2, description: 'Walk-in cooler 8x12', price_each: '1000.00', is_freight: false },
              { quantity: 1, description: 'Freight', price_each: '150.00', is_freight: true },
            ],
          },
        },
      },
    ]);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    // The next save sends the version the server answered with.
    await retype(textbox('P.O. # / Job Name'), 'PO-78');
    await userEvent.click(button('Save'));
    await waitFor(() => expect(inputsOf(requests, 'invoices.update')).toHaveLength(2));
    expect(inputsOf(requests, 'invoices.update')[1]).toMatchObject({ data: { version: 4 } });
  });

  it('checks the form with the domain rules before saving', async () => {
    const { requests } = await openEditor();
    await retype(number('Tax Rate (%)'), '150');
    await userEvent.click(button('Percent (%)'));
    await retype(number('Discount'), '120');
    await retype(textbox(/^Invoice #/), '');
    await userEvent.click(button('Save'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(number('Tax Rate (%)')).toHaveAccessibleDescription(MESSAGES.taxRateRange);
    expect(number('Discount')).toHaveAccessibleDescription(MESSAGES.discountPercentMax);
    expect(textbox(/^Invoice #/)).toHaveAccessibleDescription(MESSAGES.invoiceNumberRequired);
    expect(inputsOf(requests, 'invoices.update')).toEqual([]);

    // A fixed discount may be above 100, but not below 0.
    await userEvent.click(button('Fixed amount ($)'));
    await waitFor(() =>
      expect(number('Discount')).not.toHaveAccessibleDescription(MESSAGES.discountPercentMax),
    );
    await retype(number('Discount'), '-1');
    await userEvent.click(button('Save'));
    await waitFor(() => expect(number('Discount')).toHaveAccessibleDescription(MESSAGES.discountNegative));
  });

  it('shows a server field error on its field, keeping what was typed', async () => {
    const taken = 'An invoice with this number already exists.';
    await openEditor({
      procedures: {
        'invoices.update': () => {
          throw new TrpcTestError({
            message: taken,
            code: 'BAD_REQUEST',
            appCode: 'VALIDATION',
            fieldErrors: {
              invoice_number: [taken],
              editable_data: { line_items: [{}, { quantity: ['Amount is too large'] }] },
            },
          });
        },
      },
    });
    await retype(textbox(/^Invoice #/), '2001');
    await userEvent.click(button('Save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(textbox(/^Invoice #/)).toHaveAccessibleDescription(taken);
    expect(textbox(/^Invoice #/)).toHaveValue('2001');
    expect(number('Qty of item 2')).toHaveAccessibleDescription('Amount is too large');
  });

  it('explains a conflicting save, keeps the typed values, and reloads on request', async () => {
    const { server } = await openEditor();
    // Someone else saves the invoice meanwhile (version 3 -> 4, a new PO).
    server.state.invoices = [
      fakeInvoice(7, {
        invoice_number: '2042',
        customer_name: 'Alice Smith',
        version: 4,
        editable: { po_job_name: 'PO-99', tax_rate: '8.25' },
      }),
    ];
    await retype(textbox('P.O. # / Job Name'), 'PO-mine');
    await userEvent.click(button('Save'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this invoice while you were editing it');
    expect(textbox('P.O. # / Job Name')).toHaveValue('PO-mine');

    await userEvent.click(within(alert).getByRole('button', { name: 'Reload Invoice' }));
    await waitFor(() => expect(textbox('P.O. # / Job Name')).toHaveValue('PO-99'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('Print saves first, then prints the PDF through a hidden frame', async () => {
    const { requests } = await openEditor();
    await retype(textbox('Description of item 1'), 'Walk-in cooler 8x12');
    await userEvent.click(button('Print'));
    await waitFor(() =>
      expect(document.querySelector(`iframe[title="${PRINT_FRAME_TITLE}"]`)).not.toBeNull(),
    );
    const order = requests
      .map((r) => r.path)
      .filter((path) => path === '/trpc/invoices.update' || path === '/api/invoices/7/pdf/');
    expect(order).toEqual(['/trpc/invoices.update', '/api/invoices/7/pdf/']);
    expect(button('Print')).toBeEnabled();
  });

  it('does not print when the save fails', async () => {
    const { requests } = await openEditor();
    await retype(number('Tax Rate (%)'), '101');
    await userEvent.click(button('Print'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(requests.some((r) => r.path === '/api/invoices/7/pdf/')).toBe(false);
  });

  it('Download shows Downloading… and saves invoice-{number}.pdf', async () => {
    const pdf = deferred<Response>();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await openEditor({ pdf: () => pdf.promise });
    await userEvent.click(button('Download'));
    expect(button('Downloading…')).toBeDisabled();
    expect(button('Save')).toBeDisabled();
    pdf.resolve(new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }));
    await waitFor(() => expect(clicks).toEqual(['invoice-2042.pdf']));
    expect(button('Download')).toBeEnabled();
  });

  it('says when the PDF cannot be made', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openEditor({ pdf: () => jsonResponse({ detail: 'No browser.' }, 503) });
    await userEvent.click(button('Download'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.pdfError);
  });

  it('Back goes to the invoice list', async () => {
    const { router } = await openEditor();
    await userEvent.click(button('Back to Invoices'));
    await waitFor(() => expect(currentPath(router)).toBe('/invoices'));
  });

  it('says when the invoice does not exist', async () => {
    const server = createInvoicesServer({ invoices: [] });
    renderApp('/invoices/99/edit', server.handler);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice not found.');
    expect(button('Back to Invoices')).toBeInTheDocument();
  });
});
