import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_TYPES } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { trpcInputs } from '../../test/fakeFetch';
import { ADMIN, createFakeServer } from '../../test/fakeServer';
import { WEBHOOK_TEXT as T } from './texts';

describe('WebhooksPage', () => {
  it("offers every event type the server sends (the domain's list), and sends the ones picked", async () => {
    const server = createFakeServer({
      session: ADMIN,
      procedures: {
        'integrations.webhooks.list': () => [],
        'integrations.webhooks.create': (input: unknown) => ({
          id: 1,
          secret: 'whsec_x',
          active: true,
          created_at: '2026-11-27T08:00:00.000Z',
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
    const sent = requests.find((r) => r.path === '/trpc/integrations.webhooks.create')!;
    expect(trpcInputs(sent)[0]).toMatchObject({
      url: 'https://example.com/hooks',
      events: ['order.created', 'order.updated', 'payment.recorded', 'customer.created', 'customer.updated', 'customer.deleted'],
    });
  });
});
