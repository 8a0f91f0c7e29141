import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { startServerWithSmtp, type ServerWithSmtp } from './support/server-with-smtp';
import { ADMIN, signIn, type User } from './support/session';

/**
 * From to-buy to on-hand through the built app (decision 263): the materials list of next ship week says what
 * to buy; the office drafts purchase orders from it (one per preferred supplier, whole packs) and the list's
 * to-buy falls to nothing, covered by what is on order; one is emailed to its supplier (the test SMTP server
 * gets it with its PDF); the shop receives part of it on the tablet screen, which shows no cost; an order of the
 * week moved to processed (the consumption status) takes its bill of materials from stock; and the materials
 * list balances: on hand + on order covers what is still needed, on hand is the ledger's sum.
 *
 * It runs its own server (support/server-with-smtp.ts): the shared one has no SMTP.
 */
const PORT = Number(process.env.E2E_PURCHASING_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 7);
const SHOP: User = { username: 'shop', password: 'shop-demo-2026' };
let app: ServerWithSmtp | null = null;

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  app = await startServerWithSmtp('purchasing', PORT);
});

test.afterAll(async () => {
  await app?.stop();
});

interface Row {
  component_id: number;
  name: string;
  needed: number;
  consumed: number;
  on_hand: number;
  on_order: number;
  available: number;
  to_buy: number;
  orders: { order_id: number; door_number: string; quantity: number; consumed: boolean }[];
}
interface Materials {
  from: string;
  to: string;
  rows: Row[];
}

const materials = async (request: APIRequestContext, range?: { from: string; to: string }): Promise<Materials> => {
  const res = await request.get(`/api/production/materials/${range ? `?from=${range.from}&to=${range.to}` : ''}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Materials;
};

/** A state-changing call with the browser's session and CSRF cookie, as the web app makes it. */
async function send(context: BrowserContext, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await context.request.fetch(path, { method, data, headers: { 'X-CSRFToken': csrf } });
  return res;
}

test('materials -> purchase order -> email -> partial receipt -> consumption by status -> materials in balance', async ({ page, browser }) => {
  const { received } = app!;
  await signIn(page, ADMIN);
  await page.goto('/company-info');
  await page.getByLabel('From address').fill('buying@icehouse.example');
  await page.getByRole('button', { name: 'Save email settings' }).click();
  await expect(page.getByText('Email settings saved.')).toBeVisible();

  // 1. Two orders of a freezer built from 6" wall panels (10 each) ship next week: more panels than the shelf has.
  const range = await materials(page.request).then((m) => ({ from: m.from, to: m.to }));
  const products = (await (await page.request.get('/api/products/')).json()) as { id: number; description: string }[];
  const freezer = products.find((p) => p.description === 'Walk-in Freezer 8x12')!;
  const made: number[] = [];
  for (const n of [1, 2]) {
    const door = ((await (await page.request.get('/api/orders/get-next-door-number/')).json()) as { door_number: string }).door_number;
    const res = await send(page.context(), 'POST', '/api/orders/', {
      status: 'pending',
      date: range.from,
      door_number: door,
      eps_po_number: `EPS-PO-${n}`,
      ship_date: range.from,
      billing_address: { name: `Purchasing walk ${n}`, street: '1 Main St', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' },
      shipping_address: { name: `Purchasing walk ${n}`, street: '1 Main St', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' },
      building_info: { product: freezer.id, price: '9800.00', additional_items: [] },
    });
    expect(res.status(), await res.text()).toBe(201);
    made.push(((await res.json()) as { id: number }).id);
  }

  // Next ship week's materials, on the Materials report: the panels to buy.
  const PANEL = 'Insulated Wall Panel 6" (4x8)';
  await page.goto(`/reports?report=materials&from=${range.from}&to=${range.to}`);
  expect(Number(await materialsCell(page, PANEL, 'To buy'))).toBeGreaterThan(0);
  const before = await materials(page.request, range);
  const bought = (await (await page.request.get('/api/components/purchasing/')).json()) as { component_id: number; preferred_supplier_id: number | null; pack_size: number }[];
  const supplied = new Map(bought.map((c) => [c.component_id, c]));
  const wanted = before.rows.filter((r) => r.to_buy > 0 && supplied.get(r.component_id)?.preferred_supplier_id);
  expect(wanted.length).toBeGreaterThan(0);

  // 2. Draft purchase orders from that range on the Purchase Orders screen.
  await page.getByRole('link', { name: 'Purchase Orders', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Orders' })).toBeVisible();
  await page.getByLabel('Ship dates from').fill(range.from);
  await page.getByLabel('to', { exact: true }).fill(range.to);
  await page.getByRole('button', { name: 'Draft purchase orders' }).click();
  await expect(page.getByText(/^Drafted \d+ purchase orders?\./)).toBeVisible();
  const drafted = await materials(page.request, range);
  for (const w of wanted) {
    const row = drafted.rows.find((r) => r.component_id === w.component_id)!;
    // Covered by what is now on order, in whole packs.
    expect(row.to_buy, row.name).toBe(0);
    expect(row.on_order - w.on_order, row.name).toBeGreaterThanOrEqual(w.to_buy);
  }

  // 3. A drafted purchase order with a line of at least 2 (so part of it can come first) for a component an
  //    order of the week still waits for: emailed to its supplier with its PDF.
  type Po = { id: number; number: string; supplier_email: string; lines: { id: number; component_id: number; quantity: number }[] };
  const list = (await (await page.request.get('/api/purchase-orders/?status=draft')).json()) as { results: { id: number }[] };
  let po: Po | null = null;
  let target: Row | null = null;
  for (const p of list.results) {
    const full = (await (await page.request.get(`/api/purchase-orders/${p.id}/`)).json()) as Po;
    const row = wanted.find((w) => w.name === PANEL && full.lines.some((l) => l.component_id === w.component_id && l.quantity >= 2));
    if (row && !po) {
      po = full;
      target = row;
    }
  }
  expect(po).not.toBeNull();
  expect(target).not.toBeNull();
  await page.goto(`/purchase-orders/${po!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `P.O. # ${po!.number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Email to supplier' }).click();
  await expect(page.getByText(`Queued to ${po!.supplier_email}.`)).toBeVisible();
  await expect(page.getByText('Sent', { exact: true })).toBeVisible();
  await expect.poll(() => received.find((m) => m.includes(`Purchase order ${po!.number}`)) ?? null, { timeout: 60_000 }).not.toBeNull();
  expect(received.find((m) => m.includes(`Purchase order ${po!.number}`))).toMatch(/Content-Type: application\/pdf/i);

  // 4. The shop receives part of the target line on its tablet screen: quantities, no cost.
  const line = po!.lines.find((l) => l.component_id === target!.component_id)!;
  const part = Math.floor(line.quantity / 2);
  const shopContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const shop = await shopContext.newPage();
  await signInShop(shop);
  await shop.goto(`/purchase-orders/${po!.id}`);
  await expect(shop.getByRole('heading', { level: 1, name: `P.O. # ${po!.number}` })).toBeVisible();
  await expect(shop.getByText('$')).toHaveCount(0);
  await shop.getByRole('textbox', { name: `Receive now: ${target!.name}` }).fill(String(part));
  await shop.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(shop.getByText('Received into stock.')).toBeVisible();
  await expect(shop.getByText('Partly received')).toBeVisible();
  const afterReceipt = (await materials(page.request, range)).rows.find((r) => r.component_id === target!.component_id)!;
  const baseline = drafted.rows.find((r) => r.component_id === target!.component_id)!;
  expect(afterReceipt.on_hand).toBe(baseline.on_hand + part);
  expect(afterReceipt.on_order).toBe(baseline.on_order - part);

  // 5. An order of the week that needs the part moves to processed: its bill of materials leaves the shelf.
  const waiting = afterReceipt.orders.find((o) => o.order_id === made[0]);
  expect(waiting).toBeDefined();
  const order = await (await page.request.get(`/api/orders/${waiting!.order_id}/`)).json();
  if (!order.eps_po_number) {
    const patched = await send(page.context(), 'PATCH', `/api/orders/${order.id}/`, { eps_po_number: `EPS-${order.door_number}`, version: order.version });
    expect(patched.status(), await patched.text()).toBe(200);
  }
  const moved = await send(page.context(), 'POST', `/api/orders/${order.id}/change-status/`, { new_status: 'processed' });
  expect(moved.status(), await moved.text()).toBe(200);

  // 6. In balance: the order's parts consumed from on hand, what is still needed covered by on hand + on order,
  //    on hand the ledger's sum.
  const after = (await materials(page.request, range)).rows.find((r) => r.component_id === target!.component_id)!;
  expect(after.on_hand).toBe(afterReceipt.on_hand - waiting!.quantity);
  expect(after.consumed).toBe(afterReceipt.consumed + waiting!.quantity);
  expect(after.to_buy).toBe(0);
  expect(after.on_hand + after.on_order).toBeGreaterThanOrEqual(after.needed - after.consumed);
  const stock = await (await page.request.get(`/api/stock/${target!.component_id}/`)).json();
  expect(stock.on_hand).toBe(after.on_hand);
  // The report on screen says the same: nothing to buy, on hand and on order as the ledger and the lines have them.
  await page.goto(`/reports?report=materials&from=${range.from}&to=${range.to}`);
  expect(await materialsCell(page, PANEL, 'To buy')).toBe('0');
  expect(await materialsCell(page, PANEL, 'On hand')).toBe(String(after.on_hand));
  expect(await materialsCell(page, PANEL, 'On order')).toMatch(new RegExp(`^${after.on_order}(\\D|$)`));
  await shopContext.close();
});

/** A figure of the Materials report's row for `component`, under the column `header`. */
async function materialsCell(page: Page, component: string, header: string): Promise<string> {
  const table = page.getByRole('table', { name: /Components the orders shipping in the range need/ });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: component }) }).first();
  await expect(row).toBeVisible();
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const cells = await row.getByRole('cell').allTextContents();
  // The component's name is the row's header, so its figures start at the second column.
  return (cells[headers.indexOf(header) - 1] ?? '').trim();
}

async function signInShop(page: Page) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(SHOP.username);
  await page.getByLabel(/^Password/).fill(SHOP.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/board');
}
