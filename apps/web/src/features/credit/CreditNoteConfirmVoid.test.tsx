import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayIso } from '@icehouse/domain';
import { renderWithServer } from '../../test/render';
import { TrpcTestError, trpcBatch } from '../../test/fakeFetch';
import { CreditNotesSection } from './CreditNotesSection';

/**
 * A credit note is issued only after a confirm that shows its total with tax, and can be voided (kept, its
 * entry reversed). Figures by hand: $185.00 credited at the invoice's 6.88 %: tax 12.728 -> $12.73, $197.73.
 */
const NOTE = {
  id: 4,
  credit_note_number: 'CN-1004',
  invoice_id: 12,
  invoice_number: '2012',
  customer_name: 'Lakeside Resort',
  date: '2026-11-20',
  reason: 'Returned door',
  line_items: [{ quantity: 1, description: 'Door', price_each: '185.00', amount: '185.00', is_freight: false }],
  tax_rate: '6.88',
  tax_exempt: false,
  subtotal: '185.00',
  taxable_subtotal: '185.00',
  tax_amount: '12.73',
  total: '197.73',
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
const SUMMARY = { invoice_id: 12, invoice_number: '2012', total: '1266.53', paid: '197.73', balance_due: '1068.80', credit: '0.00', status: 'unpaid', due_date: '2026-12-20', version: 3 };
const list = (results: unknown[], credited = '0.00', creditable = '1266.53') => ({
  invoice_id: 12,
  invoice_number: '2012',
  total: '1266.53',
  credited,
  creditable,
  tax_rate: '6.88',
  tax_exempt: false,
  results,
});

describe('issuing and voiding a credit note', () => {
  it('asks to confirm, showing the total with tax, before issuing', async () => {
    const issued: unknown[] = [];
    const server = trpcBatch({
      'credit.invoiceCreditNotes': () => list(issued.length ? [NOTE] : []),
      'credit.issueCreditNote': (input) => {
        issued.push(input);
        return { credit_note: NOTE, invoice: SUMMARY };
      },
    });
    renderWithServer(<CreditNotesSection invoiceId={12} onIssued={() => {}} />, server);
    await screen.findByText(/can still be credited/);
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Returned door');
    await userEvent.type(screen.getByLabelText('Description 1'), 'Door');
    const price = screen.getByLabelText('Price each 1');
    await userEvent.clear(price);
    await userEvent.type(price, '185');
    await userEvent.click(screen.getByRole('button', { name: 'Issue credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue this credit note?' });
    expect(within(dialog).getByTestId('credit-note-preview-subtotal')).toHaveTextContent('$185.00');
    expect(within(dialog).getByTestId('credit-note-preview-tax')).toHaveTextContent('$12.73');
    expect(within(dialog).getByTestId('credit-note-preview-total')).toHaveTextContent('$197.73');
    expect(issued).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue for $197.73' }));
    await waitFor(() => expect(issued).toHaveLength(1));
    expect(issued[0]).toMatchObject({ invoiceId: 12, data: { reason: 'Returned door', line_items: [{ description: 'Door', price_each: '185.00' }] } });
    expect(await screen.findByText('Credit note CN-1004 issued for $197.73.')).toBeInTheDocument();
  });

  it('voids a note after asking why, and shows it voided; a refusal is said in the dialog', async () => {
    let voided = false;
    const asked: unknown[] = [];
    const server = trpcBatch({
      'credit.invoiceCreditNotes': () =>
        list([voided ? { ...NOTE, voided: true, void_date: todayIso(), void_reason: 'Door kept', void_payment_id: 40, voided_by: 'staff', voided_at: '2026-11-29T10:00:00.000Z' } : NOTE], voided ? '0.00' : '197.73', voided ? '1266.53' : '1068.80'),
      'credit.voidCreditNote': (input) => {
        asked.push(input);
        const { data } = input as { data: { reason: string } };
        if (!data.reason.trim())
          throw new TrpcTestError({ message: 'Validation failed.', code: 'BAD_REQUEST', appCode: 'VALIDATION', fieldErrors: { reason: ['Give the reason for voiding the credit note'] } });
        voided = true;
        return { credit_note: { ...NOTE, voided: true, void_date: todayIso(), void_reason: data.reason, void_payment_id: 40, voided_by: 'staff', voided_at: '2026-11-29T10:00:00.000Z' }, invoice: { ...SUMMARY, paid: '0.00', balance_due: '1266.53' } };
      },
    });
    const changed: unknown[] = [];
    renderWithServer(<CreditNotesSection invoiceId={12} onIssued={(answer) => changed.push(answer.invoice)} />, server);
    await userEvent.click(await screen.findByRole('button', { name: 'Void CN-1004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void credit note CN-1004?' });
    expect(dialog).toHaveTextContent('$197.73');
    expect(within(dialog).getByLabelText(/^Void date/)).toHaveValue(todayIso());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void credit note' }));
    expect(await within(dialog).findByText('Give the reason for voiding the credit note')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Reason for voiding/), 'Door kept');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void credit note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(asked.at(-1)).toEqual({ id: 4, data: { date: todayIso(), reason: 'Door kept' } });
    expect(await screen.findByText(/Voided .*: Door kept/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void CN-1004' })).toBeNull();
    expect(changed).toEqual([expect.objectContaining({ balance_due: '1266.53' })]);
  });
});
