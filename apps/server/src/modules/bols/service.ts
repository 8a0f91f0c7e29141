import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isUniqueViolation, nextNumber, bumpSequence, rowsOf, SEQUENCE_FLOORS } from '@icehouse/db';
import { billsOfLading, numberSequences, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { todayIso, type BolData } from '@icehouse/domain';
import { AppError } from '../../errors';
import type { ChangeDeps, DbDeps } from '../../deps';
import { recordHistory } from '../orders/history';
import { announceChange, changeTransaction } from '../../changes';
import type { Actor } from '../orders/service-common';
import type { bolInfoAnswer } from './schemas';

/**
 * Bills of lading: at most one per order (bills_of_lading.order_id UNIQUE), numbered from the
 * 'bol_number' sequence ('1001', ...; bills_of_lading.bol_number UNIQUE). Reading the BOL info
 * never uses up a number; creating allocates it, updating keeps it.
 */


export const BOL_SEQUENCE = 'bol_number';
export const ORDER_NOT_FOUND = 'Order not found.';
export const BOL_MESSAGES = {
  voided: 'A voided order cannot get a bill of lading. Unvoid it first.',
} as const;

export type BolInfo = z.output<typeof bolInfoAnswer>;

export interface BolRecord {
  id: number;
  orderId: number;
  bolNumber: string;
  date: string;
  freeOnBoard: string;
}

async function bolNumberTaken(db: Db, candidate: string): Promise<boolean> {
  const [row] = await db.select({ id: billsOfLading.id }).from(billsOfLading).where(eq(billsOfLading.bolNumber, candidate)).limit(1);
  return row !== undefined;
}

/** The number the next BOL would get, without taking it (several readers may see the same one). */
async function peekBolNumber(db: Db): Promise<string> {
  const [row] = await db.select({ last: numberSequences.lastValue }).from(numberSequences).where(eq(numberSequences.name, BOL_SEQUENCE));
  let candidate = Math.max((row?.last ?? 0) + 1, SEQUENCE_FLOORS.bol_number);
  for (let i = 0; i < 100 && (await bolNumberTaken(db, String(candidate))); i++) candidate += 1;
  return String(candidate);
}

/** Allocates a BOL number in the caller's transaction, skipping numbers a BOL already has. */
async function allocateBolNumber(tx: Db): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const candidate = String(await nextNumber(tx, BOL_SEQUENCE));
    if (!(await bolNumberTaken(tx, candidate))) return candidate;
    if (attempt === 20) {
      const result = await tx.execute(
        sql`select max(bol_number::numeric)::text as max from bills_of_lading where bol_number ~ '^[0-9]{1,15}$'`,
      );
      const max = rowsOf<{ max: string | null }>(result)[0]?.max;
      if (max) await bumpSequence(tx, BOL_SEQUENCE, Number(max));
    }
  }
  throw new AppError('CONFLICT', 'Could not find a free bill of lading number. Please try again.');
}

/**
 * A bill of lading as its events carry it (`bill_of_lading.*`): the fields GET
 * /api/orders/{order_id}/get-bol-number/ answers for it, with its id and order. Null when gone.
 */
export async function bolRecordView(deps: DbDeps, id: number) {
  const [row] = await deps.database.db.select().from(billsOfLading).where(eq(billsOfLading.id, id));
  return row
    ? { id: row.id, order_id: row.orderId, bill_of_lading_number: row.bolNumber, date: row.date, free_on_board: row.freeOnBoard }
    : null;
}

/** GET /api/orders/{id}/get-bol-number/: what the BOL modal opens with. */
export async function getBolInfo(deps: DbDeps, orderId: number): Promise<BolInfo> {
  const db = deps.database.db;
  const [row] = await db
    .select({ shipDate: orders.shipDate, bol: billsOfLading })
    .from(orders)
    .leftJoin(billsOfLading, eq(billsOfLading.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
  if (row.bol) return { bol_number: row.bol.bolNumber, is_update: true, date: row.bol.date, free_on_board: row.bol.freeOnBoard };
  return { bol_number: await peekBolNumber(db), is_update: false, date: row.shipDate ?? todayIso(), free_on_board: '' };
}

/**
 * POST /api/orders/{id}/create-bill-of-lading/ (before its PDF): creates the order's BOL with a
 * new number, or updates the date and free on board of the one it has (same number). The order
 * row is locked, so two saves of the same order make one BOL. History: bol_created / bol_updated
 * (none when nothing changed). Voided orders are refused.
 */
export async function saveBol(deps: ChangeDeps, actor: Actor, orderId: number, data: BolData): Promise<{ bol: BolRecord; created: boolean }> {
  const userId = actor?.id ?? null;
  for (let attempt = 1; ; attempt++) {
    try {
      return await changeTransaction(deps, async (tx) => {
        const [order] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
        if (order.status === 'voided') throw new AppError('VALIDATION', BOL_MESSAGES.voided, { details: { error: BOL_MESSAGES.voided } });
        const [existing] = await tx.select().from(billsOfLading).where(eq(billsOfLading.orderId, orderId));
        if (existing) {
          const changes: Record<string, { old: unknown; new: unknown }> = {};
          if (existing.date !== data.bill_of_lading_date) changes.date = { old: existing.date, new: data.bill_of_lading_date };
          if (existing.freeOnBoard !== data.free_on_board) changes.free_on_board = { old: existing.freeOnBoard, new: data.free_on_board };
          if (Object.keys(changes).length === 0) return { bol: existing, created: false };
          const [updated] = await tx
            .update(billsOfLading)
            .set({ date: data.bill_of_lading_date, freeOnBoard: data.free_on_board })
            .where(eq(billsOfLading.id, existing.id))
            .returning();
          await recordHistory(tx, { orderId, action: 'bol_updated', changes, userId });
          announceChange(tx, { entity: 'bill_of_lading', id: existing.id, version: null, action: 'updated', by: userId });
          return { bol: updated!, created: false };
        }
        const bolNumber = await allocateBolNumber(tx);
        const [created] = await tx
          .insert(billsOfLading)
          .values({ orderId, bolNumber, date: data.bill_of_lading_date, freeOnBoard: data.free_on_board, createdBy: userId })
          .returning();
        await recordHistory(tx, {
          orderId,
          action: 'bol_created',
          changes: {
            bol_number: { old: null, new: bolNumber },
            date: { old: null, new: data.bill_of_lading_date },
            ...(data.free_on_board ? { free_on_board: { old: null, new: data.free_on_board } } : {}),
          },
          userId,
        });
        announceChange(tx, { entity: 'bill_of_lading', id: created!.id, version: null, action: 'created', by: userId });
        return { bol: created!, created: true };
      });
    } catch (error) {
      // A number taken by a row the sequence did not know about (imported): the retry skips it.
      if (attempt < 5 && isUniqueViolation(error, 'bills_of_lading_bol_number_key')) continue;
      throw error;
    }
  }
}
