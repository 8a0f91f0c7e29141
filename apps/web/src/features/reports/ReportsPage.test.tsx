import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayIso } from '@icehouse/domain';
import { currentPath, renderApp } from '../../test/render';
import { TrpcTestError } from '../../test/fakeFetch';
import { STAFF, createFakeServer } from '../../test/fakeServer';
import { debounceClock } from '../../test/debounceClock';
import { fakeShipSchedule } from '../schedule/testing';
import { emitLive, installFakeEventSource, liveStreams } from '../../test/fakeEventSource';

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
      credit_notes: 0,
      voided_credit_notes: 0,
      taxable_sales: money('1000.00'),
      exempt_sales: '0.00',
      freight: '150.00',
      discounts: '0.00',
      tax: '82.50',
      invoiced: '1232.50',
      credited: '0.00',
      total: '1232.50',
    },
  ],
  total: {
    invoices: 2,
    credit_notes: 0,
    voided_credit_notes: 0,
    taxable_sales: '1000.00',
    exempt_sales: '0.00',
    freight: '150.00',
    discounts: '0.00',
    tax: '82.50',
    invoiced: '1232.50',
    credited: '0.00',
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
    // Credit notes have a column of their own beside what was invoiced, and the total nets them.
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Invoiced', 'Credit notes', 'Net total']),
    );
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

describe('ReportsPage: ranges, periods and the shared filters', () => {
  it('keeps the sales tax filters in the URL and reads them back from it', async () => {
    const asked: unknown[] = [];
    const server = createFakeServer({
      session: STAFF,
      procedures: {
        'reports.salesTax': (input) => {
          asked.push(input);
          return salesTax;
        },
      },
    });
    const { router } = renderApp(
      '/reports?report=sales-tax&from=2025-04-01&to=2025-06-30&period=month',
      server.handler,
    );
    await screen.findByRole('table', { name: 'Sales tax by period' }, { timeout: 10_000 });
    expect(screen.getByLabelText('From')).toHaveValue('2025-04-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-06-30');
    expect(screen.getByLabelText('Group by')).toHaveValue('month');
    expect(asked[0]).toEqual({ from: '2025-04-01', to: '2025-06-30', period: 'month' });

    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'year');
    expect(currentPath(router)).toBe('/reports?report=sales-tax&from=2025-04-01&to=2025-06-30&period=year');
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ from: '2025-04-01', to: '2025-06-30', period: 'year' }),
    );
  });

  it("says on the To field when To is before From (the server's message), not that the report failed", async () => {
    const server = createFakeServer({
      session: STAFF,
      procedures: {
        'reports.salesTax': (input) => {
          const { from, to } = input as { from: string; to: string };
          if (to < from)
            throw new TrpcTestError({
              message: 'Invalid input',
              code: 'BAD_REQUEST',
              appCode: 'VALIDATION',
              fieldErrors: { to: ['The end date must be on or after the start date'] },
            });
          return salesTax;
        },
      },
    });
    renderApp('/reports?from=2026-05-01&to=2026-04-01', server.handler);
    const to = await screen.findByLabelText('To', {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(to).toHaveAccessibleDescription('The end date must be on or after the start date'),
    );
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('drills down from an aging figure to the invoices behind it, which open in the editor', async () => {
    const asked: unknown[] = [];
    const server = createFakeServer({
      session: STAFF,
      procedures: {
        'reports.aging': () => aging,
        'reports.agingInvoices': (input) => {
          asked.push(input);
          return {
            as_of: '2026-05-01',
            results: [
              {
                id: 41,
                invoice_number: '1041',
                date: '2026-03-20',
                due_date: '2026-04-19',
                customer_name: 'Lakeside Resort',
                balance_due: '250.00',
                days_past_due: 12,
                bucket: 'days_1_30',
              },
            ],
          };
        },
      },
    });
    renderApp('/reports?report=aging', server.handler);
    const table = await screen.findByRole('table', { name: /Balances due/ }, { timeout: 10_000 });
    const row = within(table).getByRole('row', { name: /Lakeside Resort/ });
    await userEvent.click(
      within(row).getByRole('button', { name: '$250.00: show the invoices of Lakeside Resort, 1–30 days' }),
    );
    const list = await screen.findByRole('table', { name: 'Invoices behind Lakeside Resort, 1–30 days' });
    expect(asked.at(-1)).toMatchObject({ customer_id: 3, bucket: 'days_1_30' });
    expect(within(list).getByRole('link', { name: '1041' })).toHaveAttribute('href', '/invoices/41/edit');
    expect(within(list).getByRole('cell', { name: '04/19/2026' })).toBeInTheDocument();
    expect(within(list).getByRole('cell', { name: '$250.00' })).toBeInTheDocument();
    // A zero is no link: there is nothing behind it.
    expect(within(row).queryByRole('button', { name: /^\$0\.00/ })).not.toBeInTheDocument();
  });
});

describe('ReportsPage, live', () => {
  afterEach(() => vi.unstubAllGlobals());

  const changeOf = (entity: string) => ({
    type: 'change',
    change: {
      entity,
      id: 9,
      version: 2,
      action: 'updated',
      by: 1,
      by_name: 'admin',
      at: '2026-05-01T10:00:00.000Z',
    },
  });

  /**
   * Opens `path` signed in, with the live feed and `procedure` answered by `answer` (its calls counted);
   * `shown` waits for the screen.
   */
  async function openLive(
    path: string,
    procedure: string,
    answer: (input: unknown) => unknown,
    shown: () => Promise<unknown>,
  ) {
    installFakeEventSource();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const clock = debounceClock();
    let reads = 0;
    const server = createFakeServer({
      session: STAFF,
      procedures: {
        [procedure]: (input) => {
          reads += 1;
          return answer(input);
        },
      },
    });
    renderApp(path, server.handler);
    await shown();
    await waitFor(() => expect(reads).toBeGreaterThan(0));
    await waitFor(() => expect(liveStreams()).toHaveLength(1));
    return { clock, reads: () => reads };
  }

  it("reads the report again when another user's invoice or payment changes, not for a customer's", async () => {
    const { clock, reads } = await openLive(
      '/reports',
      'reports.salesTax',
      () => salesTax,
      () => screen.findByRole('table', { name: 'Sales tax by period' }, { timeout: 10_000 }),
    );
    const before = reads();

    await emitLive(changeOf('customer'));
    await clock.pause(1000);
    expect(reads()).toBe(before);

    await emitLive(changeOf('invoice'));
    await clock.pause(1000);
    await waitFor(() => expect(reads()).toBe(before + 1));

    await emitLive(changeOf('payment'));
    await clock.pause(1000);
    await waitFor(() => expect(reads()).toBe(before + 2));
  });

  it("the ship schedule reads its orders again when another user's order changes", async () => {
    const { clock, reads } = await openLive(
      '/reports/ship-schedule',
      'schedule.shipSchedule',
      (input) => fakeShipSchedule([], input),
      () => screen.findByRole('heading', { level: 1, name: 'Ship Schedule' }, { timeout: 10_000 }),
    );
    const before = reads();

    await emitLive(changeOf('order'));
    await clock.pause(1000);
    await waitFor(() => expect(reads()).toBe(before + 1));
  });
});
