import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { getQueryKey } from '@trpc/react-query';
import { CHANGE_ENTITIES, type ChangeEntity } from '@icehouse/domain';
import { debounceClock } from '../test/debounceClock';
import { emitLive, installFakeEventSource, liveStreams } from '../test/fakeEventSource';
import { STAFF, createFakeServer } from '../test/fakeServer';
import { renderWithServer } from '../test/render';
import { AuthProvider } from './auth';
import { LiveUpdates } from './live';
import { trpc } from './trpc';

/**
 * What a change of each entity reads again (lib/live-refetch.ts), seen on the query cache: the queries
 * the screens keep are in it (none of them on screen, so an invalidated one is only marked), a change
 * comes through the real subscription link, and the test reads which of them were invalidated.
 */

/** The queries of the web's screens, each once with an input as its screen asks it. */
const screens = {
  'orders.list': getQueryKey(trpc.orders.list, {}, 'query'),
  'orders.get': getQueryKey(trpc.orders.get, { id: 5 }, 'query'),
  'invoices.list': getQueryKey(trpc.invoices.list, {}, 'query'),
  'invoices.get': getQueryKey(trpc.invoices.get, { id: 7 }, 'query'),
  'payments.forInvoice': getQueryKey(trpc.payments.forInvoice, { invoiceId: 7 }, 'query'),
  'quotes.list': getQueryKey(trpc.quotes.list, {}, 'query'),
  'customers.list': getQueryKey(trpc.customers.list, {}, 'query'),
  'customers.get': getQueryKey(trpc.customers.get, { id: 3 }, 'query'),
  'credit.orderDeposits': getQueryKey(trpc.credit.orderDeposits, { orderId: 5 }, 'query'),
  'credit.invoiceCreditNotes': getQueryKey(trpc.credit.invoiceCreditNotes, { invoiceId: 7 }, 'query'),
  'credit.customerCredit': getQueryKey(trpc.credit.customerCredit, { id: 3 }, 'query'),
  'statements.forCustomer': getQueryKey(
    trpc.statements.forCustomer,
    { id: 3, from: '2026-01-01', to: '2026-03-31' },
    'query',
  ),
  'reports.salesTax': getQueryKey(
    trpc.reports.salesTax,
    { from: '2026-01-01', to: '2026-12-31', period: 'quarter' },
    'query',
  ),
  'reports.aging': getQueryKey(trpc.reports.aging, {}, 'query'),
  'reports.accountingExportSummary': getQueryKey(
    trpc.reports.accountingExportSummary,
    { from: '2026-01-01', to: '2026-03-31' },
    'query',
  ),
  'schedule.monthly': getQueryKey(trpc.schedule.monthly, undefined, 'query'),
  'production.materials': getQueryKey(trpc.production.materials, { from: '2026-01-04', to: '2026-01-10' }, 'query'),
  'stock.list': getQueryKey(trpc.stock.list, undefined, 'query'),
  'stock.movements': getQueryKey(trpc.stock.movements, { id: 4 }, 'query'),
  'purchasing.list': getQueryKey(trpc.purchasing.list, {}, 'query'),
  'purchasing.get': getQueryKey(trpc.purchasing.get, { id: 2 }, 'query'),
  // Touched by no change: "refetch everything" shows here.
  'company.get': getQueryKey(trpc.company.get, undefined, 'query'),
  'users.list': getQueryKey(trpc.users.list, undefined, 'query'),
};
type Screen = keyof typeof screens;

/** Signs in with the live feed open and every screen's query in the cache; `change` announces one change. */
async function listening() {
  installFakeEventSource();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const clock = debounceClock();
  const server = createFakeServer({ session: STAFF });
  const { queryClient } = renderWithServer(
    <AuthProvider>
      <LiveUpdates>
        <p>Signed in</p>
      </LiveUpdates>
    </AuthProvider>,
    server.handler,
  );
  await screen.findByText('Signed in');
  await waitFor(() => expect(liveStreams()).toHaveLength(1));
  for (const key of Object.values(screens)) queryClient.setQueryData(key, { seeded: true });

  return async function change(entity: ChangeEntity): Promise<Screen[]> {
    await emitLive({
      type: 'change',
      change: {
        entity,
        id: 9,
        version: null,
        action: 'updated',
        by: 1,
        by_name: 'admin',
        at: '2026-05-01T10:00:00.000Z',
      },
    });
    // The feed refetches the changes of one batch together (150 ms).
    await clock.pause(1000);
    return (Object.keys(screens) as Screen[])
      .filter((name) => queryClient.getQueryState(screens[name])?.isInvalidated)
      .sort();
  };
}

describe('live updates: what a change reads again', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a deposit: the order's deposits and the list's held column, the customer's balance, credit and statement, the accounting export", async () => {
    const change = await listening();
    expect(await change('deposit')).toEqual(
      [
        'credit.orderDeposits',
        'orders.list',
        'customers.list',
        'customers.get',
        'credit.customerCredit',
        'statements.forCustomer',
        'reports.accountingExportSummary',
      ].sort(),
    );
  });

  it("a credit note: the invoice's credit notes, the customer's credit and statement, sales tax and the accounting export", async () => {
    const change = await listening();
    expect(await change('credit_note')).toEqual(
      [
        'credit.invoiceCreditNotes',
        'customers.get',
        'credit.customerCredit',
        'statements.forCustomer',
        'reports.salesTax',
        'reports.accountingExportSummary',
      ].sort(),
    );
  });

  it("stock: the components' stock and history, and the materials list's on hand, available and to buy", async () => {
    const change = await listening();
    expect(await change('stock')).toEqual(['production.materials', 'stock.list', 'stock.movements'].sort());
  });

  it("a purchase order: the purchasing screens and the materials list's on order", async () => {
    const change = await listening();
    expect(await change('purchase_order')).toEqual(['production.materials', 'purchasing.get', 'purchasing.list'].sort());
  });

  it.each(CHANGE_ENTITIES)('a change of %s does not read everything again', async (entity) => {
    const change = await listening();
    const read = await change(entity);
    expect(read.length).toBeGreaterThan(0);
    expect(read).not.toContain('company.get');
    expect(read).not.toContain('users.list');
  });
});
