import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { renderWithServer } from '../../test/render';
import type { TrpcProcedure } from '../../test/fakeFetch';
import { createOrderServer } from '../order-form/testing/fakeOrderServer';
import { QuoteEditorPage } from './QuoteEditorPage';

function renderQuote(at: string, taxRate: string, procedures: Record<string, TrpcProcedure> = {}) {
  const router = createMemoryRouter([{ path: '/quotes/:id', element: <QuoteEditorPage /> }], { initialEntries: [at] });
  return renderWithServer(<RouterProvider router={router} />, createOrderServer({ taxRate, procedures }).handler);
}
const renderNewQuote = (taxRate: string) => renderQuote('/quotes/new', taxRate);

const SENT_QUOTE = {
  id: 5,
  quote_number: 'Q-1005',
  status: 'sent',
  date: '2026-11-02',
  valid_until: '2026-12-02',
  customer_id: null,
  customer_name: 'Lakeside Bait',
  total: '1070.00',
  order_id: null,
  fields: { billing_address: { name: 'Lakeside Bait' }, building_info: { product: null, price: '1000.00', additional_items: [] } },
  line_items: [{ quantity: 1, description: 'Building', price_each: '1000.00', amount: '1000.00' }],
  totals: { subtotal: '1000.00', discount_amount: '0.00', tax_rate: '7.00', tax_amount: '70.00', total: '1070.00' },
  order_door_number: null,
  sent_at: '2026-11-02T15:00:00.000Z',
  accepted: null,
  declined: null,
  converted_at: null,
  version: 2,
  created_at: '2026-11-02T14:00:00.000Z',
  updated_at: '2026-11-02T15:00:00.000Z',
  created_by: 'staff',
};

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

describe('a saved quote', () => {
  it('shows its sent log: each email with its outcome', async () => {
    renderQuote('/quotes/5', '7.00', {
      'quotes.get': () => SENT_QUOTE,
      'quotes.links': () => ({ results: [] }),
      'email.log': (input) => {
        expect(input).toEqual({ kind: 'quote', id: 5 });
        return {
          results: [
            {
              id: 9,
              kind: 'quote',
              record_id: 5,
              to: ['buyer@lakeside.example'],
              cc: [],
              subject: 'Quote Q-1005 from Ice House',
              status: 'failed',
              document_version: 1,
              server_message_id: null,
              server_response: '',
              error: '550 mailbox unavailable',
              attempts: 5,
              next_retry: null,
              created_at: '2026-11-02T15:00:00.000Z',
              created_by: 'staff',
              sent_at: null,
            },
          ],
        };
      },
    });
    const log = await screen.findByRole('region', { name: 'Sent log' });
    expect(await within(log).findByText('buyer@lakeside.example')).toBeInTheDocument();
    expect(within(log).getByText(/550 mailbox unavailable/)).toBeInTheDocument();
  });
});

describe('a declined quote', () => {
  it('is duplicated into a new draft with its fields, which opens at once', async () => {
    const DECLINED = { ...SENT_QUOTE, status: 'declined', declined: { comment: 'Too dear', at: '2026-11-20T12:00:00.000Z' }, version: 3 };
    const COPY = { ...SENT_QUOTE, id: 6, quote_number: 'Q-1006', status: 'draft', sent_at: null, version: 1 };
    const asked: unknown[] = [];
    renderQuote('/quotes/5', '7.00', {
      'quotes.get': (input) => ((input as { id: number }).id === 6 ? COPY : DECLINED),
      'quotes.links': () => ({ results: [] }),
      'email.log': () => ({ results: [] }),
      'quotes.duplicate': (input) => {
        asked.push(input);
        return COPY;
      },
    });
    expect(await screen.findByText(/can no longer be edited/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate as New Quote' }));
    expect(await screen.findByText('Quote Q-1006 is a new draft made from Q-1005: change what you need, then send it.')).toBeInTheDocument();
    expect(asked).toEqual([{ id: 5 }]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Q-1006'));
    expect(screen.queryByText(/can no longer be edited/)).not.toBeInTheDocument();
  });
});
