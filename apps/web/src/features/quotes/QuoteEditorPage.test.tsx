import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { renderWithServer } from '../../test/render';
import { createOrderServer } from '../order-form/testing/fakeOrderServer';
import { QuoteEditorPage } from './QuoteEditorPage';

vi.setConfig({ testTimeout: 30_000 });

function renderNewQuote(taxRate: string) {
  const router = createMemoryRouter([{ path: '/quotes/:id', element: <QuoteEditorPage /> }], {
    initialEntries: ['/quotes/new'],
  });
  return renderWithServer(<RouterProvider router={router} />, createOrderServer({ taxRate }).handler);
}

const totals = () => screen.getByRole('group', { name: 'Quote totals' });
/** The amount beside a label of the totals ("Subtotal" -> "$6,634.30"). */
const amount = (label: string) => within(totals()).getByText(label).nextElementSibling?.textContent;

async function type(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe('a new quote', () => {
  it('totals the prices as they are typed, before the bill-to name is filled in', async () => {
    renderNewQuote('7.375');
    await waitFor(() => expect(screen.getByLabelText(/^Building Price/)).toBeEnabled());
    await type(/^Building Price/, '6534.30');
    await type(/^Freight Cost/, '100');

    // By hand: 6,534.30 + 100.00 freight = 6,634.30; tax 7.375% of the building only = 481.904 -> 481.90.
    await waitFor(() => expect(amount('Subtotal')).toBe('$6,634.30'));
    expect(amount('Sales Tax')).toBe('$481.90');
    expect(amount('Total')).toBe('$7,116.20');
    expect(screen.getByLabelText(/^Bill To Name/)).toHaveValue('');
  });

  it('marks the bill-to name as required before anything is saved', async () => {
    renderNewQuote('7.375');
    const name = await screen.findByLabelText(/^Bill To Name/);
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/^Bill To Street/)).not.toHaveAttribute('aria-required');
  });
});
