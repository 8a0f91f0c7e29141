import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ADMIN, createFakeServer } from '../../test/fakeServer';
import { renderApp } from '../../test/render';

/** A failed job says which document and which recipient, not "emailId: 5". */

describe('Failed jobs', () => {
  it('names the document and the recipient of a failed email; a job that cannot say shows its data', async () => {
    const job = {
      attempts: 5,
      error: 'connect ECONNREFUSED 127.0.0.1:25',
      created_on: '2026-11-23T14:00:00.000Z',
      failed_on: '2026-11-23T14:05:00.000Z',
    };
    const server = createFakeServer({
      session: ADMIN,
      procedures: {
        'jobs.failed': () => ({
          results: [
            {
              ...job,
              id: 'a1',
              name: 'send-email',
              label: 'Send an email',
              about: 'Invoice #2042 to buyer@acme.example',
              data: { emailId: 5 },
            },
            {
              ...job,
              id: 'b2',
              name: 'render-document',
              label: 'Render a document',
              about: null,
              data: { invoiceId: 12 },
            },
          ],
        }),
      },
    });
    renderApp('/failed-jobs', server.handler);
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    const email = (await within(table).findByText('Send an email')).closest('tr')!;
    expect(within(email).getByText('Invoice #2042 to buyer@acme.example')).toBeInTheDocument();
    expect(within(email).queryByText(/emailId/)).toBeNull();
    const render = within(table).getByText('Render a document').closest('tr')!;
    expect(within(render).getByText('invoiceId: 12')).toBeInTheDocument();
  });
});
