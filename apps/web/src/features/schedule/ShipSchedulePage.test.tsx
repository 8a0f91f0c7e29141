import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, renderApp } from '../../test/render';
import { createOrdersServer, inputsOf } from '../orders/testing';
import { fakeShipSchedule, scheduledOrder } from './testing';

// Only Date is faked: "today" is Monday 23 November 2026 (local time); timers stay real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 10, 0, 0));
});
afterEach(() => vi.useRealTimers());

const ORDERS = [
  scheduledOrder(1, '2026-11-23', {
    door_number: '2001',
    customer_name: 'Acme Foods',
    status: 'scheduled_to_ship',
  }),
  scheduledOrder(2, '2026-11-23', {
    door_number: '2002',
    customer_name: 'Lakeside Resort',
    status: 'pending',
  }),
  scheduledOrder(3, '2026-12-02', { door_number: '2003', customer_name: 'North Ice', status: 'processed' }),
];

async function openSchedule(path = '/reports/ship-schedule') {
  const server = createOrdersServer([], {
    procedures: { 'schedule.shipSchedule': (input) => fakeShipSchedule(ORDERS, input) },
  });
  const rendered = renderApp(path, server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Ship Schedule' });
  return rendered;
}

const period = () => screen.getByRole('heading', { level: 2 });
const calendar = () => screen.getByRole('table', { name: /^Orders shipping/ });
const rangesAsked = (requests: Parameters<typeof inputsOf>[0]) => inputsOf(requests, 'schedule.shipSchedule');

describe('ShipSchedulePage', () => {
  it("shows this month's whole weeks with each day's orders, their status colour and text, today marked", async () => {
    const { requests } = await openSchedule();
    expect(period()).toHaveTextContent('November 2026');
    const today = await within(calendar()).findByRole('cell', { name: /^11\/23\/2026: 2 orders/ });
    expect(today).toHaveAttribute('aria-current', 'date');
    const acme = within(today).getByRole('button', {
      name: 'Open order 2001, Acme Foods, Scheduled to Ship',
    });
    expect(within(acme).getByText('Scheduled to Ship')).toHaveAttribute('data-color', 'green');
    expect(within(today).getByText('Pending')).toHaveAttribute('data-color', 'amber');
    // Sunday 1 November to Saturday 5 December: the weeks that hold the month.
    expect(rangesAsked(requests)).toEqual([{ start: '2026-11-01', end: '2026-12-05' }]);
    expect(within(calendar()).getAllByRole('row')).toHaveLength(1 + 5);
    expect(within(calendar()).getByRole('cell', { name: /^12\/02\/2026: 1 order/ })).toBeInTheDocument();
  });

  it('says the days are loading, not that they have no orders, until the orders arrive', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = createOrdersServer([], {
      procedures: {
        'schedule.shipSchedule': async (input) => {
          await held;
          return fakeShipSchedule(ORDERS, input);
        },
      },
    });
    renderApp('/reports/ship-schedule', server.handler);
    await screen.findByRole('heading', { level: 1, name: 'Ship Schedule' });
    expect(await within(calendar()).findByRole('cell', { name: /^11\/23\/2026: loading orders/ })).toBeInTheDocument();
    expect(within(calendar()).queryByRole('cell', { name: /no orders/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No orders ship in this period.')).not.toBeInTheDocument();
    release();
    expect(await within(calendar()).findByRole('cell', { name: /^11\/23\/2026: 2 orders/ })).toBeInTheDocument();
    expect(within(calendar()).getByRole('cell', { name: /^11\/24\/2026: no orders/ })).toBeInTheDocument();
  });

  it('moves by month with Previous and Next, and back with Today (the URL keeps the date)', async () => {
    const { requests, router } = await openSchedule();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(period()).toHaveTextContent('December 2026');
    await waitFor(() =>
      expect(rangesAsked(requests).at(-1)).toEqual({ start: '2026-11-29', end: '2027-01-02' }),
    );
    expect(currentPath(router)).toBe('/reports/ship-schedule?view=month&date=2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(period()).toHaveTextContent('October 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(period()).toHaveTextContent('November 2026');
    expect(await within(calendar()).findByRole('cell', { name: /^11\/23\/2026: 2 orders/ })).toHaveAttribute(
      'aria-current',
      'date',
    );
  });

  it('switches to the week view and moves by week', async () => {
    const { requests } = await openSchedule();
    const views = screen.getByRole('group', { name: 'View' });
    expect(within(views).getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(views).getByRole('button', { name: 'Week' }));
    expect(within(views).getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(period()).toHaveTextContent('11/22/2026 – 11/28/2026');
    await waitFor(() =>
      expect(rangesAsked(requests).at(-1)).toEqual({ start: '2026-11-22', end: '2026-11-28' }),
    );
    expect(within(calendar()).getAllByRole('row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(period()).toHaveTextContent('11/29/2026 – 12/05/2026');
    expect(
      await within(calendar()).findByRole('button', { name: 'Open order 2003, North Ice, Processed' }),
    ).toBeInTheDocument();
    expect(within(calendar()).queryByRole('button', { name: /2001/ })).not.toBeInTheDocument();
  });

  it('opens a week from a link, and an order in the order form from the keyboard (Enter)', async () => {
    const { requests } = await openSchedule('/reports/ship-schedule?view=week&date=2026-12-01');
    const order = await screen.findByRole('button', { name: 'Open order 2003, North Ice, Processed' });
    order.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Edit Order' })).toBeInTheDocument();
    // The form asks for that order (batched with its lookups, whose inputs are absent).
    await waitFor(() =>
      expect(
        requests.some((r) => r.path.includes('orders.get') && /\{"id":3\}/.test(decodeURIComponent(r.url))),
      ).toBe(true),
    );
  });
});
