import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { debounceClock } from '../../test/debounceClock';
import { emitLive, installFakeEventSource, liveStreams } from '../../test/fakeEventSource';
import { renderApp } from '../../test/render';
import { ADMIN, STAFF } from '../../test/fakeServer';
import { fakeInvoice } from './testing/fakeInvoice';
import { createInvoicesServer, inputsOf } from './testing/fakeInvoicesServer';

/**
 * Live updates on the invoice editor: another user's save shows a banner (Reload / Keep mine) and never
 * replaces what this user typed on its own; who else has the invoice open is shown. The live feed
 * runs through the real subscription link over a stand-in EventSource; the clock is fake
 * (the feed's batching, presence's heartbeat).
 */

const invoiceAt = (version: number, po: string) =>
  fakeInvoice(7, {
    invoice_number: '2042',
    customer_name: 'Alice Smith',
    version,
    editable: { po_job_name: po, tax_rate: '8.25' },
  });

/** A change of invoice 7 as live.changes carries it. */
const changeOf = (fields: { version: number; by?: number; by_name?: string; action?: string }) => ({
  type: 'change',
  change: {
    entity: 'invoice',
    id: 7,
    version: fields.version,
    action: fields.action ?? 'updated',
    by: fields.by ?? ADMIN.id,
    by_name: fields.by_name ?? ADMIN.username,
    at: '2024-03-05T15:04:00.000Z',
  },
});

async function openEditor(viewers: (beat: number) => string[] = () => []) {
  const clock = debounceClock({ intervals: true });
  let beats = 0;
  const server = createInvoicesServer({
    invoices: [invoiceAt(3, 'PO-77')],
    procedures: {
      'live.presence': () => {
        beats += 1;
        return { viewers: viewers(beats).map((username, i) => ({ user_id: 10 + i, username })) };
      },
      'live.leave': () => ({ ok: true }),
    },
  });
  const rendered = renderApp('/invoices/7/edit', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Edit Invoice' });
  await screen.findByRole('textbox', { name: /^Invoice #/ });
  await waitFor(() => expect(liveStreams()).toHaveLength(1));
  return { ...rendered, server, clock };
}

/** Someone else saves invoice 7 (version 3 -> 4, a new PO) and the feed says so. */
async function theySave(server: Awaited<ReturnType<typeof openEditor>>['server']) {
  server.state.invoices = [invoiceAt(4, 'PO-99')];
  await emitLive(changeOf({ version: 4 }));
}

const po = () => screen.getByRole('textbox', { name: 'P.O. # / Job Name' });
const banner = () => screen.findByText(/^admin changed this invoice at \d{1,2}:04 [AP]M$/);

async function retype(clock: ReturnType<typeof debounceClock>, text: string) {
  await clock.user.clear(po());
  await clock.user.type(po(), text);
}

// The editor's route is loaded lazily: loaded here on the real clock, so the fake one need not wait for it.
beforeAll(async () => {
  await import('./InvoiceEditorPage');
});
beforeEach(() => installFakeEventSource());
afterEach(() => vi.unstubAllGlobals());

describe('invoice editor, live', () => {
  it("shows another user's save without touching the typed values; Reload takes theirs", async () => {
    const { server, clock } = await openEditor();
    await retype(clock, 'PO-mine');

    await theySave(server);

    const notice = (await banner()).closest('[role]') as HTMLElement;
    expect(po()).toHaveValue('PO-mine');
    await clock.user.click(within(notice).getByRole('button', { name: 'Reload' }));
    // What was typed is not thrown away without asking.
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(within(ask).getByRole('list', { name: 'Unsaved changes' })).toHaveTextContent('P.O. # / Job Name');
    await clock.user.click(within(ask).getByRole('button', { name: 'Discard & Reload' }));
    await waitFor(() => expect(po()).toHaveValue('PO-99'));
    expect(screen.queryByText(/changed this invoice/)).toBeNull();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('Keep mine keeps the typed values; Save then shows which fields differ and saves over theirs when asked', async () => {
    const { server, clock, requests } = await openEditor();
    await retype(clock, 'PO-mine');
    await theySave(server);
    await banner();

    await clock.user.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(screen.queryByText(/changed this invoice/)).toBeNull();
    expect(po()).toHaveValue('PO-mine');

    await clock.user.click(screen.getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Save over their changes?' });
    const fields = within(question).getByRole('list', { name: 'Fields that differ' });
    expect(
      within(fields)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['P.O. # / Job Name']);
    expect(inputsOf(requests, 'invoices.update')).toEqual([]);

    await clock.user.click(within(question).getByRole('button', { name: 'Save Mine' }));
    await screen.findByText('Invoice saved successfully');
    const [update] = inputsOf(requests, 'invoices.update') as {
      data: { version: number; editable_data: { po_job_name: string } };
    }[];
    expect(update!.data.version).toBe(4);
    expect(update!.data.editable_data.po_job_name).toBe('PO-mine');
    expect(server.state.invoices[0]!.editable_data.po_job_name).toBe('PO-mine');
  });

  it("is quiet about the user's own saves and versions it already has", async () => {
    const { server } = await openEditor();
    server.state.invoices = [invoiceAt(4, 'PO-99')];
    await emitLive(changeOf({ version: 4, by: STAFF.id, by_name: STAFF.username }));
    await emitLive(changeOf({ version: 3 }));
    await emitLive({ ...changeOf({ version: 4 }), change: { ...changeOf({ version: 4 }).change, id: 8 } });
    expect(screen.queryByText(/changed this invoice/)).toBeNull();
    expect(po()).toHaveValue('PO-77');
    // The same feed does bring someone else's new version (so the silence above was not deafness).
    await emitLive(changeOf({ version: 4 }));
    await banner();
  });

  it('says when someone else deleted the invoice, with nothing to reload', async () => {
    await openEditor();
    await emitLive(changeOf({ version: 3, action: 'deleted' }));
    const text = await screen.findByText(/^admin deleted this invoice at /);
    expect(
      within(text.closest('[role]') as HTMLElement).queryByRole('button', { name: 'Reload' }),
    ).toBeNull();
  });

  it('shows who else has the invoice open, kept by the heartbeat; gone when they leave', async () => {
    // First beat: admin and office have it open; from the second (5 s later), nobody else.
    const { clock, requests } = await openEditor((beat) => (beat === 1 ? ['admin', 'office'] : []));
    expect(await screen.findByText('Also open by admin, office')).toBeInTheDocument();
    expect(inputsOf(requests, 'live.presence')[0]).toMatchObject({ entity: 'invoice', id: 7 });

    await clock.pause(5_000);
    await waitFor(() => expect(screen.queryByText(/Also open by/)).toBeNull());
    expect(inputsOf(requests, 'live.presence')).toHaveLength(2);
  });

  it('leaving while a heartbeat is under way says so after that beat is answered, never before it', async () => {
    // The second beat is held; the user leaves the editor meanwhile. A leave sent first would be undone
    // by the beat landing after it (the tab listed again until its presence expires).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    let beats = 0;
    const clock = debounceClock({ intervals: true });
    const server = createInvoicesServer({
      invoices: [invoiceAt(3, 'PO-77')],
      procedures: {
        'live.presence': async () => {
          order.push('beat');
          beats += 1;
          if (beats === 2) await held;
          order.push('beat answered');
          return { viewers: [] };
        },
        'live.leave': () => {
          order.push('leave');
          return { ok: true };
        },
      },
    });
    renderApp('/invoices/7/edit', server.handler);
    await screen.findByRole('textbox', { name: /^Invoice #/ });
    await clock.pause(5_000);
    await waitFor(() => expect(order).toEqual(['beat', 'beat answered', 'beat']));

    await clock.user.click(screen.getByRole('button', { name: 'Back to Invoices' }));
    await screen.findByRole('heading', { level: 1, name: /Invoices/ });
    expect(order).not.toContain('leave');
    release();
    await waitFor(() => expect(order).toEqual(['beat', 'beat answered', 'beat', 'beat answered', 'leave']));
  });
});
