import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDER_FORM_TEXT } from './texts';
import { DOOR_NUMBER_TAKEN, createOrderServer } from './testing/fakeOrderServer';
import {
  button,
  callsIn,
  choose,
  combobox,
  group,
  renderOrderForm,
  sentTo,
  textbox,
} from './testing/renderOrderForm';
import { sampleOrder } from './testing/sampleOrders';

// Whole-form tests drive many react-selects: give them room on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

/** The door number is proposed by a query and taken only by the save (decision 010). */

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

async function fillMinimalOrder() {
  await userEvent.type(textbox('Name', group('Billing Address')), 'Lakeside Resort');
  await choose(combobox('Product'), 'Walk-in Cooler 8x10');
}

describe('OrderForm: door number', () => {
  it('asks for the next door number with a query (GET), which takes nothing', async () => {
    const server = createOrderServer({ nextDoorNumbers: ['1042', '1043'] });
    const { requests } = await renderOrderForm({ server });
    await waitFor(() => expect(textbox('Door Number')).toHaveValue('1042'));
    const asks = requests.filter((r) => callsIn(r).includes('orders.nextDoorNumber'));
    expect(asks.length).toBeGreaterThan(0);
    expect(asks.every((r) => r.method === 'GET')).toBe(true);
    // Opening the form took nothing: the next form is offered the same number.
    expect(server.state.doorNumbers[0]).toBe('1042');
  });

  it('a proposal another order took meanwhile: the field says so, a fresh number is filled in, saving again works', async () => {
    const server = createOrderServer({ nextDoorNumbers: ['1042', '1043'] });
    const { requests } = await renderOrderForm({ server });
    await waitFor(() => expect(textbox('Door Number')).toHaveValue('1042'));
    await fillMinimalOrder();
    // Someone else saves order 1042 first.
    server.state.orders.set(500, { ...sampleOrder(500), door_number: '1042' });
    server.state.doorNumbers.shift();

    await userEvent.click(button('SAVE'));
    const refreshed = ORDER_FORM_TEXT.doorNumberRefreshed('1042', '1043');
    await waitFor(() => expect(textbox('Door Number')).toHaveAccessibleDescription(refreshed));
    expect(textbox('Door Number')).toHaveValue('1043');

    await userEvent.click(button('SAVE'));
    expect(await screen.findByText(ORDER_FORM_TEXT.created)).toBeInTheDocument();
    expect(sentTo(requests, 'orders.create')).toMatchObject({ door_number: '1043' });
  });

  it('a door number the user typed stays theirs: only the field error is shown', async () => {
    const server = createOrderServer({
      orders: [{ ...sampleOrder(500), door_number: '777' }],
      nextDoorNumbers: ['1042'],
    });
    await renderOrderForm({ server });
    await waitFor(() => expect(textbox('Door Number')).toHaveValue('1042'));
    await fillMinimalOrder();
    await userEvent.clear(textbox('Door Number'));
    await userEvent.type(textbox('Door Number'), '777');
    await userEvent.click(button('SAVE'));
    await waitFor(() => expect(textbox('Door Number')).toHaveAccessibleDescription(DOOR_NUMBER_TAKEN));
    expect(textbox('Door Number')).toHaveValue('777');
  });
});
