import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { fakeInvoice } from './testing/fakeInvoice';
import { createInvoicesServer, inputsOf, type InvoicesServerOptions } from './testing/fakeInvoicesServer';
import { amount, retype, stubObjectUrls } from './testing/editor';

/**
 * The invoice editor's payments and documents, as the office uses them: the payment's
 * own date name, its reference, an overpayment asked about and shown as a Credit, the Payments
 * status after a save, and the Documents list after a download.
 */

/** Invoice 7: one cooler at $2,315.00, $315.00 paid, no due date (Partially paid), version 3. */
function partlyPaid() {
  return fakeInvoice(7, {
    invoice_number: '2042',
    customer_name: 'Alice Smith',
    version: 3,
    editable: {
      payments_credits: '315.00',
      line_items: [{ quantity: 1, description: 'Walk-in cooler 8x10', price_each: '2315.00' }],
    },
  });
}

async function openEditor(options: InvoicesServerOptions = {}) {
  const server = createInvoicesServer({ invoices: [partlyPaid()], ...options });
  const rendered = renderApp('/invoices/7/edit', server.handler);
  await screen.findByRole('heading', { level: 1, name: /Edit Invoice/ });
  const form = within(await screen.findByRole('form', { name: 'Record payment' }));
  return { ...rendered, server, form };
}

beforeEach(stubObjectUrls);

describe('InvoiceEditor payments', () => {
  it("names the payment's date apart from the invoice's Date (item 17)", async () => {
    const { form } = await openEditor();
    expect(screen.getAllByLabelText(/^Date/)).toHaveLength(1);
    expect(screen.getByLabelText(/^Date/)).toHaveValue('2024-03-05');
    expect(form.getByLabelText(/^Payment date/)).toHaveAttribute('type', 'date');
  });

  it('records a reference (check #) with the payment and lists it (item 6)', async () => {
    const { form, requests } = await openEditor();
    await retype(form.getByRole('spinbutton', { name: 'Amount' }), '500');
    await userEvent.type(form.getByRole('textbox', { name: /Reference \/ check #/ }), '1203');
    await userEvent.click(form.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(amount('Payments/Credits')).toHaveTextContent('$815.00'));
    expect(inputsOf(requests, 'payments.record')[0]).toMatchObject({
      invoiceId: 7,
      data: { amount: '500.00', reference: '1203' },
    });
    const history = within(screen.getByRole('table', { name: /Payments and credits/ }));
    expect(history.getByRole('cell', { name: '1203' })).toBeInTheDocument();
    // The next payment starts with an empty reference.
    const again = within(screen.getByRole('form', { name: 'Record payment' }));
    expect(again.getByRole('textbox', { name: /Reference \/ check #/ })).toHaveValue('');
  });

  it('asks before recording more than the balance due, then shows the Credit in Totals (item 13)', async () => {
    const { form, requests } = await openEditor();
    expect(screen.queryByRole('status', { name: 'Credit' })).not.toBeInTheDocument();
    await retype(form.getByRole('spinbutton', { name: 'Amount' }), '2100');
    await userEvent.click(form.getByRole('button', { name: 'Record payment' }));
    // $2,100.00 against a $2,000.00 balance: asked, nothing sent.
    expect(
      await screen.findByText(
        'This is $100.00 more than the balance due ($2,000.00). The $100.00 over will stay on the invoice as a credit.',
      ),
    ).toBeInTheDocument();
    expect(inputsOf(requests, 'payments.record')).toEqual([]);

    // Change amount: the question goes and nothing is recorded.
    await userEvent.click(form.getByRole('button', { name: 'Change amount' }));
    expect(screen.queryByText(/more than the balance due/)).not.toBeInTheDocument();
    expect(inputsOf(requests, 'payments.record')).toEqual([]);

    await userEvent.click(form.getByRole('button', { name: 'Record payment' }));
    await userEvent.click(await form.findByRole('button', { name: 'Record with credit' }));
    await waitFor(() => expect(amount('Payments/Credits')).toHaveTextContent('$2,415.00'));
    expect(inputsOf(requests, 'payments.record')).toHaveLength(1);
    expect(amount('Balance Due')).toHaveTextContent('$0.00');
    expect(amount('Credit')).toHaveTextContent('$100.00');
  });

  it('an amount up to the balance records at once, without asking (item 13)', async () => {
    const { form, requests } = await openEditor();
    await userEvent.click(form.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(inputsOf(requests, 'payments.record')).toHaveLength(1));
    expect(screen.queryByText(/more than the balance due/)).not.toBeInTheDocument();
    await waitFor(() => expect(amount('Balance Due')).toHaveTextContent('$0.00'));
    expect(screen.queryByRole('status', { name: 'Credit' })).not.toBeInTheDocument();
  });

  it('the Payments status follows a saved due date at once (item 7)', async () => {
    await openEditor();
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(await within(payments).findByText('Partially paid')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Due Date'), '2024-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Invoice saved successfully');
    const heading = screen.getByRole('heading', { level: 1, name: /Edit Invoice/ });
    expect(within(heading).getByText('Overdue')).toBeInTheDocument();
    await waitFor(() => expect(within(payments).getByText('Overdue')).toBeInTheDocument());
    expect(within(payments).queryByText('Partially paid')).not.toBeInTheDocument();
  });
});

describe('InvoiceEditor documents', () => {
  it('lists the version a Download made, without a reload', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let versions = 1;
    const document = (version: number) => ({
      id: version,
      kind: 'invoice' as const,
      record_id: 7,
      version,
      record_version: version,
      filename: `invoice-2042-v${version}.pdf`,
      size: 48213,
      sha256: `${version}`.repeat(64),
      created_at: '2026-11-23T14:05:00.000Z',
      created_by: 'staff',
    });
    await openEditor({
      procedures: {
        'documents.forInvoice': () => ({
          results: Array.from({ length: versions }, (_, i) => document(versions - i)),
        }),
      },
      pdf: () => {
        // The invoice changed since version 1: the download renders and archives version 2.
        versions = 2;
        return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
      },
    });
    const documents = within(screen.getByRole('table', { name: 'Documents' }));
    expect(await documents.findByRole('link', { name: 'Download invoice version 1' })).toHaveAttribute(
      'download',
      'invoice-2042-v1.pdf',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await documents.findByRole('link', { name: 'Download invoice version 2' })).toHaveAttribute(
      'download',
      'invoice-2042-v2.pdf',
    );
    expect(documents.getByRole('link', { name: 'Download invoice version 1' })).toBeInTheDocument();
  });
});
