import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_TYPES } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { trpcInputs } from '../../test/fakeFetch';
import { ADMIN, createFakeServer } from '../../test/fakeServer';
import { WEBHOOK_TEXT as T } from './texts';

/** The Webhooks screen: a secret is shown once after Add endpoint, then by Reveal secret; Rotate secret asks first (decision 126). */

const URL_A = 'https://erp.example.com/hooks';
const endpoint = (id: number, url: string, extra: Record<string, unknown> = {}) => ({
  id,
  url,
  events: ['order.created'],
  active: true,
  created_at: '2026-11-20T10:00:00.000Z',
  previous_secret_expires_at: null as string | null,
  ...extra,
});

function webhooksServer() {
  const rows = [endpoint(1, URL_A)];
  const secrets = new Map([[1, 'whsec_first']]);
  const server = createFakeServer({
    session: ADMIN,
    procedures: {
      'webhooks.list': () => rows,
      'webhooks.create': (input) => {
        const row = endpoint(2, (input as { url: string }).url);
        rows.push(row);
        secrets.set(2, 'whsec_created');
        return { ...row, secret: 'whsec_created' };
      },
      'webhooks.revealSecret': (input) => ({
        secret: secrets.get((input as { id: number }).id)!,
        previous_secret_expires_at: null,
      }),
      'webhooks.rotateSecret': (input) => {
        const id = (input as { id: number }).id;
        secrets.set(id, 'whsec_rotated');
        const until = '2026-11-28T15:30:00.000Z';
        rows.find((r) => r.id === id)!.previous_secret_expires_at = until;
        return { secret: 'whsec_rotated', previous_secret_expires_at: until };
      },
      'webhooks.deliveries': () => [
        {
          id: 7,
          event_id: 3,
          webhook_id: 'evt_abc',
          type: 'order.created',
          state: 'delivered',
          attempts: 2,
          last_status: 200,
          last_duration_ms: 12,
          last_response: 'ok',
          last_error: null,
          created_at: '2026-11-20T10:00:00.000Z',
          last_attempt_at: '2026-11-20T10:00:31.000Z',
          attempt_log: [
            {
              attempt: 1,
              at: '2026-11-20T10:00:00.000Z',
              status: 500,
              duration_ms: 9,
              response: 'boom',
              error: 'HTTP 500',
            },
            {
              attempt: 2,
              at: '2026-11-20T10:00:31.000Z',
              status: 200,
              duration_ms: 12,
              response: 'ok',
              error: null,
            },
          ],
        },
      ],
    },
  });
  return server;
}

describe('WebhooksPage', () => {
  it('shows a new endpoint’s secret once, never in the table; Reveal secret shows it again', async () => {
    const server = webhooksServer();
    const { requests } = renderApp('/webhooks', server.handler);
    const table = await screen.findByRole('table', { name: T.tableCaption });
    expect(await within(table).findByRole('cell', { name: URL_A })).toBeInTheDocument();
    expect(table.textContent).not.toContain('whsec_');

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'https://books.example.com/in');
    await user.click(screen.getByRole('button', { name: T.create }));
    const created = await screen.findByRole('dialog', { name: T.secretTitle });
    expect(within(created).getByRole('textbox', { name: T.secretLabel })).toHaveValue('whsec_created');
    expect(created).toHaveTextContent(T.secretOnce);
    await user.click(within(created).getByRole('button', { name: T.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(table).findByRole('cell', { name: 'https://books.example.com/in' }),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('whsec_');

    await user.click(screen.getByRole('button', { name: `${T.revealSecret} ${URL_A}` }));
    const revealed = await screen.findByRole('dialog', { name: T.secretTitle });
    expect(within(revealed).getByRole('textbox', { name: T.secretLabel })).toHaveValue('whsec_first');
    const sent = requests.find((r) => r.path === '/trpc/webhooks.revealSecret')!;
    expect(trpcInputs(sent)[0]).toEqual({ id: 1 });
  });

  it('Rotate secret asks first, then shows the new secret and until when the old one is accepted', async () => {
    const server = webhooksServer();
    const { requests } = renderApp('/webhooks', server.handler);
    const table = await screen.findByRole('table', { name: T.tableCaption });
    await within(table).findByRole('cell', { name: URL_A });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: `${T.rotateSecret} ${URL_A}` }));
    const confirm = await screen.findByRole('dialog', { name: T.confirmRotateTitle });
    expect(confirm).toHaveTextContent(T.confirmRotate(URL_A));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.path === '/trpc/webhooks.rotateSecret')).toBe(false);

    await user.click(screen.getByRole('button', { name: `${T.rotateSecret} ${URL_A}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.confirmRotateTitle })).getByRole('button', {
        name: T.rotateSecret,
      }),
    );
    const shown = await screen.findByRole('dialog', { name: T.secretTitle });
    expect(within(shown).getByRole('textbox', { name: T.secretLabel })).toHaveValue('whsec_rotated');
    expect(shown).toHaveTextContent(/Until 11\/28\/2026/);
    expect(
      await within(table).findByText(/Previous secret also accepted until 11\/28\/2026/),
    ).toBeInTheDocument();
  });

  it('the delivery log lists every attempt of a delivery', async () => {
    renderApp('/webhooks', webhooksServer().handler);
    const table = await screen.findByRole('table', { name: T.tableCaption });
    await within(table).findByRole('cell', { name: URL_A });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `${T.deliveries} ${URL_A}` }));
    const log = await screen.findByRole('table', { name: T.deliveriesCaption });
    await user.click(await within(log).findByText('2'));
    const attempts = within(log).getByRole('list', { name: T.attemptsOf(7) });
    const items = within(attempts).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^#1 .*: 500 \(9 ms\) HTTP 500$/),
      expect.stringMatching(/^#2 .*: 200 \(12 ms\) $/),
    ]);
  });
});

describe('WebhooksPage event picker', () => {
  it("offers every event type the server sends (the domain's list), and sends the ones picked", async () => {
    const server = createFakeServer({
      session: ADMIN,
      procedures: {
        'webhooks.list': () => [],
        'webhooks.create': (input: unknown) => ({
          id: 1,
          secret: 'whsec_x',
          active: true,
          created_at: '2026-11-27T08:00:00.000Z',
          previous_secret_expires_at: null,
          ...(input as object),
        }),
      },
    });
    const { requests } = renderApp('/webhooks', server.handler);
    await screen.findByRole('heading', { level: 1, name: T.title });
    const picker = screen.getByRole('group', { name: T.events });
    // One checkbox per event type, each found by its accessible name, and no other.
    for (const name of EVENT_TYPES) expect(within(picker).getByRole('checkbox', { name })).toBeInTheDocument();
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(EVENT_TYPES.length);

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'https://example.com/hooks');
    for (const name of ['payment.recorded', 'customer.created', 'customer.updated', 'customer.deleted'])
      await user.click(within(picker).getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: T.create }));
    await screen.findByText(T.created);
    const sent = requests.find((r) => r.path === '/trpc/webhooks.create')!;
    expect(trpcInputs(sent)[0]).toMatchObject({
      url: 'https://example.com/hooks',
      events: ['order.created', 'order.updated', 'payment.recorded', 'customer.created', 'customer.updated', 'customer.deleted'],
    });
  });
});
