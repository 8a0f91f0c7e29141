import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from './index';
import { renderWithServer } from '../test/render';
import { trpcBatch } from '../test/fakeFetch';

const server = trpcBatch({
  'system.status': () => ({ status: 'ok', database: 'postgres', version: '0.1.0' }),
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithServer(<RouterProvider router={router} />, server) };
}

describe('routes', () => {
  it.each(['/', '/status'])('%s shows the system status', async (path) => {
    renderAt(path);
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ice House Order Manager' })).toBeInTheDocument();
  });

  it('an unknown address says so and links home', async () => {
    const { router } = renderAt('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Running')).toBeInTheDocument();
  });
});
