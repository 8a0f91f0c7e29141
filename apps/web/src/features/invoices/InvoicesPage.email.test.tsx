import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { fakeInvoice } from './testing/fakeInvoice';
import { createInvoicesServer, inputsOf } from './testing/fakeInvoicesServer';

/** Email from the invoices list opens the invoice editor's email dialog for that row's invoice. */

function sampleInvoices() {
  return [
    fakeInvoice(2, { invoice_number: '2002', customer_name: 'Alice Smith' }),
    fakeInvoice(1, { invoice_number: '2001', customer_name: 'Bob Jones' }),
  ];
}

/** email.compose and email.send as the server answers them: prefilled from the invoice; no SMTP here. */
function emailProcedures(invoices: ReturnType<typeof sampleInvoices>) {
  const record = (input: unknown) => input as { kind: 'invoice' | 'bol'; id: number };
  return {
    'email.compose': (input: unknown) => {
      const invoice = invoices.find((i) => i.id === record(input).id)!;
      return {
        to: `${invoice.customer_name.split(' ')[0]!.toLowerCase()}@example.com`,
        cc: '',
        subject: `Invoice ${invoice.invoice_number} from Ice House`,
        body: `Dear ${invoice.customer_name}, please find invoice ${invoice.invoice_number} attached.`,
        smtp_configured: false,
        customer: null,
      };
    },
    'email.send': (input: unknown) => {
      const { kind, id } = record(input);
      return {
        id: 1,
        kind,
        record_id: id,
        to: ['alice@example.com'],
        cc: [],
        subject: 'Invoice 2002 from Ice House',
        status: 'not_sent',
        document_version: 1,
        server_message_id: null,
        server_response: '',
        error: '',
        attempts: 0,
        next_retry: null,
        created_at: '2024-03-05T10:00:00.000Z',
        created_by: 'staff',
        sent_at: null,
      };
    },
  };
}

async function openList() {
  const invoices = sampleInvoices();
  const server = createInvoicesServer({ invoices, procedures: emailProcedures(invoices) });
  const rendered = renderApp('/invoices', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Invoices' });
  return rendered;
}

const row = (number: string) =>
  within(screen.getByRole('table', { name: 'Invoices' })).getByRole('row', {
    name: new RegExp(`^${number} `),
  });

describe('Email from the invoices list', () => {
  it("opens the email dialog prefilled for that row's invoice", async () => {
    const { requests } = await openList();
    await userEvent.click(within(await waitFor(() => row('2002'))).getByRole('button', { name: 'Email' }));

    const dialog = await screen.findByRole('dialog', { name: 'Email invoice' });
    const to = await within(dialog).findByRole('textbox', { name: /^To/ });
    expect(to).toHaveValue('alice@example.com');
    // Where the writing starts: To, not the close button the dialog focused while its draft loaded.
    await waitFor(() => expect(to).toHaveFocus());
    expect(within(dialog).getByRole('textbox', { name: /^Subject/ })).toHaveValue(
      'Invoice 2002 from Ice House',
    );
    expect(within(dialog).getByRole('textbox', { name: /^Message/ })).toHaveValue(
      'Dear Alice Smith, please find invoice 2002 attached.',
    );
    expect(inputsOf(requests, 'email.compose')).toEqual([{ kind: 'invoice', id: 2 }]);
  });

  it('says plainly, with no SMTP configured, that nothing was sent', async () => {
    const { requests } = await openList();
    await userEvent.click(within(await waitFor(() => row('2001'))).getByRole('button', { name: 'Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email invoice' });
    expect(await within(dialog).findByText(/Email is not set up on this server/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^To/ })).toHaveValue('bob@example.com');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Email invoice' })).toBeNull());
    expect(screen.getByText(/the message was kept as not sent\. Nothing was sent\./)).toBeInTheDocument();
    expect(inputsOf(requests, 'email.send')).toEqual([
      {
        kind: 'invoice',
        id: 1,
        data: {
          to: 'bob@example.com',
          cc: '',
          subject: 'Invoice 2001 from Ice House',
          body: 'Dear Bob Jones, please find invoice 2001 attached.',
        },
      },
    ]);
  });
});
