import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { debounceClock } from '../../test/debounceClock';
import { emitLive, installFakeEventSource, liveStreams } from '../../test/fakeEventSource';
import { ADMIN, STAFF } from '../../test/fakeServer';
import { button, renderOrderForm, sentTo } from './testing/renderOrderForm';
import { createOrderServer } from './testing/fakeOrderServer';
import { sampleOrder } from './testing/sampleOrders';

/**
 * Live updates on the order form (the same useLiveRecord as the invoice editor): another user's save is
 * a banner, never a silent overwrite; Keep mine, then the save asks first, naming the fields that
 * differ; a change of the order's files alone is no news. Fake clock; stand-in EventSource.
 */

const changeOf = (version: number, action = 'updated') => ({
  type: 'change',
  change: {
    entity: 'order',
    id: 7,
    version,
    action,
    by: ADMIN.id,
    by_name: 'admin',
    at: '2024-03-05T15:04:00.000Z',
  },
});

async function openOrder() {
  const clock = debounceClock({ intervals: true });
  const server = createOrderServer({
    orders: [sampleOrder(7)],
    procedures: {
      'auth.check': () => ({ isAuthenticated: true, user: STAFF }),
      'live.presence': () => ({ viewers: [{ user_id: ADMIN.id, username: 'admin' }] }),
      'live.leave': () => ({ ok: true }),
    },
  });
  const rendered = await renderOrderForm({ orderId: 7, server, live: true });
  await waitFor(() => expect(liveStreams()).toHaveLength(1));
  // As the server does: a new subscription's first event (the changes below must still be heard).
  await emitLive({ type: 'listening' });
  return { ...rendered, clock };
}

const notes = () => screen.getByRole('textbox', { name: 'Order Notes' });

beforeEach(() => {
  installFakeEventSource();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('order form, live', () => {
  it('shows presence and the banner; Keep mine, then saving asks and saves over their version', async () => {
    const { clock, server, requests } = await openOrder();
    expect(await screen.findByText('Also open by admin')).toBeInTheDocument();
    await clock.user.type(notes(), 'Mine');

    // Their upload changes the order's files only: no banner.
    await emitLive(changeOf(2, 'files_changed'));
    expect(screen.queryByText(/changed this order/)).toBeNull();

    server.state.orders.set(7, sampleOrder(7, { notes: 'Theirs' }, { version: 2 }));
    await emitLive(changeOf(2));
    const banner = await screen.findByText(/^admin changed this order at /);
    expect(notes()).toHaveValue('Mine');

    await clock.user.click(
      within(banner.closest('[role]') as HTMLElement).getByRole('button', { name: 'Keep mine' }),
    );
    expect(screen.queryByText(/changed this order/)).toBeNull();
    await clock.user.click(button('UPDATE'));
    const question = await screen.findByRole('dialog', { name: 'Save over their changes?' });
    expect(
      within(within(question).getByRole('list', { name: 'Fields that differ' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Order Notes']);
    expect(sentTo(requests, 'orders.update')).toBeUndefined();

    await clock.user.click(within(question).getByRole('button', { name: 'Save Mine' }));
    await waitFor(() =>
      expect(sentTo(requests, 'orders.update')?.data).toMatchObject({ notes: 'Mine', version: 2 }),
    );
  });

  it('Reload asks before throwing away what was typed, then takes their version', async () => {
    const { clock, server } = await openOrder();
    await clock.user.type(notes(), 'Mine');
    server.state.orders.set(7, sampleOrder(7, { notes: 'Theirs' }, { version: 2 }));
    await emitLive(changeOf(2));
    await screen.findByText(/^admin changed this order at /);
    await clock.user.click(screen.getByRole('button', { name: 'Reload' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(
      within(within(ask).getByRole('list', { name: 'Unsaved changes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Order Notes']);
    await clock.user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(notes()).toHaveValue('Mine');
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveFocus();

    await clock.user.click(screen.getByRole('button', { name: 'Reload' }));
    await clock.user.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard & Reload',
      }),
    );
    await waitFor(() => expect(notes()).toHaveValue('Theirs'));
    expect(screen.queryByText(/changed this order/)).toBeNull();
    // The banner's button went with the banner: focus stays in the form, not on <body>.
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(screen.getByRole('dialog', { name: 'Edit Order' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });

  it('Reload with nothing typed takes their version at once', async () => {
    const { clock, server } = await openOrder();
    server.state.orders.set(7, sampleOrder(7, { notes: 'Theirs' }, { version: 2 }));
    await emitLive(changeOf(2));
    await screen.findByText(/^admin changed this order at /);
    await clock.user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(notes()).toHaveValue('Theirs'));
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
  });
});
