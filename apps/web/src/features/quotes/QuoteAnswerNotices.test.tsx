import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { emitLive, installFakeEventSource, liveStreams } from '../../test/fakeEventSource';
import { STAFF, createFakeServer } from '../../test/fakeServer';
import { renderWithServer } from '../../test/render';
import { AuthProvider } from '../../lib/auth';
import { HeaderLayout } from '../../routes/HeaderLayout';

const QUOTE = {
  id: 5,
  quote_number: 'Q-1005',
  status: 'declined',
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
  declined: { comment: 'Too dear this year', at: '2026-11-29T12:00:00.000Z' },
  converted_at: null,
  version: 3,
  created_at: '2026-11-02T14:00:00.000Z',
  updated_at: '2026-11-29T12:00:00.000Z',
  created_by: 'staff',
};

afterEach(() => vi.unstubAllGlobals());

describe("a customer's answer on any screen", () => {
  it('shows the signed-in staff who declined which quote, with the comment and the way to it, until dismissed', async () => {
    installFakeEventSource();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = createFakeServer({ session: STAFF, procedures: { 'quotes.get': () => QUOTE } });
    // The frame of every signed-in screen, around a screen that knows nothing of quotes.
    const router = createMemoryRouter(
      [
        {
          element: <HeaderLayout />,
          children: [
            { path: '/orders', element: <p>The orders screen</p> },
            { path: '/quotes/:id', element: <p>Quote page</p> },
          ],
        },
      ],
      { initialEntries: ['/orders'] },
    );
    renderWithServer(
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>,
      server.handler,
    );
    await screen.findByText('The orders screen');
    await waitFor(() => expect(liveStreams()).toHaveLength(1));
    // Someone's own edit is no answer of a customer.
    const change = { entity: 'quote', id: 5, version: 3, by: null, by_name: null, at: '2026-11-29T12:00:00.000Z' };
    await emitLive({ type: 'change', change: { ...change, action: 'updated', by: 2, by_name: 'staff' } });
    await emitLive({ type: 'change', change: { ...change, action: 'declined' } });
    const notices = screen.getByRole('region', { name: 'Customer answers' });
    const notice = await within(notices).findByRole('status');
    expect(notice).toHaveTextContent('Lakeside Bait declined quote Q-1005: “Too dear this year”');
    expect(within(notices).getAllByRole('status')).toHaveLength(1);
    await userEvent.click(within(notice).getByRole('link', { name: 'Open the quote' }));
    expect(await screen.findByText('Quote page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quotes/5');
  });
});
