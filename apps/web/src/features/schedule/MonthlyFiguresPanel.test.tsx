import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { TrpcTestError } from '../../test/fakeFetch';
import { createOrdersServer, fakeOrder } from '../orders/testing';
import { fakeMonthlyFigures } from './testing';

const ORDERS = [
  fakeOrder(1, { date: '2026-11-02' }),
  fakeOrder(2, { date: '2026-11-20' }),
  fakeOrder(3, { date: '2026-01-05' }),
  fakeOrder(4, { date: '2026-01-06', status: 'voided' }),
];
const INVOICES = [
  { date: '2026-11-03', total: '1234.56' },
  { date: '2026-11-30', total: '0.01' },
  { date: '2026-02-10', total: '99.99' },
];

async function openDashboard(
  monthly = (input: unknown) =>
    fakeMonthlyFigures(ORDERS, { ...(input as object), through: '2026-11' }, INVOICES),
) {
  const server = createOrdersServer(ORDERS, { procedures: { 'schedule.monthly': monthly } });
  const rendered = renderApp('/dashboard', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return rendered;
}

describe('the dashboard chart of orders and invoiced revenue', () => {
  // First in the file: the chart's module is not loaded yet, so its loading state shows.
  it("loads the chart's code on demand beside the monthly table; every month, empty ones included, amounts to the cent", async () => {
    await openDashboard();
    const panel = screen.getByRole('region', { name: 'Orders and invoiced revenue, last 12 months' });
    // The data is there; the chart's code (chart.js) is not yet: the Suspense fallback says so.
    expect(await within(panel).findByText('Loading the chart...')).toHaveAttribute('role', 'status');
    // jsdom draws no canvas (test/setup.ts), so the chart's module shows its table, which a browser
    // keeps visually hidden beside the canvas.
    const table = await within(panel).findByRole('table', { name: 'Orders and invoiced revenue per month' });
    expect(within(panel).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Orders by month' })).toBeInTheDocument();
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toHaveLength(1 + 12 + 1);
    expect(rows[0]).toEqual(['Month', 'Orders', 'Invoiced revenue']);
    expect(rows[1]).toEqual(['December 2025', '0', '$0.00']);
    expect(rows[2]).toEqual(['January 2026', '1', '$0.00']);
    expect(rows[3]).toEqual(['February 2026', '0', '$99.99']);
    expect(rows[12]).toEqual(['November 2026', '2', '$1,234.57']);
    expect(rows[13]).toEqual(['Total', '3', '$1,334.56']);
  });

  it('says when the figures cannot be loaded, beside a working monthly table', async () => {
    await openDashboard(() => {
      throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading the monthly figures. Please try again.',
    );
    expect(screen.getByRole('table', { name: 'Orders by month' })).toBeInTheDocument();
  });
});
