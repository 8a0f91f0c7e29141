import { eq, sql } from 'drizzle-orm';
import { SEQUENCE_FLOORS, bumpSequence } from '@icehouse/db';
import { numberSequences, orders } from '@icehouse/db/schema';
import type { DbDeps } from './service-common';
import type { AppDeps } from '../../deps';

const NUMERIC_DOOR_NUMBER = /^[0-9]{1,15}$/;

/**
 * After an order's save has committed, a numeric door number it took moves the sequence past it, so the next
 * proposal stays free (decision 225). Not in the save's transaction: the sequence's row lock, which every new
 * order with a numeric door number needs, would then be held until that save's commit, and concurrent creates
 * queued behind it. The sequence only feeds proposals, and a proposal skips a number an order already has
 * (`proposeDoorNumber`), so a bump that fails here loses nothing: it is logged, and the save still answers
 * its success, as it has committed.
 */
export async function bumpDoorSequenceAfterSave(
  deps: DbDeps & Partial<Pick<AppDeps, 'log'>>,
  doorNumber: string,
): Promise<void> {
  if (!NUMERIC_DOOR_NUMBER.test(doorNumber)) return;
  const n = Number(doorNumber);
  if (!Number.isSafeInteger(n)) return;
  try {
    await bumpSequence(deps.database.db, 'door_number', n);
  } catch (error) {
    deps.log?.warn({ err: error, doorNumber }, 'the door-number sequence was not moved past a saved order');
  }
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
