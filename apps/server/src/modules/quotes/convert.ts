import { eq, sql } from 'drizzle-orm';
import { QUOTE_MESSAGES, orderInputFromQuote, todayIso } from '@icehouse/domain';
import { quotes } from '@icehouse/db/schema';
import type { ChangeDeps } from '../../deps';
import { AppError } from '../../errors';
import { announceChange, changeTransaction } from '../../changes';
import { createOrder } from '../orders/order-write';
import { getQuote, quoteNotFound, type QuoteView } from './quote-read';

/**
 * "Convert to order" (decision 160): an accepted quote becomes an order with the quote's fields and
 * prices, and takes a door number only now (the one given, checked as the order form checks it). The
 * quote is locked for the whole transaction: two converts at once make one order, the other is a 409.
 * A refusal (not accepted, converted already, the door number taken) changes nothing.
 */
export async function convertQuote(
  deps: ChangeDeps,
  actor: { id: number },
  id: number,
  body: { door_number?: unknown; date?: unknown; version?: unknown },
): Promise<QuoteView> {
  await changeTransaction(deps, async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
    if (!row) throw quoteNotFound();
    if (row.status === 'converted') throw new AppError('CONFLICT', QUOTE_MESSAGES.alreadyConverted);
    if (row.status !== 'accepted') throw new AppError('CONFLICT', QUOTE_MESSAGES.convertNotAccepted);
    if (body.version !== undefined && body.version !== null && Number(body.version) !== row.version)
      throw new AppError('CONFLICT', QUOTE_MESSAGES.stale);
    const date = typeof body.date === 'string' && body.date.trim() !== '' ? body.date : todayIso();
    const doorNumber = typeof body.door_number === 'string' || typeof body.door_number === 'number' ? String(body.door_number) : '';
    // The order service itself, in this transaction: its validation, door number rule, history and announcement.
    const order = await createOrder({ database: { ...deps.database, db: tx }, changes: deps.changes }, actor, {
      ...orderInputFromQuote(row.fields, doorNumber, date),
    });
    const [updated] = await tx
      .update(quotes)
      .set({ status: 'converted', orderId: order.id, convertedAt: sql`now()`, version: sql`${quotes.version} + 1`, updatedBy: actor.id })
      .where(eq(quotes.id, id))
      .returning({ version: quotes.version });
    announceChange(tx, { entity: 'quote', id, action: 'converted', by: actor.id, version: updated!.version });
  });
  return getQuote(deps, id);
}
