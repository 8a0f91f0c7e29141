import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithServer } from '../../test/render';
import { trpcBatch, trpcInputs } from '../../test/fakeFetch';
import { OnHandCell } from './OnHandCell';

/** A server holding one component's on-hand figure, saving what it is sent. */
function onHandServer(start: number) {
  const state = { onHand: start };
  const handler = trpcBatch({
    'production.onHand': () => [{ component_id: 7, on_hand: state.onHand }],
    'production.setOnHand': (input) => {
      state.onHand = (input as { on_hand: number }).on_hand;
      return { component_id: 7, on_hand: state.onHand };
    },
  });
  return { state, handler };
}

describe('the Components screen on-hand cell', () => {
  it('is never editable showing anything but the saved figure, so typing is never appended to a figure arriving late', async () => {
    const { handler } = onHandServer(4);
    // Every state the input is painted in, as the browser would see it between React's tasks.
    const painted: { disabled: boolean; value: string }[] = [];
    const observer = new MutationObserver(() => {
      const input = document.querySelector('input');
      if (input) painted.push({ disabled: input.disabled, value: input.value });
    });
    observer.observe(document.body, { attributes: true, childList: true, subtree: true });
    renderWithServer(<OnHandCell componentId={7} name="Panel" />, handler);
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'On hand: Panel' })).toBeEnabled());
    observer.disconnect();
    expect(painted.filter((p) => !p.disabled).map((p) => p.value)).toEqual(expect.arrayContaining(['4']));
    expect(painted.filter((p) => !p.disabled && p.value !== '4')).toEqual([]);
  });

  it('saves what is typed on Enter and then shows the figure the server holds', async () => {
    const { state, handler } = onHandServer(4);
    const { requests } = renderWithServer(<OnHandCell componentId={7} name="Panel" />, handler);
    const input = screen.getByRole('spinbutton', { name: 'On hand: Panel' });
    await waitFor(() => expect(input).toHaveValue(4));
    await userEvent.clear(input);
    await userEvent.type(input, '10{Enter}');
    await waitFor(() => expect(state.onHand).toBe(10));
    const sent = requests.find((r) => r.path === '/trpc/production.setOnHand');
    expect(trpcInputs(sent!)[0]).toEqual({ id: 7, on_hand: 10 });
    await waitFor(() => expect(input).toHaveValue(10));
    expect(input).toBeEnabled();
  });
});
