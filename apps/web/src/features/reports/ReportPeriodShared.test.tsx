import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, renderApp } from '../../test/render';
import { ADMIN, createFakeServer } from '../../test/fakeServer';

/** One period for every report with a range: chosen on one tab, it is the period of the next. */
const salesTax = (input: unknown) => {
  const { from, to, period } = input as { from: string; to: string; period: string };
  const zero = { taxable_sales: '0.00', exempt_sales: '0.00', freight: '0.00', discounts: '0.00', tax: '0.00', invoiced: '0.00', credited: '0.00', total: '0.00' };
  return { from, to, period, rows: [], total: { invoices: 0, credit_notes: 0, voided_credit_notes: 0, ...zero } };
};

describe('the reports share their period', () => {
  it('keeps From and To in the URL from the sales tax report to the accountant export and the margin report', async () => {
    const asked: Record<string, unknown[]> = { export: [], margin: [] };
    const server = createFakeServer({
      session: ADMIN,
      procedures: {
        'reports.salesTax': salesTax,
        'reports.accountingExportSummary': (input) => {
          asked.export!.push(input);
          const { from, to } = input as { from: string; to: string };
          return { from, to, invoices: 0, credit_notes: 0, transactions: 0, records: 0, max_records: 20000 };
        },
        'production.marginReport': (input) => {
          asked.margin!.push(input);
          const { from, to, group } = input as { from: string; to: string; group: 'month' };
          return { from, to, group, rows: [], total: { orders: 0, price_before_tax: '0.00', materials_cost: '0.00', margin: '0.00', margin_percent: null, unknown_cost_orders: 0 } };
        },
      },
    });
    const { router } = renderApp('/reports?report=sales-tax&from=2025-04-01&to=2025-06-30', server.handler);
    await screen.findByRole('table', { name: 'Sales tax by period' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Accountant export' }));
    expect(await screen.findByLabelText('From')).toHaveValue('2025-04-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-06-30');
    expect(currentPath(router)).toContain('from=2025-04-01&to=2025-06-30');
    expect(asked.export!.at(-1)).toEqual({ from: '2025-04-01', to: '2025-06-30' });

    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2025-05-01');
    await userEvent.click(screen.getByRole('button', { name: /^Margin/ }));
    expect(await screen.findByLabelText('From')).toHaveValue('2025-05-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-06-30');
    expect(asked.margin!.at(-1)).toMatchObject({ from: '2025-05-01', to: '2025-06-30' });
  });
});
