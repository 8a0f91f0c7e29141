import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithServer } from '../../test/render';
import { TrpcTestError, trpcBatch } from '../../test/fakeFetch';
import { StatementSection } from './StatementSection';

const FIGURES = {
  from: '2026-10-01',
  to: '2026-10-31',
  opening_balance: '700.00',
  invoiced: '500.00',
  paid: '950.00',
  credited: '100.00',
  closing_balance: '150.00',
  entries: [
    { date: '2026-10-05', type: 'invoice', label: 'Invoice', document: 'Invoice 2042', detail: '', amount: '500.00', balance: '1200.00' },
    { date: '2026-10-10', type: 'payment', label: 'Payment', document: 'Invoice 2041', detail: 'CHK-1', amount: '-400.00', balance: '800.00' },
  ],
  aging: { current: '400.00', days_1_30: '0.00', days_31_60: '0.00', days_61_90: '0.00', over_90: '0.00' },
  aging_total: '400.00',
  unapplied_credit: '250.00',
  open_invoices: [],
  customer_id: 3,
  customer_name: 'Harbor Fish Co',
  customer_email: 'ap@harbor.example',
  bill_to: { name: 'Harbor Fish Co', street: '', city: '', state: '', zip_code: '', country: 'US' },
};

describe('Statement section of the customer page', () => {
  it('shows the period’s figures, aging and entries; the server’s message lands under To', async () => {
    const asked: unknown[] = [];
    const server = trpcBatch({
      'statements.forCustomer': (input) => {
        asked.push(input);
        if ((input as { to: string }).to < (input as { from: string }).from)
          throw new TrpcTestError({ message: 'Validation failed.', code: 'BAD_REQUEST', appCode: 'VALIDATION', fieldErrors: { to: ['To must be on or after From.'] } });
        return FIGURES;
      },
    });
    renderWithServer(<StatementSection customer={{ id: 3, name: 'Harbor Fish Co', email: 'ap@harbor.example' }} />, server);
    expect(await screen.findByTestId('statement-closing')).toHaveTextContent('$150.00');
    expect(screen.getByTestId('statement-opening')).toHaveTextContent('$700.00');
    expect(screen.getByRole('table', { name: 'Entries of the period' })).toHaveTextContent('Payment · Invoice 2041 · CHK-1');
    expect(screen.getByRole('region', { name: /Open invoices on/ })).toHaveTextContent('$250.00');
    expect(screen.getByRole('link', { name: 'PDF' }).getAttribute('href')).toMatch(/^\/api\/customers\/3\/statement\/pdf\/\?from=\d{4}-\d\d-01&to=/);
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2000-01-01');
    expect(await screen.findByText('To must be on or after From.')).toBeInTheDocument();
    expect(asked.length).toBeGreaterThan(1);
  });

  it('emails the statement after a confirm naming the address, and says it is queued', async () => {
    const sent: unknown[] = [];
    const server = trpcBatch({
      'statements.forCustomer': () => FIGURES,
      'statements.email': (input) => {
        sent.push(input);
        const { customer_email: _unused, ...issued } = FIGURES;
        return { statement: { ...issued, id: 7, statement_number: 'S-7', batch_id: null, created_at: '2026-11-27T10:00:00.000Z', created_by: 'staff' }, email: {
            id: 9,
            kind: 'statement',
            record_id: 7,
            to: ['ap@harbor.example'],
            cc: [],
            subject: 'Statement',
            status: 'queued',
            document_version: null,
            server_message_id: null,
            server_response: '',
            error: '',
            attempts: 0,
            next_retry: null,
            created_at: '2026-11-27T10:00:00.000Z',
            created_by: 'staff',
            sent_at: null,
          },
        };
      },
    });
    renderWithServer(<StatementSection customer={{ id: 3, name: 'Harbor Fish Co', email: 'ap@harbor.example' }} />, server);
    await screen.findByTestId('statement-closing');
    await userEvent.click(screen.getByRole('button', { name: 'Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email statement' });
    expect(dialog).toHaveTextContent('ap@harbor.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Statement S-7 is queued to ap@harbor.example.')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 3, data: { from: expect.any(String), to: expect.any(String) } });
  });

  it('waits for an address before it emails, and drops a refusal once another is saved', async () => {
    const server = trpcBatch({
      'statements.forCustomer': () => FIGURES,
      'statements.email': () => {
        throw new TrpcTestError({ message: 'Enter a valid email address.', code: 'BAD_REQUEST', appCode: 'VALIDATION', fieldErrors: { email: ['Enter a valid email address.'] } });
      },
    });
    /** The customer page around the section: its address is saved elsewhere on the page. */
    function Page() {
      const [email, setEmail] = useState('');
      return (
        <>
          <button type="button" onClick={() => setEmail((e) => (e === '' ? 'ap@harbor' : 'ap@harbor.example'))}>
            Save address
          </button>
          <StatementSection customer={{ id: 3, name: 'Harbor Fish Co', email }} />
        </>
      );
    }
    renderWithServer(<Page />, server);
    await screen.findByTestId('statement-closing');
    const email = () => screen.getByRole('button', { name: 'Email' });
    expect(email()).toBeDisabled();
    expect(email()).toHaveAccessibleDescription('Add an email address to this customer to email a statement.');

    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(email()).toBeEnabled();
    await userEvent.click(email());
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Email statement' })).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByText('Enter a valid email address.')).not.toBeInTheDocument());
  });
});
