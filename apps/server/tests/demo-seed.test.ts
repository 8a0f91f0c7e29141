import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  Decimal,
  QUOTE_STATUSES,
  addDays,
  balanceDueOf,
  defaultStatementPeriod,
  roundCents,
  todayIso,
  toMoneyString,
  shipWeekOf,
} from '@icehouse/domain';
import {
  DEMO_CREDENTIALS,
  DEMO_CREDIT_CUSTOMER,
  DEMO_STATEMENT_CUSTOMER,
  seedDemo,
  type SeedDemoSummary,
} from '@icehouse/db/seed';
import { createTestApp } from './test-app';
import { TestClient } from './client';
import { hashPassword } from '../src/modules/auth/password';

/**
 * The demo data as a newcomer meets it (npm run quickstart: SEED_DEMO=true), read through the REST API
 * of the app on a fresh embedded database seeded today: quotes in every status, deposits, credit notes,
 * a customer whose statement for the default period has entries and closes at the customer page's
 * balance, this week's shop board and materials list; and every invoice's Payments/Credits is the sum
 * of its payments ledger. The seed's own figures are tested in packages/db (seed.test.ts).
 */

let app: FastifyInstance;
let admin: TestClient;
let summary: SeedDemoSummary;
let seedMs = 0;
const today = todayIso();
const weekStart = shipWeekOf(today).from;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  await test.reset();
  const started = performance.now();
  summary = await seedDemo(test.database.db, { hashPassword });
  seedMs = Math.round(performance.now() - started);
  admin = new TestClient(app);
  const credentials = DEMO_CREDENTIALS.find((c) => c.role === 'Admin')!;
  await admin.login(credentials.username, credentials.password);
});

afterAll(async () => {
  await app?.close();
});

async function get<T>(url: string): Promise<T> {
  const res = await admin.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

const sum = (amounts: readonly string[]) =>
  toMoneyString(amounts.reduce((s, a) => s.plus(roundCents(a)), new Decimal(0)));

async function customerNamed(name: string): Promise<{ id: number; balance: string }> {
  const list = await get<{ results: { id: number; name: string; balance: string }[] }>(
    `/api/customers/?search=${encodeURIComponent(name)}`,
  );
  const found = list.results.find((c) => c.name === name);
  expect(found, `customer ${name}`).toBeDefined();
  return found!;
}

describe('the demo data (seeded today)', () => {
  it('is seeded fast enough for the smoke run and the tests', () => {
    console.log(`seedDemo: ${seedMs} ms`, summary);
    expect(summary.seeded).toBe(true);
    expect(seedMs).toBeLessThan(60_000);
  });

  it('has quotes in every status, numbered Q-1001 onwards', async () => {
    const quotes = await get<{ count: number; results: { quote_number: string; status: string }[] }>(
      '/api/quotes/?page_size=100',
    );
    expect(new Set(quotes.results.map((q) => q.status))).toEqual(new Set(QUOTE_STATUSES));
    const numbers = quotes.results.map((q) => Number(q.quote_number.replace('Q-', ''))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => 1001 + i));
  });

  it('has open orders holding deposits, and the deposit accounts agree with the list', async () => {
    const orders = await get<{ results: { id: number; status: string; deposits_held: string }[] }>(
      '/api/orders/?page_size=100',
    );
    const holding = orders.results.filter((o) => roundCents(o.deposits_held).greaterThan(0));
    expect(holding.length).toBeGreaterThanOrEqual(2);
    for (const o of holding) {
      const account = await get<{ held: string; results: { kind: string; amount: string }[] }>(
        `/api/orders/${o.id}/deposits/`,
      );
      expect(account.held).toBe(o.deposits_held);
      expect(sum(account.results.map((e) => e.amount))).toBe(account.held);
    }
  });

  it("every invoice's Payments/Credits is the sum of its ledger, its balance due the domain's; some carry deposits, credit notes and applied credit", async () => {
    const list = await get<{ count: number; results: { id: number; invoice_number: string }[] }>(
      '/api/invoices/?page_size=100',
    );
    expect(list.count).toBe(list.results.length);
    expect(list.count).toBe(summary.invoices);
    const kinds = new Set<string>();
    let withCreditNotes = 0;
    for (const row of list.results) {
      const invoice = await get<{
        editable_data: { payments_credits: string };
        totals: { total: string; payments_credits: string; balance_due: string };
      }>(`/api/invoices/${row.id}/`);
      const ledger = await get<{ invoice: { paid: string }; results: { kind: string; amount: string }[] }>(
        `/api/invoices/${row.id}/payments/`,
      );
      const entries = sum(ledger.results.map((e) => e.amount));
      expect(invoice.editable_data.payments_credits, `invoice ${row.invoice_number}`).toBe(entries);
      expect(ledger.invoice.paid).toBe(entries);
      expect(invoice.totals.balance_due, `invoice ${row.invoice_number}`).toBe(
        balanceDueOf(invoice.totals.total, entries),
      );
      for (const e of ledger.results) kinds.add(e.kind);
      const notes = await get<{ results: { credit_note_number: string; total: string }[] }>(
        `/api/invoices/${row.id}/credit-notes/`,
      );
      if (notes.results.length > 0) withCreditNotes++;
    }
    expect(withCreditNotes).toBeGreaterThan(0);
    expect([...kinds].sort()).toEqual(['credit', 'credit_note', 'deposit', 'payment']);
  });

  it('the credit customer has credit left after applying some, from an overpaid invoice', async () => {
    const customer = await customerNamed(DEMO_CREDIT_CUSTOMER);
    const credit = await get<{ credit: string; sources: { kind: string }[] }>(
      `/api/customers/${customer.id}/credit/`,
    );
    expect(roundCents(credit.credit).greaterThan(0)).toBe(true);
    expect(credit.sources.map((s) => s.kind)).toContain('invoice');
  });

  it("the statement customer's statement for the default period has entries of every kind and closes at the customer page's balance", async () => {
    const customer = await customerNamed(DEMO_STATEMENT_CUSTOMER);
    const page = await get<{ balance: { balance: string } }>(`/api/customers/${customer.id}/`);
    expect(customer.balance).toBe(page.balance.balance);
    const period = defaultStatementPeriod(today);
    const statement = await get<{ closing_balance: string; entries: { date: string; label: string }[] }>(
      `/api/customers/${customer.id}/statement/?from=${period.from}&to=${period.to}`,
    );
    const labels = new Set(statement.entries.map((e) => e.label));
    for (const label of ['Invoice', 'Payment', 'Deposit', 'Credit note'])
      expect(labels, label).toContain(label);
    // Entries last month and this month.
    const thisMonth = today.slice(0, 7);
    expect(statement.entries.some((e) => e.date.slice(0, 7) === thisMonth)).toBe(true);
    expect(statement.entries.some((e) => e.date.slice(0, 7) < thisMonth)).toBe(true);
    expect(statement.closing_balance).toBe(page.balance.balance);
  });

  it("this week's shop board has orders in several statuses, and next week's has orders too", async () => {
    const board = await get<{ from: string; to: string; cards: { status: string; ship_date: string }[] }>(
      '/api/production/board/',
    );
    expect(board.from).toBe(weekStart);
    expect(new Set(board.cards.map((c) => c.status)).size).toBeGreaterThanOrEqual(3);
    const next = await get<{ cards: unknown[] }>(`/api/production/board/?week=${addDays(weekStart, 7)}`);
    expect(next.cards.length).toBeGreaterThan(0);
  });

  it("the materials list for this week's ship dates has lines, some on the shelf, some bought or to buy; so does next week's (the default)", async () => {
    const week = await get<{ orders: number; rows: { needed: number; on_hand: number; on_order: number; to_buy: number }[] }>(
      `/api/production/materials/?from=${weekStart}&to=${addDays(weekStart, 6)}`,
    );
    expect(week.orders).toBeGreaterThan(0);
    expect(week.rows.length).toBeGreaterThan(0);
    expect(week.rows.some((r) => r.on_hand > 0)).toBe(true);
    // What the shelf lacks is bought: to buy, or already on the demo's purchase orders.
    expect(week.rows.some((r) => r.to_buy > 0 || r.on_order > 0)).toBe(true);
    const next = await get<{ rows: unknown[] }>('/api/production/materials/');
    expect(next.rows.length).toBeGreaterThan(0);
  });

  it('the sequences continue past the seeded numbers: the next door, quote and credit note numbers', async () => {
    const door = await get<{ door_number: string }>('/api/orders/get-next-door-number/');
    expect(door.door_number).toBe(String(Number(summary.doorNumbers![1]) + 1));
    const invoices = await get<{ results: { id: number; balance_due: string }[] }>(
      '/api/invoices/?page_size=100',
    );
    const open = invoices.results.find((i) => roundCents(i.balance_due).greaterThan(10))!;
    const note = await admin.post(`/api/invoices/${open.id}/credit-notes/`, {
      date: today,
      reason: 'Test of the numbering',
      line_items: [{ quantity: 1, description: 'Goodwill', price_each: '1.00' }],
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().credit_note.credit_note_number).toBe(`CN-${1000 + summary.creditNotes + 1}`);
    const quotes = await get<{ count: number; results: { id: number }[] }>('/api/quotes/?page_size=100');
    const source = await get<{ fields: Record<string, unknown> }>(`/api/quotes/${quotes.results[0]!.id}/`);
    const quote = await admin.post('/api/quotes/', {
      ...source.fields,
      date: today,
      valid_until: addDays(today, 30),
    });
    expect(quote.statusCode, quote.body).toBe(201);
    expect(quote.json().quote_number).toBe(`Q-${1000 + quotes.count + 1}`);
  });
});
