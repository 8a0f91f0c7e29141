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

const SELLER = { name: 'Ice House Co', phone: '(218) 555-0100', email: 'sales@icehouse.example' };

/** The customer routes as the server answers them (the link's token must be 'token-123'); every call is kept. */
const calls: { path: string; credentials: RequestCredentials | undefined }[] = [];

function customerServer() {
  const posts: { path: string; body: unknown }[] = [];
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ path, credentials: init?.credentials });
      if (path === '/api/customer/seller/') return Response.json(SELLER);
      if (new Headers(init?.headers).get('X-Customer-Link') !== 'token-123')
        return Response.json({ detail: 'This link is not valid. Ask us for a new one.' }, { status: 404 });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { comment?: string; name?: string };
        posts.push({ path, body });
        if (path.endsWith('/accept/'))
          return Response.json({ ...QUOTE, status: 'accepted', can_respond: false, accepted: { name: body.name, at: '2026-11-29T12:00:00.000Z' } });
        return Response.json({ ...QUOTE, status: 'declined', can_respond: false, declined: { at: '2026-11-29T12:00:00.000Z', comment: body.comment } });
      }
      return Response.json(QUOTE);
    }),
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

function renderLink(token = 'token-123') {
  window.location.hash = `#${token}`;
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

  it('speaks only to the customer: no staff status badge, no discount line when there is none', async () => {
    customerServer();
    renderLink();
    expect(await screen.findByRole('heading', { name: 'Quote Q-1005' })).toBeInTheDocument();
    expect(screen.queryByText('Sent')).not.toBeInTheDocument();
    expect(screen.queryByText('Discount')).not.toBeInTheDocument();
    expect(screen.getByText('Subtotal')).toBeInTheDocument();
  });

  it('after accepting, says what happens next and how to reach the seller; no cookie or CSRF token is used', async () => {
    customerServer();
    renderLink();
    await userEvent.type(await screen.findByLabelText(/^Your name/), 'Pat Doe');
    await userEvent.click(screen.getByRole('button', { name: 'Accept Quote' }));
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('Ice House Co now makes your order from this quote and will contact you');
    expect(within(next).getByRole('link', { name: '(218) 555-0100' })).toHaveAttribute('href', 'tel:2185550100');
    expect(within(next).getByRole('link', { name: 'sales@icehouse.example' })).toHaveAttribute('href', 'mailto:sales@icehouse.example');
    expect(calls.map((c) => c.path)).not.toContain('/api/auth/csrf/');
    expect(calls.every((c) => c.credentials === 'omit')).toBe(true);
  });

  it('a broken link names whom to ask; repaired in the same tab, the quote shows without the refusal above it', async () => {
    customerServer();
    renderLink('token-12');
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('This link is not valid.');
    await waitFor(() => expect(refusal).toHaveTextContent('Whom to ask: Ice House Co · (218) 555-0100 · sales@icehouse.example'));
    window.location.hash = '#token-123';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(await screen.findByRole('heading', { name: 'Quote Q-1005' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/This link is not valid/)).not.toBeInTheDocument();
  });
});
