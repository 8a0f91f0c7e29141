import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { migrationsFolder } from './client';
import { openTestDatabase, type TestDatabase } from './testing';
import { isForeignKeyViolation, isUniqueViolation, pgErrorInfo } from './errors';
import { rowsOf } from './sequences';
import {
  addresses,
  components,
  companyInfo,
  invoiceOrders,
  invoices,
  orders,
  productComponents,
  products,
  storedFiles,
  users,
  type InvoiceAddress,
} from './schema/index';

const expectedKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const addr: InvoiceAddress = { name: 'A', street: '', city: '', state: '', zip_code: '', country: 'US' };

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.database.close();
});
beforeEach(async () => {
  await t.reset();
});

const journalEntries = () =>
  (JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries;

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the query to fail');
}

describe('migrations', () => {
  it(`apply on ${expectedKind} and create every table and the pg_trgm extension`, async () => {
    const { database } = t;
    expect(database.kind).toBe(expectedKind);
    await database.ping();
    const tables = rowsOf<{ table_name: string }>(
      await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      ),
    ).map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'login_attempts',
        'number_sequences',
        'company_info',
        'settings',
        'components',
        'products',
        'product_components',
        'stored_files',
        'addresses',
        'orders',
        'order_building_info',
        'order_additional_items',
        'invoices',
        'invoice_orders',
        'invoice_line_items',
        'bills_of_lading',
        'history',
      ]),
    );
    const ext = rowsOf<{ extname: string }>(
      await database.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`),
    );
    expect(ext).toHaveLength(1);
    const applied = rowsOf<{ n: string | number }>(
      await database.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`),
    );
    // every committed migration (drizzle/meta/_journal.json), no more, no less
    expect(Number(applied[0]?.n)).toBe(journalEntries().length);
  });

  it('are idempotent (a second migrate() changes nothing: not the applied list, the structure or the rows)', async () => {
    const { db } = t.database;
    const text = async (query: ReturnType<typeof sql>) => rowsOf<{ t: string | null }>(await db.execute(query))[0]?.t ?? '';
    const state = async () => ({
      applied: await text(sql`select string_agg(hash || '@' || created_at, ',' order by id) as t from drizzle.__drizzle_migrations`),
      columns: await text(
        sql`select string_agg(table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, ''), ',' order by table_name, column_name) as t
            from information_schema.columns where table_schema = 'public'`,
      ),
      indexes: await text(sql`select string_agg(indexdef, ',' order by indexname) as t from pg_indexes where schemaname = 'public'`),
      triggers: await text(
        sql`select string_agg(event_object_table || '.' || trigger_name || ' ' || event_manipulation, ',' order by 1) as t
            from information_schema.triggers where trigger_schema = 'public'`,
      ),
      rows: await text(sql`select string_agg(name || '=' || last_value, ',' order by name) as t from number_sequences`),
    });
    await db.execute(sql`insert into number_sequences (name, last_value) values ('idempotency_probe', 41)`);
    const before = await state();
    expect(before.applied.split(',')).toHaveLength(journalEntries().length);
    expect(before.rows).toBe('idempotency_probe=41');
    await t.database.migrate();
    await t.database.migrate();
    expect(await state()).toEqual(before);
  });
});

describe('invoice_count', () => {
  const counted = async () =>
    Number(
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select coalesce(sum(invoices), 0)::int as n from invoice_count`),
      )[0]?.n,
    );
  const invoice = (n: string) => ({ invoiceNumber: n, date: '2026-03-01', billTo: addr, shipTo: addr });

  it('follows inserts, deletes, rolled-back transactions and truncation', async () => {
    const { db } = t.database;
    expect(await counted()).toBe(0);
    const made = await db
      .insert(invoices)
      .values([invoice('1'), invoice('2'), invoice('3')])
      .returning();
    expect(await counted()).toBe(3);
    await db.delete(invoices).where(eq(invoices.id, made[0]!.id));
    expect(await counted()).toBe(2);
    await rejection(
      db.transaction(async (tx) => {
        await tx.insert(invoices).values(invoice('4'));
        throw new Error('roll back');
      }),
    );
    expect(await counted()).toBe(2);
    await db.execute(sql`truncate table invoices cascade`);
    expect(await counted()).toBe(0);
    await db.insert(invoices).values(invoice('5'));
    expect(await counted()).toBe(1);
  });
});

describe('constraints', () => {
  it('enforce unique door numbers', async () => {
    const { db } = t.database;
    await db.insert(orders).values({ date: '2026-03-01', doorNumber: '1001' });
    const err = await rejection(db.insert(orders).values({ date: '2026-03-02', doorNumber: '1001' }));
    expect(isUniqueViolation(err, 'orders_door_number_key')).toBe(true);
  });

  it('enforce unique invoice numbers, and one invoice per order', async () => {
    const { db } = t.database;
    const [inv] = await db
      .insert(invoices)
      .values({ invoiceNumber: '1001', date: '2026-03-01', billTo: addr, shipTo: addr })
      .returning();
    const err = await rejection(
      db.insert(invoices).values({ invoiceNumber: '1001', date: '2026-03-02', billTo: addr, shipTo: addr }),
    );
    expect(isUniqueViolation(err, 'invoices_invoice_number_key')).toBe(true);

    const [inv2] = await db
      .insert(invoices)
      .values({ invoiceNumber: '1002', date: '2026-03-02', billTo: addr, shipTo: addr })
      .returning();
    const [order] = await db.insert(orders).values({ date: '2026-03-01', doorNumber: '1001' }).returning();
    await db.insert(invoiceOrders).values({ invoiceId: inv!.id, orderId: order!.id });
    const err2 = await rejection(
      db.insert(invoiceOrders).values({ invoiceId: inv2!.id, orderId: order!.id }),
    );
    expect(isUniqueViolation(err2, 'invoice_orders_order_id_key')).toBe(true);
  });

  it('enforce case-insensitive unique usernames', async () => {
    const { db } = t.database;
    await db.insert(users).values({ username: 'Bob', passwordHash: 'x' });
    const err = await rejection(db.insert(users).values({ username: 'bob', passwordHash: 'y' }));
    expect(isUniqueViolation(err, 'users_username_lower_key')).toBe(true);
  });

  it('refuse to delete a component a product uses, and cascade product deletion', async () => {
    const { db } = t.database;
    const [c] = await db.insert(components).values({ name: 'Panel', cost: '100', markup: '25' }).returning();
    const [p] = await db
      .insert(products)
      .values({ description: 'Kit', buildingType: 'ICE_HOUSE_KIT', isSimple: false })
      .returning();
    await db.insert(productComponents).values({ productId: p!.id, componentId: c!.id, quantity: 2 });
    const err = await rejection(db.delete(components).where(eq(components.id, c!.id)));
    expect(isForeignKeyViolation(err)).toBe(true);
    await db.delete(products).where(eq(products.id, p!.id));
    await db.delete(components).where(eq(components.id, c!.id));
  });

  it('check statuses, building types and the single company row', async () => {
    const { db } = t.database;
    const bad = await rejection(
      db.execute(sql`insert into orders (date, door_number, status) values ('2026-01-01', 'x', 'shipped')`),
    );
    expect(pgErrorInfo(bad)?.code).toBe('23514');
    await db.insert(companyInfo).values({ name: 'North Star' });
    const second = await rejection(db.insert(companyInfo).values({ id: 2, name: 'Other' }));
    expect(pgErrorInfo(second)?.code).toBe('23514');
  });
});

describe('values', () => {
  it('return numeric as exact strings with two places, dates as YYYY-MM-DD', async () => {
    const { db } = t.database;
    const [o] = await db
      .insert(orders)
      .values({ date: '2026-03-01', doorNumber: '1001', freightCost: '1234.5', discount: '0.1' })
      .returning();
    expect(o!.freightCost).toBe('1234.50');
    expect(o!.discount).toBe('0.10');
    expect(o!.date).toBe('2026-03-01');
    expect(o!.version).toBe(1);
    expect(o!.status).toBe('pending');
    expect(o!.createdAt).toBeInstanceOf(Date);
    const [read] = await db.select().from(orders).where(eq(orders.id, o!.id));
    expect(read!.freightCost).toBe('1234.50');
  });

  // The bytea column only holds rows of before the blob store (migration 0007) until the server moves them out.
  it('store bytes exactly (bytea)', async () => {
    const { db } = t.database;
    const data = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    const [f] = await db
      .insert(storedFiles)
      .values({
        filename: 'a.pdf',
        contentType: 'application/pdf',
        sizeBytes: data.length,
        sha256: 'x',
        data,
      })
      .returning({ id: storedFiles.id });
    const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, f!.id));
    expect(row!.data).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(row!.data!).equals(Buffer.from(data))).toBe(true);
  });

  it('find customers by a partial, case-insensitive name (trigram index)', async () => {
    const { db } = t.database;
    await db.insert(addresses).values([{ name: 'Lakeside Bait & Tackle' }, { name: 'Johnson Family Cabin' }]);
    const rows = rowsOf<{ name: string }>(
      await db.execute(sql`select name from addresses where name ilike ${'%BAIT%'}`),
    );
    expect(rows.map((r) => r.name)).toEqual(['Lakeside Bait & Tackle']);
  });

  it('load orders with their relations', async () => {
    const { db } = t.database;
    const [a] = await db.insert(addresses).values({ name: 'Ann' }).returning();
    await db.insert(orders).values({ date: '2026-03-01', doorNumber: '1001', billingAddressId: a!.id });
    const o = await db.query.orders.findFirst({
      with: {
        billingAddress: true,
        shippingAddress: true,
        buildingInfo: true,
        additionalItems: true,
        invoiceOrder: true,
      },
    });
    expect(o?.billingAddress?.name).toBe('Ann');
    expect(o?.shippingAddress).toBeNull();
    expect(o?.additionalItems).toEqual([]);
  });
});

describe('reset()', () => {
  it('empties tables and restarts ids', async () => {
    const { db } = t.database;
    await db.insert(addresses).values({ name: 'X' });
    await t.reset();
    const [a] = await db.insert(addresses).values({ name: 'Y' }).returning();
    expect(a!.id).toBe(1);
  });
});

describe('migration 0029: the search keys in lower case', () => {
  it('lowercases the keys written before it, and leaves each order its name in the names', async () => {
    const { db } = t.database;
    const [billing, shipping] = await db.insert(addresses).values([{ name: 'Lakeside BAIT' }, { name: 'Österlund Cabin' }]).returning();
    const [order] = await db
      .insert(orders)
      .values({ date: '2026-03-01', doorNumber: '1001', billingAddressId: billing!.id, shippingAddressId: shipping!.id })
      .returning();
    const [invoice] = await db
      .insert(invoices)
      .values({ invoiceNumber: 'A-100', date: '2026-03-02', billTo: { ...addr, name: 'Lakeside BAIT' }, shipTo: addr })
      .returning();
    await db.insert(invoiceOrders).values({ invoiceId: invoice!.id, orderId: order!.id });
    // The keys as they were written before 0029 (its triggers off while they are put back).
    const names = 'Lakeside BAIT\nÖsterlund Cabin';
    const invoiceKey = `A-100\nLakeside BAIT\nA\n${names}`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update orders set customer_search = ${names}`);
      await tx.execute(sql`update invoices set search = ${invoiceKey}`);
      await tx.execute(sql`delete from order_customer_names`);
      await tx.execute(sql`insert into order_customer_names (search) values (${names}), ('stale Name')`);
    });
    const migration = readFileSync(path.join(migrationsFolder(), '0029_search_keys_in_lower_case.sql'), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });

    const lower = async (text: string) => rowsOf<{ v: string }>(await db.execute(sql`select lower(${text}) as v`))[0]!.v;
    const [row] = rowsOf<{ order: string; invoice: string }>(
      await db.execute(sql`select o.customer_search as "order", i.search as "invoice" from orders o, invoices i`),
    );
    expect(row).toEqual({ order: await lower(names), invoice: await lower(invoiceKey) });
    const kept = rowsOf<{ search: string }>(await db.execute(sql`select search from order_customer_names order by search`));
    expect(kept.map((r) => r.search)).toEqual([await lower(names)]);
    // New writes go through the functions 0029 replaced: in lower case too.
    await db.update(addresses).set({ name: 'NEW Name' }).where(eq(addresses.id, billing!.id));
    const [renamed] = rowsOf<{ order: string; invoice: string }>(
      await db.execute(sql`select o.customer_search as "order", i.search as "invoice" from orders o, invoices i`),
    );
    expect(renamed).toEqual({ order: await lower('NEW Name\nÖsterlund Cabin'), invoice: await lower(`A-100\nLakeside BAIT\nA\nNEW Name\nÖsterlund Cabin`) });
  });
});

describe('migration 0030: whether an invoice due date was set by hand', () => {
  it("marks set by hand the due dates that are not what the invoice's terms give for its date", async () => {
    const { db } = t.database;
    const invoice = (invoiceNumber: string, terms: string, dueDate: string | null) => ({
      invoiceNumber,
      date: '2026-03-02',
      terms,
      dueDate,
      billTo: addr,
      shipTo: addr,
    });
    await db.insert(invoices).values([
      invoice('N30', 'Net 30', '2026-04-01'),
      invoice('N30-typed', 'Net 30', '2026-03-20'),
      invoice('receipt', 'Due on receipt', '2026-03-02'),
      invoice('receipt-typed', 'Due on receipt', '2026-03-31'),
      invoice('n15-spaced', ' NET 15 ', '2026-03-17'),
      invoice('n400', 'Net 400', '2026-03-02'),
      invoice('two-ten', '2% 10 Net 30', '2026-03-02'),
      invoice('none', 'Net 30', null),
    ]);
    // As before 0030: no column; then the migration, as the app applies it.
    const migration = readFileSync(path.join(migrationsFolder(), '0030_invoice_due_date_set_by_hand.sql'), 'utf8');
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table invoices drop column due_date_set_by_hand`);
      for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });
    const rows = await db
      .select({ number: invoices.invoiceNumber, byHand: invoices.dueDateSetByHand })
      .from(invoices)
      .orderBy(invoices.id);
    expect(rows).toEqual([
      { number: 'N30', byHand: false },
      { number: 'N30-typed', byHand: true },
      { number: 'receipt', byHand: false },
      { number: 'receipt-typed', byHand: true },
      { number: 'n15-spaced', byHand: false },
      { number: 'n400', byHand: false },
      { number: 'two-ten', byHand: false },
      { number: 'none', byHand: true },
    ]);
  });
});
