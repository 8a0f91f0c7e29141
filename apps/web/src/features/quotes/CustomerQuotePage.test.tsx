import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { CustomerQuotePage } from './CustomerQuotePage';

const QUOTE = {
  quote_number: 'Q-1005',
  company_name: 'Ice House Co',
  status: 'sent',
  date: '2026-11-02',
  valid_until: '2026-12-02',
  customer_name: 'Lakeside Bait',
  line_items: [{ quantity: 1, description: 'Building', price_each: '1000.00', amount: '1000.00' }],
  totals: { subtotal: '1000.00', discount_amount: '0.00', tax_rate: '7.00', tax_amount: '70.00', total: '1070.00' },
  accepted: null,
  declined: null,
  can_respond: true,
  version: 2,
};

/** The customer routes as the server answers them; every POST is kept. */
function customerServer() {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { comment?: string };
        posts.push({ path, body });
        return Response.json({ ...QUOTE, status: 'declined', can_respond: false, declined: { at: '2026-11-29T12:00:00.000Z', comment: body.comment } });
      }
      return Response.json(QUOTE);
    }),
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

function renderLink() {
  window.location.hash = '#token-123';
  const router = createMemoryRouter([{ path: '/customer/quote/:id', element: <CustomerQuotePage /> }], {
    initialEntries: ['/customer/quote/5'],
  });
  render(<RouterProvider router={router} />);
}

describe('a quote through its customer link', () => {
  it('asks once more before declining, and sends the comment only when confirmed', async () => {
    const posts = customerServer();
    renderLink();
    await userEvent.type(await screen.findByLabelText(/^Comment/), 'Too expensive this year');
    await userEvent.click(screen.getByRole('button', { name: 'Decline Quote' }));
    const ask = await screen.findByRole('dialog', { name: 'Decline quote Q-1005?' });
    expect(ask).toHaveTextContent('Ice House Co will see your comment: “Too expensive this year”.');
    expect(posts).toEqual([]);

    await userEvent.click(within(ask).getByRole('button', { name: 'Keep the quote open' }));
    expect(posts).toEqual([]);
    expect(screen.getByRole('button', { name: 'Decline Quote' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Decline Quote' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Decline quote Q-1005?' })).getByRole('button', { name: 'Decline Quote' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ path: '/api/customer/quotes/5/decline/', body: { comment: 'Too expensive this year', version: 2 } });
    expect(await screen.findByText('Thank you: we have recorded that you declined this quote.')).toBeInTheDocument();
  });
});
