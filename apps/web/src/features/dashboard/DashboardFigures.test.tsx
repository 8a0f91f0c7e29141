import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { TrpcTestError } from '../../test/fakeFetch';
import { createOrdersServer } from '../orders/testing';
import { STAFF } from '../../test/fakeServer';

const FIGURES = {
  open_quotes: { count: 2, value: '18450.00' },
  receivables: { as_of: '2026-11-29', owed: '850.00', overdue: '600.00', open_invoices: 2, overdue_invoices: 1 },
};

async function openDashboard(procedures: Record<string, () => unknown>, session = STAFF) {
  const server = createOrdersServer([], { procedures, session });
  renderApp('/dashboard', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
}

describe('the dashboard figures', () => {
  it('shows the open quotes (count, value, a link to them) and what is owed and overdue, with a link to the aging', async () => {
    await openDashboard({ 'reports.dashboard': () => FIGURES });
    const quotes = await screen.findByRole('region', { name: 'Open quotes' });
    expect(quotes).toHaveTextContent('2 quotes waiting for an answer');
    expect(quotes).toHaveTextContent('$18,450.00');
    expect(within(quotes).getByRole('link', { name: 'See the open quotes' })).toHaveAttribute('href', '/quotes?status=sent');
    const receivables = screen.getByRole('region', { name: 'Receivables' });
    expect(within(receivables).getByTestId('dashboard-owed')).toHaveTextContent('$850.00');
    expect(within(receivables).getByTestId('dashboard-overdue')).toHaveTextContent('$600.00');
    expect(receivables).toHaveTextContent('2 open invoices, 1 overdue');
    expect(within(receivables).getByRole('link', { name: 'See the aging report' })).toHaveAttribute('href', '/reports?report=aging');
  });

  it('leaves the figures out for a role that may not read them', async () => {
    await openDashboard({
      'reports.dashboard': () => {
        throw new TrpcTestError({ message: 'You do not have permission to perform this action.', code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
      },
    });
    await screen.findByRole('table', { name: 'Orders by month' });
    expect(screen.queryByRole('region', { name: 'Receivables' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the figures only for the books, and links the open quotes only for roles that open quotes', async () => {
    let asked = 0;
    const count = () => {
      asked += 1;
      return FIGURES;
    };
    await openDashboard({ 'reports.dashboard': count }, { ...STAFF, role: 'accounting' });
    const quotes = await screen.findByRole('region', { name: 'Open quotes' });
    expect(within(quotes).queryByRole('link')).toBeNull();
    expect(asked).toBe(1);
  });

  it('does not ask a role without the books', async () => {
    let asked = 0;
    await openDashboard({ 'reports.dashboard': () => ((asked += 1), FIGURES) }, { ...STAFF, role: 'sales' });
    await screen.findByRole('table', { name: 'Orders by month' });
    expect(screen.queryByRole('region', { name: 'Open quotes' })).toBeNull();
    expect(asked).toBe(0);
  });
});
