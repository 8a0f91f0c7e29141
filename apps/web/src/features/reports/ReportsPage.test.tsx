import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayIso } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { STAFF, createFakeServer } from '../../test/fakeServer';

const money = (v: string) => v;
const salesTax = {
  from: '2026-01-01',
  to: '2026-12-31',
  period: 'quarter',
  rows: [
    {
      period: '2026-Q1',
      start: '2026-01-01',
      end: '2026-03-31',
      invoices: 2,
      taxable_sales: money('1000.00'),
      exempt_sales: '0.00',
      freight: '150.00',
      discounts: '0.00',
      tax: '82.50',
      total: '1232.50',
    },
  ],
  total: {
    invoices: 2,
    taxable_sales: '1000.00',
    exempt_sales: '0.00',
    freight: '150.00',
    discounts: '0.00',
    tax: '82.50',
    total: '1232.50',
  },
};
const aging = {
  as_of: '2026-05-01',
  rows: [
    {
      customer_id: 3,
      customer_name: 'Lakeside Resort',
      invoices: 1,
      current: '0.00',
      days_1_30: '250.00',
      days_31_60: '0.00',
      days_61_90: '0.00',
      over_90: '0.00',
      total: '250.00',
    },
  ],
  total: {
    invoices: 1,
    current: '0.00',
    days_1_30: '250.00',
    days_31_60: '0.00',
    days_61_90: '0.00',
    over_90: '0.00',
    total: '250.00',
  },
};

describe('ReportsPage', () => {
  it('shows the sales tax report, then the aging report, each with a CSV link carrying its filters', async () => {
    const server = createFakeServer({
      session: STAFF,
      procedures: { 'reports.salesTax': () => salesTax, 'reports.aging': () => aging },
    });
    renderApp('/reports', server.handler);
    const table = await screen.findByRole('table', { name: 'Sales tax by period' }, { timeout: 10_000 });
    expect(within(table).getByRole('rowheader', { name: '2026-Q1' })).toBeInTheDocument();
    expect(within(table).getAllByText('$82.50')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/reports/sales-tax/csv/?from='),
    );
    // The payments recorded in the same dates.
    const year = todayIso().slice(0, 4);
    expect(screen.getByRole('link', { name: 'Payments CSV' })).toHaveAttribute(
      'href',
      `/api/payments/export.csv?from=${year}-01-01&to=${year}-12-31`,
    );
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), `${year}-04-01`);
    expect(screen.getByRole('link', { name: 'Payments CSV' })).toHaveAttribute(
      'href',
      `/api/payments/export.csv?from=${year}-04-01&to=${year}-12-31`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Receivables aging' }));
    const agingTable = await screen.findByRole('table', { name: /Balances due/ });
    expect(within(agingTable).getByRole('rowheader', { name: 'Lakeside Resort' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/reports/aging/csv/?as_of='),
    );
  });
});
