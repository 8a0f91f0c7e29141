import { and, eq, sql } from 'drizzle-orm';
import {
  MESSAGES,
  customerSchema,
  zodIssuesToFieldErrors,
  type CustomerData,
  type IssueLike,
} from '@icehouse/domain';
import { isForeignKeyViolation, rowsOf } from '@icehouse/db';
import { customerAddresses, customers, orders } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import { announceChange, changeTransaction } from '../../changes';
import type { ChangeDeps } from '../../deps';
import { notFound, stale, type Actor, type CustomerView } from './customer-views';
import { customerView } from './customer-read';

/** Writing customers: the body checked by the domain's customerSchema; create, update, delete. */

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
    paymentTerms: data.payment_terms,
  };
}

/** A ship-to address's row (the spreadsheet import writes them too). */
export function shipToValues(customerId: number, a: CustomerData['ship_to'][number], position: number) {
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
export async function createCustomer(deps: ChangeDeps, actor: Actor, raw: unknown): Promise<CustomerView> {
  const { data } = parseCustomerWrite(raw, false);
  const userId = actor?.id ?? null;
  return changeTransaction(deps, async (tx) => {
    const [created] = await tx
      .insert(customers)
      .values({ ...customerValues(data), createdBy: userId, updatedBy: userId })
      .returning({ id: customers.id });
    const id = created!.id;
    if (data.ship_to.length > 0) {
      await tx.insert(customerAddresses).values(data.ship_to.map((a, i) => shipToValues(id, a, i)));
    }
    announceChange(tx, { entity: 'customer', id, version: 1, action: 'created', by: userId });
    return customerView(tx, id);
  });
}

/**
 * PUT /api/customers/{id}/: replaces the customer's fields and their list of ship-to addresses
 * (an address sent with its id is kept and updated, one without is added, one left out is
 * removed). `version` must be the one read: a stale one answers 409 and changes nothing.
 */
export async function updateCustomer(
  deps: ChangeDeps,
  actor: Actor,
  id: number,
  raw: unknown,
): Promise<CustomerView> {
  const { data, version } = parseCustomerWrite(raw, true);
  return changeTransaction(deps, async (tx) => {
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
    announceChange(tx, {
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
export async function deleteCustomer(deps: ChangeDeps, actor: Actor, id: number): Promise<void> {
  try {
    await changeTransaction(deps, async (tx) => {
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
      announceChange(tx, {
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
