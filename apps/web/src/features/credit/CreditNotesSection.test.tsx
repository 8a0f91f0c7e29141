import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithServer } from '../../test/render';
import { MESSAGES } from '@icehouse/domain';
import { TrpcTestError, trpcBatch } from '../../test/fakeFetch';
import { CreditNotesSection } from './CreditNotesSection';

const NOTE = {
  id: 4,
  credit_note_number: 'CN-1004',
  invoice_id: 12,
  invoice_number: '2012',
  customer_name: 'Lakeside Resort',
  date: '2026-11-20',
  reason: 'Returned door',
  line_items: [{ quantity: 1, description: 'Door', price_each: '100.00', amount: '100.00', is_freight: false }],
  tax_rate: '8.00',
  tax_exempt: false,
  subtotal: '100.00',
  taxable_subtotal: '100.00',
  tax_amount: '8.00',
  total: '108.00',
  payment_id: 31,
  created_by: 'staff',
  created_at: '2026-11-20T10:00:00.000Z',
  voided: false,
  void_date: null,
  void_reason: '',
  void_payment_id: null,
  voided_by: null,
  voided_at: null,
};

describe('Credit notes on the invoice editor', () => {
  it("emails a credit note through the email dialog, as kind 'credit_note' with its id", async () => {
    const sent: unknown[] = [];
    const server = trpcBatch({
      'credit.invoiceCreditNotes': () => ({
        invoice_id: 12,
        invoice_number: '2012',
        total: '1000.00',
        credited: '108.00',
        creditable: '892.00',
        tax_rate: '8.00',
        tax_exempt: false,
        results: [NOTE],
      }),
      'email.compose': (input: unknown) => {
        expect(input).toEqual({ kind: 'credit_note', id: 4 });
        return { to: 'buyer@example.com', cc: '', subject: 'Credit note CN-1004', body: 'Attached.', smtp_configured: true, customer: null };
      },
      'email.send': (input: unknown) => {
        sent.push(input);
        return {
          id: 9,
          kind: 'credit_note',
          record_id: 4,
          to: ['buyer@example.com'],
          cc: [],
          subject: 'Credit note CN-1004',
          status: 'queued',
          document_version: 1,
          server_message_id: null,
          server_response: '',
          error: '',
          attempts: 0,
          next_retry: null,
          created_at: '2026-11-20T10:00:00.000Z',
          created_by: 'staff',
          sent_at: null,
        };
      },
    });
    renderWithServer(<CreditNotesSection invoiceId={12} onIssued={() => {}} />, server);
    await userEvent.click(await screen.findByRole('button', { name: 'Email CN-1004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email credit note' });
    expect(await within(dialog).findByRole('textbox', { name: /^To/ })).toHaveValue('buyer@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Send/ }));
    await waitFor(() =>
      expect(sent).toEqual([
        { kind: 'credit_note', id: 4, data: { to: 'buyer@example.com', cc: '', subject: 'Credit note CN-1004', body: 'Attached.' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a send in the email dialog, and keeps it open", async () => {
    const server = trpcBatch({
      'credit.invoiceCreditNotes': () => ({
        invoice_id: 12,
        invoice_number: '2012',
        total: '1000.00',
        credited: '108.00',
        creditable: '892.00',
        tax_rate: '8.00',
        tax_exempt: false,
        results: [NOTE],
      }),
      'email.compose': () => ({ to: 'buyer@example.com', cc: '', subject: 'Credit note CN-1004', body: 'Attached.', smtp_configured: true, customer: null }),
      'email.send': () => {
        // As the server answers a refusal about no field: its message, no field errors.
        throw new TrpcTestError({ message: MESSAGES.emailNoFromAddress, code: 'BAD_REQUEST', appCode: 'VALIDATION' });
      },
    });
    renderWithServer(<CreditNotesSection invoiceId={12} onIssued={() => {}} />, server);
    await userEvent.click(await screen.findByRole('button', { name: 'Email CN-1004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email credit note' });
    expect(await within(dialog).findByRole('textbox', { name: /^To/ })).toHaveValue('buyer@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Send/ }));
    expect(await within(dialog).findByText(MESSAGES.emailNoFromAddress)).toBeInTheDocument();
  });
});
