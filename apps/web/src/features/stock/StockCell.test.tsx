import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STOCK_MESSAGES } from '@icehouse/domain';
import { renderWithServer } from '../../test/render';
import { TrpcTestError, trpcBatch, trpcInputs } from '../../test/fakeFetch';
import { StockCell } from './StockCell';

/** A server holding one component's stock and its history, adjusting it as the server would. */
function stockServer(start: number) {
  const state = { onHand: start, moves: [] as { quantity: number; reason: string }[] };
  const stock = () => ({ component_id: 7, name: 'Panel', on_hand: state.onHand, on_order: 3, next_expected_date: '2026-12-10' });
  const handler = trpcBatch({
    'stock.list': () => [stock()],
    'stock.adjust': (input) => {
      const { data } = input as { data: { quantity: number; reason: string } };
      if (state.onHand + data.quantity < 0)
        throw new TrpcTestError({ message: STOCK_MESSAGES.belowZero, code: 'BAD_REQUEST', appCode: 'VALIDATION', fieldErrors: { quantity: [STOCK_MESSAGES.belowZero] } });
      state.onHand += data.quantity;
      state.moves.unshift(data);
      return { ...stock(), purchase_orders: [] };
    },
    'stock.movements': () => ({
      component_id: 7,
      name: 'Panel',
      on_hand: state.onHand,
      movements: state.moves.map((m, i) => ({
        id: 100 - i,
        component_id: 7,
        quantity: m.quantity,
        on_hand_after: state.onHand,
        unit_cost: '10.00',
        source: 'adjustment' as const,
        source_label: 'Adjustment',
        reason: m.reason,
        order_id: null,
        door_number: null,
        purchase_order_id: null,
        purchase_order_number: null,
        user: 'admin',
        created_at: '2026-11-29T10:00:00.000Z',
      })),
    }),
  });
  return { state, handler };
}

describe('the Components screen stock cell', () => {
  it('shows on hand and on order; adjusts with a reason, then shows the new figure and the movement in the history', async () => {
    const { state, handler } = stockServer(4);
    const { requests } = renderWithServer(<StockCell componentId={7} name="Panel" />, handler);
    await waitFor(() => expect(screen.getByLabelText('On hand: Panel')).toHaveTextContent('4'));
    expect(screen.getByText('(+3 on order)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Adjust stock: Panel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock: Panel' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(within(dialog).getByText(STOCK_MESSAGES.quantityInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(STOCK_MESSAGES.reasonRequired)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Quantity/), '-6');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Broken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(dialog).findByText(STOCK_MESSAGES.belowZero)).toBeInTheDocument();
    expect(state.onHand).toBe(4);

    await userEvent.clear(within(dialog).getByLabelText(/Quantity/));
    await userEvent.type(within(dialog).getByLabelText(/Quantity/), '-3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = requests.filter((r) => r.path === '/trpc/stock.adjust').at(-1)!;
    expect(trpcInputs(sent)[0]).toEqual({ id: 7, data: { quantity: -3, reason: 'Broken' } });
    await waitFor(() => expect(screen.getByLabelText('On hand: Panel')).toHaveTextContent('1'));

    await userEvent.click(screen.getByRole('button', { name: 'Stock history: Panel' }));
    const history = await screen.findByRole('dialog', { name: 'Stock history: Panel' });
    expect(await within(history).findByText('-3')).toBeInTheDocument();
    expect(within(history).getByText(/Broken/)).toBeInTheDocument();
  });
});
