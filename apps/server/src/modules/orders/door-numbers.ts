import { eq, sql } from 'drizzle-orm';
import { SEQUENCE_FLOORS, bumpSequence } from '@icehouse/db';
import { numberSequences, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { DbDeps } from './service-common';

const NUMERIC_DOOR_NUMBER = /^[0-9]{1,15}$/;

/** A typed numeric door number moves the sequence past it, so the next suggestion stays free. */
export async function bumpDoorSequence(tx: Db, doorNumber: string): Promise<void> {
  if (!NUMERIC_DOOR_NUMBER.test(doorNumber)) return;
  const n = Number(doorNumber);
  if (Number.isSafeInteger(n)) await bumpSequence(tx, 'door_number', n);
}

/**
 * GET /api/orders/get-next-door-number/ and orders.nextDoorNumber: the next free door number,
 * proposed without taking it (decision 010): reading it any number of times (a link, a prefetch,
 * a form opened and closed) consumes nothing. The number is taken when an order is saved with it
 * (createOrder moves the 'door_number' sequence past it); two forms given the same proposal race
 * on the unique door number, and the loser gets the field error and a fresh proposal.
 */
export async function proposeDoorNumber(deps: DbDeps): Promise<{ door_number: string }> {
  const db = deps.database.db;
  const [row] = await db
    .select({ last: numberSequences.lastValue })
    .from(numberSequences)
    .where(eq(numberSequences.name, 'door_number'));
  let candidate = Math.max((row?.last ?? 0) + 1, SEQUENCE_FLOORS.door_number);
  const [taken] = await db.select({ id: orders.id }).from(orders).where(eq(orders.doorNumber, String(candidate))).limit(1);
  if (taken) {
    // A number some order already has (imported, or typed before the sequence knew it): past the highest.
    const [max] = await db
      .select({ max: sql<string | null>`max(${orders.doorNumber}::numeric)` })
      .from(orders)
      .where(sql`${orders.doorNumber} ~ '^[0-9]{1,15}$'`);
    candidate = Math.max(candidate + 1, Number(max?.max ?? 0) + 1);
  }
  return { door_number: String(candidate) };
}
