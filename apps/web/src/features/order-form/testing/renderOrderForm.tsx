/**
 * Test support for the order form: its renderer over the fake server, the queries and actions the
 * tests use on it, and what it sent. Only tests import this file.
 */
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { type SeenRequest } from '../../../test/fakeFetch';
import { renderWithServer } from '../../../test/render';
import { AuthProvider } from '../../../lib/auth';
import { LiveUpdates } from '../../../lib/live';
import { OrderFormModal } from '../OrderFormModal';
import { createOrderServer, record, type OrderServer } from './fakeOrderServer';

export interface RenderOrderFormOptions {
  orderId?: number | null;
  server?: OrderServer;
  invoiceMode?: boolean;
  /** Inside the session and the live feed, as the app's pages are; the server then needs auth.check. */
  live?: boolean;
}

/** The order form over the fake server, inside a router (the invoice buttons navigate). */
export async function renderOrderForm({
  orderId = null,
  server = createOrderServer(),
  invoiceMode = false,
  live = false,
}: RenderOrderFormOptions = {}) {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <OrderFormModal
            orderId={orderId}
            invoiceMode={invoiceMode}
            onClose={onClose}
            onDeleted={onDeleted}
          />
        ),
      },
    ],
    { initialEntries: ['/orders'] },
  );
  const app = <RouterProvider router={router} />;
  const rendered = renderWithServer(
    live ? (
      <AuthProvider>
        <LiveUpdates>{app}</LiveUpdates>
      </AuthProvider>
    ) : (
      app
    ),
    server.handler,
  );
  const title = orderId === null ? 'New Order' : 'Edit Order';
  const form = await screen.findByRole('form', { name: title }, { timeout: 3000 });
  return { ...rendered, router, server, onClose, onDeleted, form };
}

// ------------------------------------------------------------------- queries and actions

export const dialog = (name: string | RegExp = /Order$/) => screen.getByRole('dialog', { name });
export const combobox = (name: string, root: HTMLElement = document.body) =>
  within(root).getByRole('combobox', { name });
export const textbox = (name: string | RegExp, root: HTMLElement = document.body) =>
  within(root).getByRole('textbox', { name });
export const money = (name: string | RegExp, root: HTMLElement = document.body) =>
  within(root).getByRole('spinbutton', { name });
export const group = (name: string) => screen.getByRole('group', { name });
export const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** Opens a select and picks an option by its exact label. */
export async function choose(box: HTMLElement, option: string) {
  await userEvent.click(box);
  const listbox = await screen.findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: option }));
}

/** The option labels an open select offers. */
export async function optionsOf(box: HTMLElement): Promise<string[]> {
  await userEvent.click(box);
  const listbox = await screen.findByRole('listbox');
  const labels = within(listbox)
    .queryAllByRole('option')
    .map((o) => o.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return labels;
}

/** The text of a labelled amount (an <output>). */
export const amount = (label: string | RegExp) => screen.getByLabelText(label).textContent;

/** The data a tRPC mutation sent (the single input of its batch). */
export function sentTo(requests: SeenRequest[], procedure: string): Record<string, unknown> | undefined {
  for (const request of [...requests].reverse()) {
    const names = callsIn(request);
    const index = names.indexOf(procedure);
    if (index === -1 || !request.body) continue;
    const parsed = JSON.parse(request.body) as Record<string, unknown>;
    return record(parsed[String(index)]);
  }
  return undefined;
}

/** The procedures a request called. */
export function callsIn(request: SeenRequest): string[] {
  if (!request.path.startsWith('/trpc/')) return [];
  return decodeURIComponent(request.path.slice('/trpc/'.length)).split(',');
}

export function called(requests: SeenRequest[], procedure: string): boolean {
  return requests.some((request) => callsIn(request).includes(procedure));
}

export async function waitForCall(requests: SeenRequest[], procedure: string) {
  await waitFor(() => expect(called(requests, procedure)).toBe(true));
}
