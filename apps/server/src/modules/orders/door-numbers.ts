import { eq, sql } from 'drizzle-orm';
import { SEQUENCE_FLOORS, sequenceBumpQuery } from '@icehouse/db';
import { numberSequences, orders } from '@icehouse/db/schema';
import type { Database } from '@icehouse/db/client';
import type { DbDeps } from './service-common';
import { inTransaction } from '../../prepared-query';
import { sendBeforeCommit, type ChangeTx } from '../../changes';

const NUMERIC_DOOR_NUMBER = /^[0-9]{1,15}$/;

/**
 * A numeric door number an order is saved with moves the sequence past it, so the next proposal stays free:
 * sent with the save's end (its history, its announcement and its commit, decisions 226 and 229), so the
 * sequence's row, which every new order with a numeric door number needs, is held only while PostgreSQL runs
 * that end, and the save and its bump commit together. Built once and run on the save's transaction.
 */
export function sendDoorSequenceBump(tx: ChangeTx, inTransactionOf: Database | undefined, doorNumber: string): void {
  if (!NUMERIC_DOOR_NUMBER.test(doorNumber)) return;
  const value = Number(doorNumber);
  if (!Number.isSafeInteger(value)) return;
  sendBeforeCommit(
    tx,
    inTransaction(
      tx,
      inTransactionOf,
      'orders.doorSequenceBump',
      sequenceBumpQuery,
      (query) => query.execute({ name: 'door_number', value }),
    ),
  );
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
