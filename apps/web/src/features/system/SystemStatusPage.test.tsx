import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SystemStatusPage } from './SystemStatusPage';
import { renderWithServer } from '../../test/render';
import { jsonResponse, trpcBatch } from '../../test/fakeFetch';

function definition(term: string): HTMLElement {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

describe('SystemStatusPage', () => {
  it('shows the app name, server status, database and version from system.status', async () => {
    const { requests } = renderWithServer(
      <SystemStatusPage />,
      trpcBatch({ 'system.status': () => ({ status: 'ok', database: 'pglite', version: '0.1.0' }) }),
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Ice House Order Manager' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking the server...');

    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(definition('Database')).toHaveTextContent('Embedded PGlite');
    expect(definition('Version')).toHaveTextContent('0.1.0');

    const call = requests[0]!;
    expect(call.method).toBe('GET');
    expect(call.path).toBe('/trpc/system.status');
    expect(call.credentials).toBe('include');
    expect(call.headers.has('X-CSRFToken')).toBe(false);
  });

  it('says when the database is unavailable and names PostgreSQL', async () => {
    renderWithServer(
      <SystemStatusPage />,
      trpcBatch({
        'system.status': () => ({ status: 'unavailable', database: 'postgres', version: '1.2.3' }),
      }),
    );

    const server = await screen.findByText('Unavailable');
    expect(server.closest('dd')).toHaveTextContent('cannot reach its database');
    expect(definition('Database')).toHaveTextContent('PostgreSQL');
  });

  it('shows an error with what to do next, and checks again on request', async () => {
    let up = false;
    renderWithServer(<SystemStatusPage />, (request) =>
      up
        ? trpcBatch({ 'system.status': () => ({ status: 'ok', database: 'postgres', version: '0.1.0' }) })(
            request,
          )
        : jsonResponse(
            [
              {
                error: {
                  message: 'Internal server error',
                  code: -32603,
                  data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
                },
              },
            ],
            500,
          ),
    );

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The server could not be reached.')).toBeInTheDocument();

    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
