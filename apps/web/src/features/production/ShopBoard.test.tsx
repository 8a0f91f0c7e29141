import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { renderWithServer } from '../../test/render';
import { trpcBatch } from '../../test/fakeFetch';
import { sampleOrder } from '../order-form/testing/sampleOrders';
import { ShopBoard } from './ShopBoard';

type BoardStatus = 'pending' | 'processed' | 'scheduled_to_ship' | 'completed';
const NEXT: Record<BoardStatus, BoardStatus | null> = {
  pending: 'processed',
  processed: 'scheduled_to_ship',
  scheduled_to_ship: 'completed',
  completed: null,
};

const card = (id: number, door: string, ship_date: string | null, status: BoardStatus) => ({
  id,
  version: 1,
  door_number: door,
  customer_name: 'Acme Foods',
  building: 'Walk-in Cooler 8x10',
  ship_date,
  status,
  next_possible_status: NEXT[status],
  missing_requirements: [],
});

/** A board server: the week asked for is recorded; a status change moves the card one column on. */
function boardServer(cards = [card(1, '1001', '2026-12-01', 'pending')], unscheduled: ReturnType<typeof card>[] = []) {
  const weeks: string[] = [];
  const moves: { id: number; new_status: string }[] = [];
  const handler = trpcBatch({
    'production.board': (input) => {
      weeks.push((input as { week: string }).week);
      return { from: '2026-11-29', to: '2026-12-05', capacity: null, units: cards.length, over_capacity: false, cards, unscheduled };
    },
    'orders.changeStatus': (input) => {
      const { id, new_status } = input as { id: number; new_status: BoardStatus };
      moves.push({ id, new_status });
      const moved = cards.find((c) => c.id === id)!;
      Object.assign(moved, { status: new_status, next_possible_status: NEXT[new_status], version: moved.version + 1 });
      // Built as pending (the order rules check a status's requirements), then given its status.
      return sampleOrder(id, { door_number: moved.door_number }, { status: new_status });
    },
  });
  return { handler, weeks, moves };
}

function renderBoard(server: ReturnType<typeof boardServer>, at = '/board') {
  const router = createMemoryRouter([{ path: '/board', element: <ShopBoard /> }], { initialEntries: [at] });
  return { router, ...renderWithServer(<RouterProvider router={router} />, server.handler) };
}

const column = (name: string) => screen.getByRole('region', { name });

describe('the shop board', () => {
  it('shows the orders waiting for a ship date beside the week, apart from its columns', async () => {
    renderBoard(boardServer([card(1, '1001', '2026-12-01', 'pending')], [card(2, '1002', null, 'processed')]));
    const waiting = await screen.findByRole('region', { name: 'Not scheduled yet (1)' });
    expect(within(waiting).getByRole('listitem', { name: /1002/ })).toBeInTheDocument();
    expect(within(column('Pending')).getByRole('listitem', { name: /1001/ })).toBeInTheDocument();
    expect(within(column('Processed')).queryByRole('listitem')).toBeNull();
  });

  it('offers only the move the server makes: forward to the next status, none from Completed', async () => {
    renderBoard(
      boardServer([
        card(1, '1001', '2026-12-01', 'pending'),
        card(3, '1003', '2026-12-02', 'scheduled_to_ship'),
        card(4, '1004', '2026-12-03', 'completed'),
      ]),
    );
    const pending = await screen.findByRole('listitem', { name: 'Order 1001' });
    expect(within(pending).getAllByRole('button').map((b) => b.textContent)).toEqual(['Move 1001 to Processed']);
    const scheduled = screen.getByRole('listitem', { name: 'Order 1003' });
    expect(within(scheduled).getAllByRole('button').map((b) => b.textContent)).toEqual(['Move 1003 to Completed']);
    expect(within(screen.getByRole('listitem', { name: 'Order 1004' })).queryByRole('button')).toBeNull();
  });

  it('moves a focused card forward with →, keeps the focus on it in its new column and says so; ← moves nothing', async () => {
    const server = boardServer();
    renderBoard(server);
    const item = await screen.findByRole('listitem', { name: 'Order 1001' });
    item.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(server.moves).toEqual([]);

    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(column('Processed')).getByRole('listitem', { name: 'Order 1001' })).toBeInTheDocument());
    expect(server.moves).toEqual([{ id: 1, new_status: 'processed' }]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('listitem', { name: 'Order 1001' })));
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
    expect(screen.getByText('Order 1001 moved to Processed.')).toBeInTheDocument();
  });

  it('keeps the chosen week in the address: a link or a reload opens that week', async () => {
    const server = boardServer();
    const { router } = renderBoard(server, '/board?week=2026-12-09');
    await screen.findByRole('listitem', { name: 'Order 1001' });
    expect(server.weeks).toEqual(['2026-12-09']);
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?week=2026-12-06'));
    await waitFor(() => expect(server.weeks).toContain('2026-12-06'));
  });

  it("each card opens its build sheet in one tap (a finger's size) and its order over the board", async () => {
    renderBoard(boardServer([card(1, '1001', '2026-12-01', 'pending')]), '/board?week=2026-12-01');
    const item = await screen.findByRole('listitem', { name: 'Order 1001' });
    const sheet = within(item).getByRole('link', { name: 'Build sheet 1001' });
    expect(sheet).toHaveAttribute('href', '/api/production/orders/1/build-sheet/');
    expect(sheet).toHaveClass('min-h-11');
    expect(within(item).getByRole('link', { name: 'Door # 1001' })).toHaveAttribute('href', '/board?week=2026-12-01&order=1');
  });
});
