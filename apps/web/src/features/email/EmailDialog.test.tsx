import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF, createFakeServer } from '../../test/fakeServer';
import { renderWithServer } from '../../test/render';
import { EmailDialog } from './EmailDialog';

const SENT = {
  id: 1,
  kind: 'quote',
  record_id: 5,
  to: ['ap@gull.example'],
  cc: [],
  subject: 'Quote Q-1005',
  status: 'queued',
  document_version: 1,
  server_message_id: null,
  server_response: '',
  error: '',
  attempts: 0,
  next_retry: null,
  created_at: '2026-11-29T12:00:00.000Z',
  created_by: 'staff',
  sent_at: null,
};

function renderDialog(savedEmail: string) {
  const sends: unknown[] = [];
  const server = createFakeServer({
    session: STAFF,
    procedures: {
      'email.compose': () => ({
        to: savedEmail,
        cc: '',
        subject: 'Quote Q-1005',
        body: 'Attached.',
        smtp_configured: true,
        customer: { id: 3, name: 'Gull Point Ice', email: savedEmail },
      }),
      'email.send': (input) => {
        sends.push(input);
        return SENT;
      },
      'email.log': () => ({ results: [] }),
    },
  });
  renderWithServer(<EmailDialog kind="quote" id={5} open onClose={() => undefined} onQueued={() => undefined} />, server.handler);
  return sends;
}

describe('the email dialog and the customer’s saved address', () => {
  it('offers to save an address typed otherwise on the customer, and sends the choice', async () => {
    const sends = renderDialog('old@gull.example');
    const to = await screen.findByRole('textbox', { name: /^To/ });
    await waitFor(() => expect(to).toHaveValue('old@gull.example'));
    // The saved address as it is: nothing to offer.
    expect(screen.queryByRole('checkbox', { name: 'Save this address on the customer' })).not.toBeInTheDocument();
    await userEvent.clear(to);
    await userEvent.type(to, 'ap@gull.example');
    const save = screen.getByRole('checkbox', { name: 'Save this address on the customer' });
    expect(save).not.toBeChecked();
    expect(screen.getByText("Gull Point Ice's saved address is old@gull.example. Statements go only to the saved address.")).toBeInTheDocument();
    await userEvent.click(save);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).toMatchObject({ kind: 'quote', id: 5, data: { to: 'ap@gull.example', save_to_customer: true } });
  });

  it('offers nothing for several addresses', async () => {
    renderDialog('');
    const to = await screen.findByRole('textbox', { name: /^To/ });
    await userEvent.type(to, 'a@gull.example, b@gull.example');
    expect(screen.queryByRole('checkbox', { name: 'Save this address on the customer' })).not.toBeInTheDocument();
    await userEvent.clear(to);
    await userEvent.type(to, 'a@gull.example');
    expect(screen.getByRole('checkbox', { name: 'Save this address on the customer' })).toBeInTheDocument();
    expect(screen.getByText('Gull Point Ice has no saved address. Statements go only to the saved address.')).toBeInTheDocument();
  });
});
