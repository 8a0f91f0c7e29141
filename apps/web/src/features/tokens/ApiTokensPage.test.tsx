import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { trpcInputs } from '../../test/fakeFetch';
import { STAFF, createFakeServer } from '../../test/fakeServer';
import { TOKEN_TEXT as T } from './texts';

const token = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  scope: 'read',
  key_prefix: 'ihk_abcdef',
  user_id: STAFF.id,
  username: STAFF.username,
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  ...extra,
});

describe('ApiTokensPage', () => {
  it('creates a token, shows its key once, and revokes a token after asking', async () => {
    const rows = [token(1, 'Shop floor sync')];
    const server = createFakeServer({
      session: STAFF,
      procedures: {
        'tokens.list': () => rows,
        'tokens.create': (input: unknown) => {
          const row = token(2, (input as { name: string }).name, { scope: (input as { scope: string }).scope });
          // The key is answered once, at creation; the list never shows it.
          rows.unshift(row);
          return { ...row, key: 'ihk_the-secret-key' };
        },
        'tokens.revoke': () => ({ ...rows[1], revoked_at: '2026-11-23T10:00:00.000Z' }),
      },
    });
    const { requests } = renderApp('/api-tokens', server.handler);
    await screen.findByRole('heading', { level: 1, name: T.title });
    const table = screen.getByRole('table', { name: T.tableCaption });
    expect(await within(table).findByRole('cell', { name: 'Shop floor sync' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: T.never })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Accounting');
    await user.click(screen.getByRole('radio', { name: T.scopeReadWrite }));
    await user.click(screen.getByRole('button', { name: T.create }));
    const dialog = await screen.findByRole('dialog', { name: T.keyTitle });
    expect(within(dialog).getByRole('textbox', { name: T.keyLabel })).toHaveValue('ihk_the-secret-key');
    const sent = requests.find((r) => r.path === '/trpc/tokens.create')!;
    expect(trpcInputs(sent)[0]).toEqual({ name: 'Accounting', scope: 'read_write', expires_at: '' });
    await user.click(within(dialog).getByRole('button', { name: T.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `${T.revoke} Shop floor sync` }));
    const confirm = await screen.findByRole('dialog', { name: T.confirmRevokeTitle });
    await user.click(within(confirm).getByRole('button', { name: T.revoke }));
    expect(await screen.findByText(T.revoked)).toBeInTheDocument();
  });
});
