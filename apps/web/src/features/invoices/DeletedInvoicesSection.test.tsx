import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { ADMIN } from '../../test/fakeServer';
import { fakeInvoice } from './testing/fakeInvoice';
import { createInvoicesServer, inputsOf } from './testing/fakeInvoicesServer';

/** Superusers see the record of deleted invoices under the invoices list (decision 011). */

const DELETED = {
  invoice_number: '1032',
  date: '2024-03-10',
  total_amount: '1250.50',
  customer_name: 'Alice Smith',
  order_number: '1021',
  deleted_by: 'staff',
  deleted_at: '2024-03-12T15:30:00.000Z',
};

function server(session?: typeof ADMIN) {
  return createInvoicesServer({
    invoices: [fakeInvoice(1)],
    ...(session ? { session } : {}),
    procedures: { 'invoices.deleted': () => ({ count: 1, next: null, previous: null, results: [DELETED] }) },
  });
}

describe('InvoicesPage: deleted invoices', () => {
  it('a superuser opens the section and reads number, date, customer, total and who deleted it', async () => {
    const { requests } = renderApp('/invoices', server(ADMIN).handler);
    await screen.findByRole('heading', { level: 1, name: 'Invoices' });
    expect(screen.getByRole('heading', { level: 2, name: 'Deleted Invoices' })).toBeInTheDocument();
    // Asked for only when opened.
    expect(inputsOf(requests, 'invoices.deleted')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Show Deleted Invoices' }));
    const table = await screen.findByRole('table', { name: 'Deleted Invoices' });
    const row = await within(table).findByRole('row', { name: /^1032 / });
    expect(row).toHaveTextContent('03/10/2024');
    expect(row).toHaveTextContent('Alice Smith');
    expect(row).toHaveTextContent('$1,250.50');
    expect(row).toHaveTextContent('staff');
  });

  it('staff do not see it', async () => {
    renderApp('/invoices', server().handler);
    await screen.findByRole('heading', { level: 1, name: 'Invoices' });
    expect(screen.queryByRole('heading', { name: 'Deleted Invoices' })).not.toBeInTheDocument();
  });
});
