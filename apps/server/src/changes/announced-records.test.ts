import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { rowsOf } from '@icehouse/db';
import { billsOfLading, orders } from '@icehouse/db/schema';
import { EVENT_TYPES, type EventType } from '@icehouse/domain';
import { isListening, openLiveStream, type SseEvent } from '../../tests/live-client';
import { allJobs } from '../jobs';
import { waitFor } from '../../tests/wait-for-jobs';
import { createPdfRenderer } from '../pdf';
import { deliverWebhookJob } from '../modules/webhooks/jobs';
import { orderPayload, shippable, useOrdersTestApp } from '../../tests/orders-test-support';
import { linkHeaders, makeLink, makeQuote, markQuoteSent } from '../../tests/quotes-support';
import { announceChange, changeTransaction } from './announce';
import { insertPurchaseOrder, stockCatalogue } from '../../tests/stock-test-support';
import { recordReceipt } from '../modules/stock/receipt';

/**
 * Every event type: what a webhook receiver (a real HTTP server here, the signature checked with the
 * Standard Webhooks reference library) and a live subscriber get equals what the record's REST GET
 * answers after the change. One app, one database, one receiver and one live stream for the file.
 */
interface Received {
  type: string;
  data: Record<string, unknown>;
}
const received: Received[] = [];
let secret = '';
let receiver: http.Server;
let receiverUrl = '';
const signatureProblems: string[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      try {
        const verified = new Webhook(secret).verify(body, {
          'webhook-id': String(req.headers['webhook-id']),
          'webhook-timestamp': String(req.headers['webhook-timestamp']),
          'webhook-signature': String(req.headers['webhook-signature']),
        }) as Received;
        received.push({ type: verified.type, data: verified.data });
        res.writeHead(200).end('ok');
      } catch (error) {
        signatureProblems.push(String(error));
        res.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

// Every job the app has (an invoice change queues its pre-render); PDFs cannot render here (no browser:
// the pre-render fails and the BOL answers 503, its record saved), which keeps the file cheap.
const pdf = createPdfRenderer({ executablePath: '/nonexistent/chromium' });
const ctx = useOrdersTestApp({
  app: {
    pdf,
    jobs: {
      workers: true,
      pollingIntervalSeconds: 0.5,
      definitions: allJobs.map((job) =>
        job.name === deliverWebhookJob.name ? { ...job, retryDelay: 1, retryBackoff: false } : job,
      ),
    },
    webhooks: { allowPrivateTargets: true, timeoutMs: 2000 },
  },
});
let stream: Awaited<ReturnType<typeof openLiveStream>>;

beforeAll(async () => {
  const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const hook = await ctx.admin.post('/api/webhooks/', { url: receiverUrl, events: [...EVENT_TYPES] });
  expect(hook.statusCode, hook.body).toBe(201);
  secret = (hook.json() as { secret: string }).secret;
  stream = await openLiveStream(baseUrl, ctx.staff);
  await stream.next(isListening);
});
afterAll(async () => {
  await stream?.close();
  await pdf.close();
});

beforeEach(async () => {
  // The previous case's deliveries are all out before this one starts (ids restart with the tables).
  await waitFor(async () => {
    const [row] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from webhook_deliveries where state = 'pending'`,
      ),
    );
    return row?.n === 0;
  }, 20_000);
  await ctx.database.db.execute(sql`truncate table webhook_attempts, webhook_deliveries, integration_events`);
  received.length = 0;
});

let door = 7000;
const newOrder = async (overrides: Record<string, unknown> = {}) => {
  door += 1;
  const res = await ctx.admin.post(
    '/api/orders/',
    orderPayload(ctx.cat, { door_number: String(door), ...overrides }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number };
};
const newInvoice = async () => {
  const order = await newOrder();
  const res = await ctx.admin.post(`/api/orders/${order.id}/create-invoice/`, { return_json: true });
  expect(res.statusCode, res.body).toBe(201);
  return { orderId: order.id, id: (res.json() as { id: number }).id };
};
const newCustomer = async () => {
  const res = await ctx.admin.post('/api/customers/', { name: `Customer ${(door += 1)}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number };
};
const saveBol = async (orderId: number, freeOnBoard: string) => {
  const res = await ctx.admin.post(`/api/orders/${orderId}/create-bill-of-lading/`, {
    bill_of_lading_date: '2024-06-01',
    free_on_board: freeOnBoard,
  });
  // 503: no browser for its PDF; the BOL is saved all the same.
  expect([200, 201, 503], res.body).toContain(res.statusCode);
  const [bol] = await ctx.database.db.select().from(billsOfLading).where(eq(billsOfLading.orderId, orderId));
  return bol!.id;
};
const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
};

/** The change a case makes, and what its REST GET answers afterwards (null: 404, the record is gone). */
interface Made {
  id: number;
  rest: () => Promise<unknown>;
  /** Who the change is announced as: the admin unless said (a customer's answer through a link: null). */
  by?: null;
}
const get = (path: string) => async () => {
  const res = await ctx.admin.get(path);
  if (res.statusCode === 404) return null;
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A draft purchase order made through the API from the materials list: a supplier, the panel bought from it, an order of the kit. */
const okJson = async (res: Promise<{ statusCode: number; body: string }>, status = 200): Promise<unknown> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as unknown;
};
const draftPurchaseOrder = async () => {
  const c = await stockCatalogue(ctx.database);
  const supplier = (await okJson(ctx.admin.post('/api/suppliers/', { name: `Supplier ${(door += 1)}`, email: 'po@supplier.example' }), 201)) as { id: number };
  await ok(ctx.admin.put(`/api/components/${c.panel}/purchasing/`, { preferred_supplier_id: supplier.id, pack_size: 4 }));
  await newOrder({ ...shippable(ctx.cat), building_info: { product: c.product, price: '2000.00', additional_items: [] } });
  const drafted = (await okJson(ctx.admin.post('/api/purchase-orders/draft/', { from: '2024-06-01', to: '2024-06-01' }), 201)) as {
    purchase_orders: { id: number; version: number; lines: { id: number; component_id: number; quantity: number; unit_cost: string }[] }[];
  };
  return drafted.purchase_orders[0]!;
};
const poRest = (id: number) => get(`/api/purchase-orders/${id}/`);

/** One case per event type (the Record type makes a missing one a compile error). */
const cases: Record<EventType, () => Promise<Made>> = {
  'order.created': async () => {
    const { id } = await newOrder();
    return { id, rest: get(`/api/orders/${id}/`) };
  },
  'order.updated': async () => {
    const { id, version } = await newOrder();
    await ok(
      ctx.admin.put(`/api/orders/${id}/`, {
        ...orderPayload(ctx.cat, { door_number: String(door) }),
        notes: 'changed',
        version,
      }),
    );
    return { id, rest: get(`/api/orders/${id}/`) };
  },
  'order.status_changed': async () => {
    const { id } = await newOrder(shippable(ctx.cat));
    await ok(ctx.admin.post(`/api/orders/${id}/change-status/`, { new_status: 'processed' }));
    return { id, rest: get(`/api/orders/${id}/`) };
  },
  'order.voided': async () => {
    const { id } = await newOrder();
    await ok(ctx.admin.post(`/api/orders/${id}/void/`, {}));
    return { id, rest: get(`/api/orders/${id}/`) };
  },
  'order.unvoided': async () => {
    const { id } = await newOrder();
    await ok(ctx.admin.post(`/api/orders/${id}/void/`, {}));
    await ok(ctx.admin.post(`/api/orders/${id}/unvoid/`, {}));
    return { id, rest: get(`/api/orders/${id}/`) };
  },
  'order.deleted': async () => {
    const { id } = await newOrder();
    await ok(ctx.admin.delete(`/api/orders/${id}/`), 204);
    return { id, rest: get(`/api/orders/${id}/`) };
  },
  'invoice.created': async () => {
    const { id } = await newInvoice();
    return { id, rest: get(`/api/invoices/${id}/`) };
  },
  'invoice.updated': async () => {
    // The case that once failed: the lines are rewritten after the invoice row.
    const { id } = await newInvoice();
    const before = (await ctx.admin.get(`/api/invoices/${id}/`)).json() as { version: number };
    await ok(
      ctx.admin.patch(`/api/invoices/${id}/`, {
        version: before.version,
        editable_data: { line_items: [{ quantity: 2, description: 'Replaced line', price_each: '125.50' }] },
      }),
    );
    return { id, rest: get(`/api/invoices/${id}/`) };
  },
  'invoice.deleted': async () => {
    const { id } = await newInvoice();
    await ok(ctx.admin.delete(`/api/invoices/${id}/`), 204);
    return { id, rest: get(`/api/invoices/${id}/`) };
  },
  'bill_of_lading.created': async () => {
    const order = await newOrder();
    const id = await saveBol(order.id, 'Origin');
    return { id, rest: bolRest(order.id, id) };
  },
  'bill_of_lading.updated': async () => {
    const order = await newOrder();
    await saveBol(order.id, 'Origin');
    const id = await saveBol(order.id, 'Destination');
    return { id, rest: bolRest(order.id, id) };
  },
  'payment.recorded': async () => {
    const invoice = await newInvoice();
    const res = await ctx.admin.post(`/api/invoices/${invoice.id}/payments/`, {
      date: '2024-06-02',
      method: 'check',
      amount: '100.00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { payment: { id: number } }).payment.id;
    return {
      id,
      // No GET of one entry: the invoice's ledger lists it, with the invoice's money.
      rest: async () => {
        const ledger = (await get(`/api/invoices/${invoice.id}/payments/`)()) as {
          invoice: unknown;
          results: { id: number }[];
        };
        return { payment: ledger.results.find((p) => p.id === id), invoice: ledger.invoice };
      },
    };
  },
  'customer.created': async () => {
    const { id } = await newCustomer();
    return { id, rest: get(`/api/customers/${id}/`) };
  },
  'customer.updated': async () => {
    const { id, version } = await newCustomer();
    await ok(ctx.admin.put(`/api/customers/${id}/`, { name: 'Renamed customer', notes: 'changed', version }));
    return { id, rest: get(`/api/customers/${id}/`) };
  },
  'deposit.recorded': async () => {
    const order = await newOrder();
    const res = await ctx.admin.post(`/api/orders/${order.id}/deposits/`, {
      date: '2024-06-02',
      method: 'check',
      amount: '250.00',
      reference: '1042',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { deposit: { id: number } }).deposit.id;
    return { id, rest: get(`/api/deposits/${id}/`) };
  },
  'credit_note.created': async () => {
    const invoice = await newInvoice();
    const res = await ctx.admin.post(`/api/invoices/${invoice.id}/credit-notes/`, {
      date: '2024-06-03',
      reason: 'Returned door',
      line_items: [{ quantity: 1, description: 'Returned door', price_each: '100.00' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { credit_note: { id: number } }).credit_note.id;
    return { id, rest: get(`/api/credit-notes/${id}/`) };
  },
  'credit_note.voided': async () => {
    const invoice = await newInvoice();
    const res = await ctx.admin.post(`/api/invoices/${invoice.id}/credit-notes/`, {
      date: '2024-06-03',
      reason: 'Returned door',
      line_items: [{ quantity: 1, description: 'Returned door', price_each: '100.00' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { credit_note: { id: number } }).credit_note.id;
    await ok(ctx.admin.post(`/api/credit-notes/${id}/void/`, { date: '2024-06-04', reason: 'Door kept' }), 200);
    return { id, rest: get(`/api/credit-notes/${id}/`) };
  },
  'customer.deleted': async () => {
    const { id } = await newCustomer();
    await ok(ctx.admin.delete(`/api/customers/${id}/`), 204);
    return { id, rest: get(`/api/customers/${id}/`) };
  },
  'quote.created': async () => {
    const { id } = await makeQuote(ctx.admin, ctx.cat);
    return { id, rest: get(`/api/quotes/${id}/`) };
  },
  'quote.updated': async () => {
    const { id, version } = await makeQuote(ctx.admin, ctx.cat);
    const current = (await ctx.admin.get(`/api/quotes/${id}/`)).json() as { fields: Record<string, unknown>; valid_until: string };
    await ok(ctx.admin.put(`/api/quotes/${id}/`, { ...current.fields, valid_until: current.valid_until, notes: 'changed', version }));
    return { id, rest: get(`/api/quotes/${id}/`) };
  },
  'quote.deleted': async () => {
    const { id } = await makeQuote(ctx.admin, ctx.cat);
    await ok(ctx.admin.delete(`/api/quotes/${id}/`), 204);
    return { id, rest: get(`/api/quotes/${id}/`) };
  },
  'quote.sent': async () => {
    const { id } = await makeQuote(ctx.admin, ctx.cat);
    await ok(ctx.admin.post(`/api/quotes/${id}/mark-sent/`));
    return { id, rest: get(`/api/quotes/${id}/`) };
  },
  'quote.accepted': async () => {
    const { id } = await makeQuote(ctx.admin, ctx.cat);
    const link = await makeLink(ctx.admin, id);
    await markQuoteSent(ctx.admin, id);
    await ok(ctx.anonymous.post(`/api/customer/quotes/${id}/accept/`, { name: 'Pat Doe' }, linkHeaders(link.token)));
    return { id, rest: get(`/api/quotes/${id}/`), by: null };
  },
  'quote.declined': async () => {
    const { id } = await makeQuote(ctx.admin, ctx.cat);
    const link = await makeLink(ctx.admin, id);
    await markQuoteSent(ctx.admin, id);
    await ok(ctx.anonymous.post(`/api/customer/quotes/${id}/decline/`, { comment: 'Too dear' }, linkHeaders(link.token)));
    return { id, rest: get(`/api/quotes/${id}/`), by: null };
  },
  'stock.received': async () => {
    const c = await stockCatalogue(ctx.database);
    const po = await insertPurchaseOrder(ctx.database, 'sent', [{ componentId: c.panel, quantity: 8, unitCost: '99.00' }]);
    await changeTransaction({ database: ctx.database, changes: ctx.app.changes }, (tx) =>
      recordReceipt(tx, ctx.adminId, [{ purchaseOrderLineId: po.lines[0]!.id, componentId: c.panel, quantity: 5, unitCost: '99.00' }]),
    );
    return { id: c.panel, rest: get(`/api/stock/${c.panel}/`) };
  },
  'stock.consumed': async () => {
    const c = await stockCatalogue(ctx.database);
    const { id } = await newOrder({ ...shippable(ctx.cat), building_info: { product: c.product, price: '2000.00', additional_items: [] } });
    await ok(ctx.admin.post(`/api/orders/${id}/change-status/`, { new_status: 'processed' }));
    return { id: c.panel, rest: get(`/api/stock/${c.panel}/`) };
  },
  'stock.returned': async () => {
    const c = await stockCatalogue(ctx.database);
    const { id } = await newOrder({ ...shippable(ctx.cat), building_info: { product: c.product, price: '2000.00', additional_items: [] } });
    await ok(ctx.admin.post(`/api/orders/${id}/change-status/`, { new_status: 'processed' }));
    await ok(ctx.admin.delete(`/api/orders/${id}/`), 204);
    return { id: c.panel, rest: get(`/api/stock/${c.panel}/`) };
  },
  'stock.adjusted': async () => {
    const c = await stockCatalogue(ctx.database);
    await ok(ctx.admin.post(`/api/stock/${c.frame}/adjustments/`, { quantity: 3, reason: 'Counted' }), 201);
    return { id: c.frame, rest: get(`/api/stock/${c.frame}/`) };
  },
  'purchase_order.created': async () => {
    const { id } = await draftPurchaseOrder();
    return { id, rest: poRest(id) };
  },
  'purchase_order.updated': async () => {
    const po = await draftPurchaseOrder();
    const lines = po.lines.map((l) => ({ component_id: l.component_id, quantity: l.quantity + 4, unit_cost: l.unit_cost }));
    await ok(ctx.admin.put(`/api/purchase-orders/${po.id}/`, { version: po.version, expected_date: '2024-07-01', notes: 'More', lines }));
    return { id: po.id, rest: poRest(po.id) };
  },
  'purchase_order.sent': async () => {
    const { id } = await draftPurchaseOrder();
    await ok(ctx.admin.post(`/api/purchase-orders/${id}/mark-sent/`));
    return { id, rest: poRest(id) };
  },
  'purchase_order.received': async () => {
    const po = await draftPurchaseOrder();
    await ok(ctx.admin.post(`/api/purchase-orders/${po.id}/mark-sent/`));
    await ok(ctx.admin.post(`/api/purchase-orders/${po.id}/receive/`, { lines: [{ line_id: po.lines[0]!.id, quantity: 3 }] }));
    return { id: po.id, rest: poRest(po.id) };
  },
  'purchase_order.cancelled': async () => {
    const { id } = await draftPurchaseOrder();
    await ok(ctx.admin.post(`/api/purchase-orders/${id}/cancel/`));
    return { id, rest: poRest(id) };
  },
  'purchase_order.deleted': async () => {
    const { id } = await draftPurchaseOrder();
    await ok(ctx.admin.delete(`/api/purchase-orders/${id}/`), 204);
    return { id, rest: poRest(id) };
  },
  'quote.converted': async () => {
    const { id } = await makeQuote(ctx.admin, ctx.cat);
    const link = await makeLink(ctx.admin, id);
    await markQuoteSent(ctx.admin, id);
    await ok(ctx.anonymous.post(`/api/customer/quotes/${id}/accept/`, { name: 'Pat Doe' }, linkHeaders(link.token)));
    await ok(ctx.admin.post(`/api/quotes/${id}/convert/`, { door_number: String((door += 1)) }));
    return { id, rest: get(`/api/quotes/${id}/`) };
  },
};

/** A BOL as GET /api/orders/{id}/get-bol-number/ answers it, with its id and order. */
const bolRest = (orderId: number, id: number) => async () => {
  const info = (await get(`/api/orders/${orderId}/get-bol-number/`)()) as {
    bol_number: string;
    is_update: boolean;
    date: string;
    free_on_board: string;
  };
  expect(info.is_update).toBe(true);
  return {
    id,
    order_id: orderId,
    bill_of_lading_number: info.bol_number,
    date: info.date,
    free_on_board: info.free_on_board,
  };
};

/** The record a delivery is about: its id (a payment's body is `{ payment, invoice }`). */
const recordId = (r: Received) =>
  r.type === 'payment.recorded'
    ? (r.data.payment as { id: number }).id
    : r.type === 'deposit.recorded'
      ? (r.data.deposit as { id: number }).id
      : r.type.startsWith('stock.')
        ? r.data.component_id
        : r.data.id;

const liveChange = (e: SseEvent) =>
  (e.data as { type?: string; change?: Record<string, unknown> } | null)?.change;

describe('announced records', () => {
  it('has a case for every event type', () => {
    expect(Object.keys(cases).sort()).toEqual([...EVENT_TYPES].sort());
  });

  for (const type of EVENT_TYPES) {
    it(`${type}: the webhook and the live update carry what the REST GET answers after the change`, async () => {
      const [entity, action] = type.split('.') as [string, string];
      const liveFrom = stream.events.length;
      const made = await cases[type]();
      const rest = await made.rest();

      await waitFor(() => received.some((r) => r.type === type && recordId(r) === made.id), 20_000);
      const hooks = received.filter((r) => r.type === type && recordId(r) === made.id);
      expect(hooks).toHaveLength(1);
      expect(signatureProblems).toEqual([]);
      // A deletion carries { id }; its GET answers 404.
      expect(hooks[0]!.data).toEqual(rest ?? { id: made.id });

      const live = await stream.next(
        (e) =>
          stream.events.indexOf(e) >= liveFrom &&
          liveChange(e)?.entity === entity &&
          liveChange(e)?.id === made.id &&
          liveChange(e)?.action === action,
      );
      const change = liveChange(live)!;
      expect(change).toMatchObject(
        made.by === null ? { entity, id: made.id, action, by: null, by_name: null } : { entity, id: made.id, action, by: ctx.adminId, by_name: 'admin' },
      );
      // The version announced is the committed record's, the one its GET answers.
      const version = (rest as { version?: number } | null)?.version;
      if (version !== undefined) expect(change.version).toBe(version);
      // Announced once per change: no second live event of this action for this record.
      expect(
        stream.events
          .slice(liveFrom)
          .filter(
            (e) =>
              liveChange(e)?.entity === entity &&
              liveChange(e)?.id === made.id &&
              liveChange(e)?.action === action,
          ),
      ).toHaveLength(1);
    });
  }

  it('a rolled-back change announces nothing: no event, no delivery, no live update', async () => {
    const { id } = await newOrder();
    await waitFor(() => received.some((r) => r.type === 'order.created' && r.data.id === id), 20_000);
    const liveFrom = stream.events.length;
    const deps = { database: ctx.database, changes: ctx.app.changes };
    await expect(
      changeTransaction(deps, async (tx) => {
        await tx
          .update(orders)
          .set({ notes: 'never committed', version: sql`${orders.version} + 1` })
          .where(eq(orders.id, id));
        announceChange(tx, { entity: 'order', id, action: 'updated', by: ctx.adminId });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A committed change after it: once it has arrived everywhere, the rolled-back one would have too.
    await changeTransaction(deps, async (tx) =>
      announceChange(tx, { entity: 'order', id, action: 'status_changed', by: ctx.adminId }),
    );
    await waitFor(() => received.some((r) => r.type === 'order.status_changed' && r.data.id === id), 20_000);
    await stream.next(
      (e) =>
        stream.events.indexOf(e) >= liveFrom &&
        liveChange(e)?.action === 'status_changed' &&
        liveChange(e)?.id === id,
    );
    expect(received.filter((r) => r.type === 'order.updated')).toEqual([]);
    expect(stream.events.slice(liveFrom).map((e) => liveChange(e)?.action)).toEqual(['status_changed']);
    const events = rowsOf<{ type: string }>(
      await ctx.database.db.execute(
        sql`select type from integration_events where record_id = ${id} and entity = 'order' order by id`,
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['order.created', 'order.status_changed']);
  });
});
