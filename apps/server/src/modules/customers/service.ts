import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  MESSAGES,
  customerSchema,
  statusLabel,
  zodIssuesToFieldErrors,
  type CustomerData,
  type IssueLike,
} from '@icehouse/domain';
import { isForeignKeyViolation, rowsOf } from '@icehouse/db';
import { customerAddresses, customers, invoiceOrders, invoices, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { preparedQuery } from '../../prepared-query';
import { pageFetch, pageRows, searchCount, type ListPage } from '../../operations/list-page';
import { containsPattern } from '../../like-pattern';
import type { AppDeps } from '../../deps';
import type { customerAnswer, customerListRowAnswer, shipToAnswer } from './schemas';
import { announceChange } from '../../changes';

/**
 * Customers (issue 16 item 1): list with search and pages, one customer with their orders,
 * invoices and balance, create, update (optimistic concurrency) and delete (refused while they
 * have orders). Orders and invoices keep their own copies of the addresses: nothing here writes
 * to them.
 */

export type DbDeps = Pick<AppDeps, 'database'>;
export type Actor = { id: number } | null;

export type CustomerListRow = z.output<typeof customerListRowAnswer>;
export type CustomerView = z.output<typeof customerAnswer>;
export type ShipToView = z.output<typeof shipToAnswer>;
export type CustomerListPage = ListPage<CustomerListRow>;

/** Rows per page of the customers list. */
export const CUSTOMER_PAGE_SIZE = 25;
/** Orders and invoices a customer's answer lists (the newest). */
export const CUSTOMER_RECENT_ROWS = 100;
/** Past this many matches a search stops counting (`count` is then a lower bound, as the orders list does). */
export const CUSTOMER_COUNT_LIMIT = 1000;

export interface CustomerListFilters {
  search?: string | null | undefined;
  page?: number | null | undefined;
  /** Rows per page (1 to PAGE_SIZE_MAX); absent: CUSTOMER_PAGE_SIZE. */
  page_size?: number | null | undefined;
  /** Incremental sync (issue 18), as on the orders and invoices lists: changed at or after this moment. */
  updated_since?: Date | null | undefined;
  ordering?: 'updated_at' | '-updated_at' | null | undefined;
}

const notFound = () => AppError.notFound(MESSAGES.customerNotFound);
const stale = () => new AppError('CONFLICT', MESSAGES.customerStale);

type CustomerRow = typeof customers.$inferSelect;
type ShipToRow = typeof customerAddresses.$inferSelect;

export function billingAddressOf(
  c: Pick<
    CustomerRow,
    'name' | 'billingStreet' | 'billingCity' | 'billingState' | 'billingZipCode' | 'billingCountry'
  >,
) {
  return {
    name: c.name,
    street: c.billingStreet,
    city: c.billingCity,
    state: c.billingState,
    zip_code: c.billingZipCode,
    country: c.billingCountry,
  };
}

function shipToView(a: ShipToRow): ShipToView {
  return {
    id: a.id,
    label: a.label,
    name: a.name,
    street: a.street,
    city: a.city,
    state: a.state,
    zip_code: a.zipCode,
    country: a.country,
    is_default: a.isDefault,
  };
}

// ----------------------------------------------------------------------------------- list

/** The list's search (name, email, phone or billing city contains the text): one condition for the list and its CSV. */
export const customerSearchCondition = (text: string) =>
  sql`${customers.search} ilike ${containsPattern(text)}`;

/**
 * The list, by name (then id), 25 a page (or `page_size`). A search looks in name, email, phone and billing city
 * (customers.search, trigram-indexed). Its matches are collected first (a materialized CTE: the
 * trigram index, whatever plan the statement was given) and counted up to CUSTOMER_COUNT_LIMIT in
 * the same query; the page's rows, default ship-tos and order counts come from one more (listRows).
 * Every statement is prepared once (listQueries).
 */
export async function listCustomers(
  deps: DbDeps,
  filters: CustomerListFilters = {},
): Promise<CustomerListPage> {
  const db = deps.database.db;
  const page = filters.page ?? 1;
  const size = filters.page_size ?? CUSTOMER_PAGE_SIZE;
  const offset = (page - 1) * size;
  const text = filters.search?.trim() ?? '';
  const fetch = pageFetch(size, CUSTOMER_PAGE_SIZE);
  if (filters.updated_since || filters.ordering) {
    // Sync order (issue 18): (updated_at, id), oldest first unless -updated_at; inclusive; exact count.
    const where = sql.join(
      [
        text ? customerSearchCondition(text) : sql`true`,
        filters.updated_since
          ? sql`"updated_at" >= ${filters.updated_since.toISOString()}::timestamptz`
          : sql`true`,
      ],
      sql` and `,
    );
    const direction = sql.raw(filters.ordering === '-updated_at' ? 'desc' : 'asc');
    const [found, [counted]] = await Promise.all([
      db
        .execute(
          sql`select "id" from "customers" where ${where} order by "updated_at" ${direction}, "id" ${direction} limit ${fetch} offset ${offset}`,
        )
        .then((r) => rowsOf<{ id: number }>(r)),
      db
        .execute(sql`select count(*)::int as "count" from "customers" where ${where}`)
        .then((r) => rowsOf<{ count: number }>(r)),
    ]);
    const { rows, next, previous } = pageRows(found, page, size);
    return {
      count: Number(counted?.count ?? 0),
      next,
      previous,
      results: await listRows(
        db,
        rows.map((r) => Number(r.id)),
      ),
    };
  }
  const { searchPage, page: plainPage, count: plainCount } = listQueries(db, fetch);
  const [ids, total] = await Promise.all([
    text ? searchPage.execute({ pattern: containsPattern(text), offset }) : plainPage.execute({ offset }),
    text ? Promise.resolve(null) : plainCount.execute().then((r) => r[0]?.count ?? 0),
  ]);
  const count =
    total !== null
      ? Number(total)
      : await searchCount(ids.length, page, size, CUSTOMER_COUNT_LIMIT, () =>
          Number(ids[0]?.total ?? 0),
        );
  const { rows, next, previous } = pageRows(ids, page, size);
  return {
    count,
    next,
    previous,
    results: await listRows(
      db,
      rows.map((r) => Number(r.id)),
    ),
  };
}

/**
 * The list's statements, built once per database as prepared statements (prepared-query.ts): a
 * search's page ids with its count up to CUSTOMER_COUNT_LIMIT (its matches collected first in a
 * materialized CTE, so the trigram index is used whatever the plan), the unfiltered page, its count.
 */
function listQueries(database: Db, rows: number) {
  // The default page's statements keep their names; the larger fetch (pageFetch) is a second set.
  const suffix = rows === CUSTOMER_PAGE_SIZE + 1 ? '' : `_${rows}`;
  return preparedQuery(database, `customers.list${suffix}`, (db) => {
    const fetch = sql.raw(String(rows));
    const pageIds = sql`(with "matching" as materialized (
        select ${customers.id} as "id", ${customers.name} as "name" from ${customers}
        where ${customers.search} ilike ${sql.placeholder('pattern')})
      select "id", "name", (select count(*)::int from (select 1 from "matching"
        limit ${sql.raw(String(CUSTOMER_COUNT_LIMIT + 1))}) as "counted") as "total"
      from "matching" order by "name", "id" limit ${fetch} offset ${sql.placeholder('offset')}) as "page_ids"`;
    return {
      searchPage: db
        .select({
          id: sql<number>`"page_ids"."id"`.mapWith(Number),
          total: sql<number | null>`"page_ids"."total"`,
        })
        .from(pageIds)
        .orderBy(sql`"page_ids"."name"`, sql`"page_ids"."id"`)
        .prepare(`customer_search_page${suffix}`),
      page: db
        .select({ id: customers.id, total: sql<number | null>`null::int` })
        .from(customers)
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(rows)
        .offset(sql.placeholder('offset'))
        .prepare(`customer_page${suffix}`),
      count: db
        .select({ count: sql<number>`count(*)::int` })
        .from(customers)
        .prepare(`customer_count${suffix}`),
    };
  });
}

/** listRows's statement: the rows of any number of ids (`= any($ids)`), built once per database. */
function listRowsQuery(database: Db) {
  return preparedQuery(database, 'customers.listRows', (db) =>
    db
      .select({
        customer: customers,
        ship: customerAddresses,
        orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.customerId} = ${customers.id})`,
      })
      .from(customers)
      .leftJoin(
        customerAddresses,
        and(eq(customerAddresses.customerId, customers.id), eq(customerAddresses.isDefault, true)),
      )
      .where(sql`${customers.id} = any(${sql.placeholder('ids')})`)
      .prepare('customer_list_rows'),
  );
}

/** The list's rows for these ids, in that order: one statement (each row, its default ship-to, its order count). */
export async function listRows(db: Db, ids: number[]): Promise<CustomerListRow[]> {
  if (ids.length === 0) return [];
  const rows = await listRowsQuery(db).execute({ ids });
  const byId = new Map(rows.map((r) => [r.customer.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { customer: c, ship } = row;
    return [
      {
        id: c.id,
        name: c.name,
        phone: c.phone,
        email: c.email,
        billing_address: billingAddressOf(c),
        default_ship_to: ship ? shipToView(ship) : null,
        order_count: Number(row.orderCount),
        version: c.version,
        updated_at: c.updatedAt.toISOString(),
      },
    ];
  });
}

// ------------------------------------------------------------------------------------ one

/**
 * One customer: contact, billing address, ship-to addresses, notes, their newest orders and the
 * invoices of their orders, and the balance over all of those invoices: totals minus
 * payments/credits (the invoices' stored figures).
 */
export async function getCustomer(deps: DbDeps, id: number): Promise<CustomerView> {
  return customerView(deps.database.db, id);
}

async function customerView(db: Db, id: number): Promise<CustomerView> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw notFound();
  const customerInvoices = sql`(select distinct ${invoiceOrders.invoiceId} from ${invoiceOrders}
    join ${orders} on ${orders.id} = ${invoiceOrders.orderId} where ${orders.customerId} = ${id})`;
  const [shipTo, orderRows, orderCount, invoiceRows, totals] = await Promise.all([
    db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, id))
      .orderBy(asc(customerAddresses.position), asc(customerAddresses.id)),
    db
      .select({
        id: orders.id,
        status: orders.status,
        date: orders.date,
        doorNumber: orders.doorNumber,
        customerPoJobName: orders.customerPoJobName,
        invoiceId: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
      })
      .from(orders)
      .leftJoin(invoiceOrders, eq(invoiceOrders.orderId, orders.id))
      .leftJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
      .where(eq(orders.customerId, id))
      .orderBy(desc(orders.date), desc(orders.id))
      .limit(CUSTOMER_RECENT_ROWS),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.customerId, id)),
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        date: invoices.date,
        dueDate: invoices.dueDate,
        totalAmount: invoices.totalAmount,
        paymentsCredits: invoices.paymentsCredits,
        balanceDue: invoices.balanceDue,
      })
      .from(invoices)
      .where(sql`${invoices.id} in ${customerInvoices}`)
      .orderBy(desc(invoices.date), desc(invoices.id))
      .limit(CUSTOMER_RECENT_ROWS),
    db
      .select({
        count: sql<number>`count(*)::int`,
        invoiced: sql<string>`coalesce(sum(${invoices.totalAmount}), 0)::numeric(14, 2)::text`,
        paid: sql<string>`coalesce(sum(${invoices.paymentsCredits}), 0)::numeric(14, 2)::text`,
        balance: sql<string>`coalesce(sum(${invoices.totalAmount} - ${invoices.paymentsCredits}), 0)::numeric(14, 2)::text`,
      })
      .from(invoices)
      .where(sql`${invoices.id} in ${customerInvoices}`),
  ]);
  const sums = totals[0] ?? { count: 0, invoiced: '0.00', paid: '0.00', balance: '0.00' };
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    billing_address: billingAddressOf(row),
    notes: row.notes,
    ship_to: shipTo.map(shipToView),
    orders: orderRows.map((o) => ({
      id: o.id,
      status: o.status,
      status_display: statusLabel(o.status),
      date: o.date,
      door_number: o.doorNumber,
      customer_po_job_name: o.customerPoJobName,
      invoice_id: o.invoiceId,
      invoice_number: o.invoiceNumber,
    })),
    order_count: Number(orderCount[0]?.count ?? 0),
    invoices: invoiceRows.map((i) => ({
      id: i.id,
      invoice_number: i.invoiceNumber,
      date: i.date,
      due_date: i.dueDate,
      total_amount: i.totalAmount,
      payments_credits: i.paymentsCredits,
      balance_due: i.balanceDue,
    })),
    invoice_count: Number(sums.count),
    balance: { invoiced: sums.invoiced, paid: sums.paid, balance: sums.balance },
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------- write

interface ParsedCustomerWrite {
  data: CustomerData;
  version: number | null;
}

function readVersion(raw: Record<string, unknown>, issues: IssueLike[], required: boolean): number | null {
  const v = raw.version;
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    if (required) issues.push({ path: ['version'], message: MESSAGES.customerVersionRequired });
    return null;
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    issues.push({ path: ['version'], message: MESSAGES.customerVersionInvalid });
    return null;
  }
  return n;
}

/** Validates a customer body with the domain's customerSchema; every problem at once, as DRF field errors. */
export function parseCustomerWrite(raw: unknown, requireVersion: boolean): ParsedCustomerWrite {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw AppError.validation({ non_field_errors: [MESSAGES.customerNotAnObject] });
  }
  const body = raw as Record<string, unknown>;
  const issues: IssueLike[] = [];
  const version = readVersion(body, issues, requireVersion);
  const parsed = customerSchema.safeParse(body);
  if (!parsed.success) issues.push(...parsed.error.issues);
  if (!parsed.success || issues.length > 0) throw AppError.validation(zodIssuesToFieldErrors({ issues }));
  return { data: parsed.data, version };
}

function customerValues(data: CustomerData) {
  const b = data.billing_address;
  return {
    name: data.name,
    phone: data.phone,
    email: data.email,
    billingStreet: b.street,
    billingCity: b.city,
    billingState: b.state,
    billingZipCode: b.zip_code,
    billingCountry: b.country,
    notes: data.notes,
  };
}

function shipToValues(customerId: number, a: CustomerData['ship_to'][number], position: number) {
  return {
    customerId,
    position,
    label: a.label,
    name: a.name,
    street: a.street,
    city: a.city,
    state: a.state,
    zipCode: a.zip_code,
    country: a.country,
    isDefault: a.is_default,
  };
}

/** POST /api/customers/: the customer and their ship-to addresses, in one transaction. */
export async function createCustomer(deps: DbDeps, actor: Actor, raw: unknown): Promise<CustomerView> {
  const { data } = parseCustomerWrite(raw, false);
  const userId = actor?.id ?? null;
  return deps.database.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(customers)
      .values({ ...customerValues(data), createdBy: userId, updatedBy: userId })
      .returning({ id: customers.id });
    const id = created!.id;
    if (data.ship_to.length > 0) {
      await tx.insert(customerAddresses).values(data.ship_to.map((a, i) => shipToValues(id, a, i)));
    }
    await announceChange(tx, { entity: 'customer', id, version: 1, action: 'created', by: userId });
    return customerView(tx, id);
  });
}

/**
 * PUT /api/customers/{id}/: replaces the customer's fields and their list of ship-to addresses
 * (an address sent with its id is kept and updated, one without is added, one left out is
 * removed). `version` must be the one read: a stale one answers 409 and changes nothing.
 */
export async function updateCustomer(
  deps: DbDeps,
  actor: Actor,
  id: number,
  raw: unknown,
): Promise<CustomerView> {
  const { data, version } = parseCustomerWrite(raw, true);
  return deps.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(customers)
      .set({ ...customerValues(data), version: sql`${customers.version} + 1`, updatedBy: actor?.id ?? null })
      .where(and(eq(customers.id, id), eq(customers.version, version!)))
      .returning({ id: customers.id, version: customers.version });
    if (!updated) {
      const [exists] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, id))
        .limit(1);
      throw exists ? stale() : notFound();
    }
    const existing = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, id));
    const known = new Set(existing.map((a) => a.id));
    const unknown = data.ship_to.flatMap((a, i) => (a.id !== null && !known.has(a.id) ? [i] : []));
    if (unknown.length > 0) {
      const issues = unknown.map((i) => ({
        path: ['ship_to', i, 'id'],
        message: MESSAGES.shipToAddressUnknown,
      }));
      throw AppError.validation(zodIssuesToFieldErrors({ issues }));
    }
    const kept = new Set(data.ship_to.flatMap((a) => (a.id !== null ? [a.id] : [])));
    // The default moves in two steps (all off, then the chosen one on): the one-default index is checked per row.
    await tx.update(customerAddresses).set({ isDefault: false }).where(eq(customerAddresses.customerId, id));
    for (const gone of known) {
      if (!kept.has(gone)) await tx.delete(customerAddresses).where(eq(customerAddresses.id, gone));
    }
    for (const [i, a] of data.ship_to.entries()) {
      if (a.id !== null) {
        await tx
          .update(customerAddresses)
          .set(shipToValues(id, a, i))
          .where(eq(customerAddresses.id, a.id));
      } else {
        await tx.insert(customerAddresses).values(shipToValues(id, a, i));
      }
    }
    await announceChange(tx, {
      entity: 'customer',
      id,
      version: updated.version,
      action: 'updated',
      by: actor?.id ?? null,
    });
    return customerView(tx, id);
  });
}

/**
 * DELETE /api/customers/{id}/: refused (409) while the customer has orders: the orders would lose
 * their customer. The row is locked first, so an order saved for this customer meanwhile waits for
 * the delete (and the foreign key refuses it), or the delete waits for it and sees it.
 */
export async function deleteCustomer(deps: DbDeps, actor: Actor, id: number): Promise<void> {
  try {
    await deps.database.db.transaction(async (tx) => {
      const locked = rowsOf<{ id: number }>(
        await tx.execute(sql`select "id" from "customers" where "id" = ${id} for update`),
      );
      if (locked.length === 0) throw notFound();
      const [count] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.customerId, id));
      const n = Number(count?.count ?? 0);
      if (n > 0) throw new AppError('CONFLICT', MESSAGES.customerHasOrders(n));
      await tx.delete(customers).where(eq(customers.id, id));
      await announceChange(tx, {
        entity: 'customer',
        id,
        version: null,
        action: 'deleted',
        by: actor?.id ?? null,
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', MESSAGES.customerHasOrders(1));
    throw error;
  }
}
