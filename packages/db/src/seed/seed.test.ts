import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import {
  addDays,
  calculateInvoiceTotals,
  ORDER_STATUSES,
  SETTING_CATEGORIES,
  todayIso,
  unmetRequirements,
} from '@icehouse/domain';
import { openTestDatabase, type TestDatabase } from '../testing';
import { nextNumber, rowsOf } from '../sequences';
import {
  billsOfLading,
  companyInfo,
  components,
  creditNotes,
  invoiceLineItems,
  invoiceOrders,
  invoicePayments,
  invoices,
  orderDeposits,
  orders,
  products,
  purchaseOrderLines,
  purchaseOrders,
  quotes,
  settings,
  stockMovements,
  suppliers,
  users,
} from '../schema/index';
import { DEMO_CREDENTIALS, seedDemo, type SeedDemoSummary } from './index';
import { demoProblems } from './demo-checks';

const fakeHash = async (pw: string) => `fake$${pw}`;
const now = new Date('2026-11-15T18:00:00Z');
// The server's calendar date of `now` (the seed dates everything from it, as the server's todayIso does).
const today = todayIso(now);

let t: TestDatabase;
let summary: SeedDemoSummary;
beforeAll(async () => {
  t = await openTestDatabase();
  const started = performance.now();
  summary = await seedDemo(t.database.db, { hashPassword: fakeHash, now });
  console.log(`seedDemo on ${t.database.kind}: ${Math.round(performance.now() - started)} ms`, summary);
});
afterAll(async () => {
  await t?.database.close();
});

describe('seedDemo', () => {
  it('has suppliers, a sent and a partly received purchase order whose receipts are in the stock ledger', async () => {
    const { db } = t.database;
    expect((await db.select().from(suppliers)).map((s) => s.name).sort()).toEqual(['Lakeside Hardware Co', 'Northern Panel Supply', 'Polar Refrigeration Parts']);
    const pos = await db.select().from(purchaseOrders).orderBy(purchaseOrders.id);
    expect(pos.map((p) => [p.number, p.status])).toEqual([
      ['P-1001', 'sent'],
      ['P-1002', 'partly_received'],
    ]);
    const lines = await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, pos[1]!.id));
    const receipts = await db.select().from(stockMovements).where(eq(stockMovements.source, 'receipt'));
    expect(receipts.map((r) => [r.purchaseOrderLineId, r.quantity])).toEqual(lines.filter((l) => l.receivedQuantity > 0).map((l) => [l.id, l.receivedQuantity]));
    // Every line in whole packs of its component.
    const packs = new Map((await db.select().from(components)).map((c) => [c.id, c.packSize]));
    for (const l of await db.select().from(purchaseOrderLines)) expect(l.quantity % packs.get(l.componentId)!).toBe(0);
  });

  it('has a stock history whose sum is on hand: openings, adjustments, the orders being built consumed, shipped ones before the ledger', async () => {
    const { db } = t.database;
    const sums = rowsOf<{ component_id: number; ledger: number; on_hand: number }>(
      await db.execute(sql`select m.component_id, sum(m.quantity)::int as ledger, s.on_hand
        from stock_movements m join component_stock s on s.component_id = m.component_id group by m.component_id, s.on_hand`),
    );
    expect(sums.length).toBeGreaterThan(5);
    for (const r of sums) expect(r.on_hand).toBe(r.ledger);
    const sources = new Set((await db.select().from(stockMovements)).map((m) => m.source));
    expect([...sources].sort()).toEqual(['adjustment', 'consumption', 'receipt']);
    const states = rowsOf<{ status: string; state: string }>(
      await db.execute(sql`select distinct o.status, c.state from orders o join order_stock_consumptions c on c.order_id = o.id order by 1`),
    );
    expect(states).toEqual([
      { status: 'completed', state: 'opening' },
      { status: 'processed', state: 'consumed' },
      { status: 'scheduled_to_ship', state: 'consumed' },
    ]);
  });

  it('creates ~60 orders over every status and the last 12 months', async () => {
    const { db } = t.database;
    expect(summary.seeded).toBe(true);
    expect(summary.orders).toBe(60);
    for (const status of ORDER_STATUSES) expect(summary.ordersByStatus[status]).toBeGreaterThanOrEqual(3);
    const rows = await db.select().from(orders);
    expect(rows).toHaveLength(60);
    const dates = rows.map((o) => o.date).sort();
    expect(dates[0]! >= addDays(today, -365)).toBe(true);
    expect(dates[dates.length - 1]! <= today).toBe(true);
    const months = new Set(dates.map((d) => d.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((o) => o.doorNumber)).size).toBe(60);
  });

  it('meets each status requirement; completed orders have an invoice', async () => {
    const { db } = t.database;
    const rows = await db
      .select({ order: orders, invoiceId: invoiceOrders.invoiceId })
      .from(orders)
      .leftJoin(invoiceOrders, eq(invoiceOrders.orderId, orders.id));
    for (const { order, invoiceId } of rows) {
      const unmet = unmetRequirements(
        {
          eps_po_number: order.epsPoNumber,
          ship_date: order.shipDate,
          ship_via: order.shipViaId,
          has_invoice: invoiceId !== null,
        },
        order.status,
      );
      expect(unmet, `order ${order.doorNumber} (${order.status})`).toEqual([]);
    }
  });

  it('stores invoice totals that the domain rule reproduces from the stored lines', async () => {
    const { db } = t.database;
    const all = await db.select().from(invoices);
    expect(all.length).toBe(summary.invoices);
    expect(all.some((i) => i.isCombined)).toBe(true);
    for (const inv of all) {
      const lines = await db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, inv.id));
      expect(lines.length).toBeGreaterThan(0);
      const totals = calculateInvoiceTotals({
        lineItems: lines.map((l) => ({
          quantity: l.quantity,
          description: l.description,
          price_each: l.priceEach,
          is_freight: l.isFreight,
        })),
        discount: inv.discount,
        discountIsPercentage: inv.discountIsPercentage,
        taxRate: inv.taxRate,
        taxExempt: inv.taxExempt,
        paymentsCredits: inv.paymentsCredits,
      });
      expect(inv.subtotal).toBe(totals.subtotal);
      expect(inv.taxAmount).toBe(totals.taxAmount);
      expect(inv.totalAmount).toBe(totals.total);
      expect(inv.balanceDue).toBe(totals.balanceDue);
    }
  });

  it('seeds the catalogue, company, users and some bills of lading', async () => {
    const { db } = t.database;
    const cats = await db
      .select({ category: settings.category, n: count() })
      .from(settings)
      .groupBy(settings.category);
    expect(cats.map((c) => c.category).sort()).toEqual([...SETTING_CATEGORIES].sort());
    const prods = await db.select().from(products);
    expect(new Set(prods.map((p) => p.buildingType)).size).toBe(4);
    expect(prods.some((p) => p.isSimple) && prods.some((p) => !p.isSimple)).toBe(true);
    const [company] = await db.select().from(companyInfo);
    expect(company?.salesTaxRate).toBe('6.88');
    const us = await db.select().from(users).orderBy(users.id);
    expect(us.map((u) => [u.username, u.isSuperuser, u.passwordHash])).toEqual(
      DEMO_CREDENTIALS.map((c) => [c.username, c.role === 'Admin', `fake$${c.password}`]),
    );
    expect(summary.billsOfLading).toBeGreaterThan(0);
    expect((await db.select().from(billsOfLading)).length).toBe(summary.billsOfLading);
  });

  it("keeps the product's rules: the ledger's sums, deposits, credit notes, credit, quotes, terms, sequences, nothing after today", async () => {
    expect(await demoProblems(t.database.db, today)).toEqual([]);
    expect(summary).toMatchObject({ customers: 28, quotes: 6, creditNotes: 2 });
    expect(summary.depositEntries).toBeGreaterThan(5);
  });

  it('leaves the sequences after the seeded numbers', async () => {
    const { db } = t.database;
    expect(summary.doorNumbers).toEqual(['1001', '1060']);
    const maxInvoice = rowsOf<{ m: string | number }>(
      await db.execute(sql`select max(invoice_number::int) as m from invoices`),
    )[0]!.m;
    // Taken inside a transaction rolled back on purpose (the numbers are not used up); the expectations
    // stay outside it, where a failure cannot be mistaken for the rollback.
    const rollback = new Error('roll back the numbers taken');
    let taken: number[] = [];
    await expect(
      db.transaction(async (tx) => {
        taken = [await nextNumber(tx, 'door_number'), await nextNumber(tx, 'invoice_number')];
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(taken).toEqual([1061, Number(maxInvoice) + 1]);
  });

  it('does nothing the second time', async () => {
    const again = await seedDemo(t.database.db, { hashPassword: fakeHash, now });
    expect(again.seeded).toBe(false);
    expect(again.orders).toBe(0);
    const [n] = await t.database.db.select({ n: count() }).from(orders);
    expect(n?.n).toBe(60);
  });

  it('is deterministic', async () => {
    const read = async () => {
      const { db } = t.database;
      return {
        invoices: (await db.select().from(invoices).orderBy(invoices.id)).map(
          ({ createdAt: _c, updatedAt: _u, ...rest }) => rest,
        ),
        ledger: await db.select().from(invoicePayments).orderBy(invoicePayments.id),
        deposits: await db.select().from(orderDeposits).orderBy(orderDeposits.id),
        creditNotes: await db.select().from(creditNotes).orderBy(creditNotes.id),
        quotes: await db.select().from(quotes).orderBy(quotes.id),
      };
    };
    const before = await read();
    await t.reset();
    await seedDemo(t.database.db, { hashPassword: fakeHash, now });
    expect(await read()).toEqual(before);
  });

  it('keeps its rules on a Sunday that is the first of the month (this week began last month)', async () => {
    const sunday = new Date('2026-11-01T18:00:00Z');
    await t.reset();
    const again = await seedDemo(t.database.db, { hashPassword: fakeHash, now: sunday });
    expect(again.orders).toBe(60);
    expect(await demoProblems(t.database.db, todayIso(sunday))).toEqual([]);
  });

  it('writes no customers and no story without orders (the benchmark writes its own)', async () => {
    await t.reset();
    const bare = await seedDemo(t.database.db, { hashPassword: fakeHash, now, orderCount: 0 });
    expect(bare).toMatchObject({
      seeded: true,
      orders: 0,
      customers: 0,
      quotes: 0,
      invoices: 0,
      ledgerEntries: 0,
    });
    expect(await t.database.db.select().from(quotes)).toEqual([]);
  });
});
