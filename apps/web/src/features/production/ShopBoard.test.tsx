import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithServer } from '../../test/render';
import { trpcBatch } from '../../test/fakeFetch';
import { ShopBoard } from './ShopBoard';

const card = (id: number, door: string, ship_date: string | null, status: 'pending' | 'processed') => ({
  id,
  version: 1,
  door_number: door,
  customer_name: 'Acme Foods',
  building: 'Walk-in Cooler 8x10',
  ship_date,
  status,
  next_possible_status: status === 'pending' ? 'processed' : 'scheduled_to_ship',
  missing_requirements: [],
});

describe('the shop board', () => {
  it('shows the orders waiting for a ship date beside the week, apart from its columns', async () => {
    renderWithServer(
      <ShopBoard />,
      trpcBatch({
        'production.board': () => ({
          from: '2026-11-29',
          to: '2026-12-05',
          capacity: null,
          units: 1,
          over_capacity: false,
          cards: [card(1, '1001', '2026-12-01', 'pending')],
          unscheduled: [card(2, '1002', null, 'processed')],
        }),
      }),
    );
    const waiting = await screen.findByRole('region', { name: 'Not scheduled yet (1)' });
    expect(within(waiting).getByRole('listitem', { name: /1002/ })).toBeInTheDocument();
    const pending = screen.getByRole('region', { name: 'Pending' });
    expect(within(pending).getByRole('listitem', { name: /1001/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Processed' })).queryByRole('listitem')).toBeNull();
  });
});
