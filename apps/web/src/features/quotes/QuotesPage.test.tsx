import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { renderWithServer } from '../../test/render';
import { trpcBatch } from '../../test/fakeFetch';
import { QuotesPage } from './QuotesPage';

describe('the quotes list', () => {
  it('with no quotes yet, offers to make the first one', async () => {
    const router = createMemoryRouter([{ path: '/quotes', element: <QuotesPage /> }], { initialEntries: ['/quotes'] });
    renderWithServer(
      <RouterProvider router={router} />,
      trpcBatch({ 'quotes.list': () => ({ count: 0, next: null, previous: null, results: [] }) }),
    );
    const table = await screen.findByRole('table', { name: 'Quotes' });
    const empty = await within(table).findByText('No quotes yet.', { exact: false });
    expect(within(empty).getByRole('link', { name: 'Make the first quote' })).toHaveAttribute('href', '/quotes/new');
  });
});
