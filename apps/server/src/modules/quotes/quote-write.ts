import { and, eq, sql } from 'drizzle-orm';
import {
  QUOTE_MESSAGES,
  QUOTE_NUMBER_PREFIX,
  quotePrice,
  quoteSchema,
  withPickedItemNames,
  zodIssuesToFieldErrors,
  type IssueLike,
  type QuoteData,
  type QuoteOrderFields,
} from '@icehouse/domain';
import { nextNumber } from '@icehouse/db';
import { customerLinks, quotes } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { ChangeDeps } from '../../deps';
import { AppError } from '../../errors';
import { announceChange, changeTransaction, type ChangeTx } from '../../changes';
import { checkReferences } from '../orders/validation';
import { salesTaxRate, settingLabels } from '../orders/views';
import { getQuote, quoteBuildingType, quoteNotFound, quoteRow, type QuoteRow, type QuoteView } from './quote-read';

/** Saving quotes: create, update (refused once the customer has answered: decision 160), delete a draft. */

type Actor = { id: number } | null;

export const QUOTE_NUMBER_SEQUENCE = 'quote_number';
const QUOTE_NUMBER_FLOOR = 1001;

/**
 * The next quote number, 'Q-1001', 'Q-1002'...: from its own sequence only (one upsert that locks the
 * sequence row until the transaction ends, so two quotes at once never get one number), never typed,
 * never reused: the sequence never goes back, and a deleted draft's number is not handed out again.
 */
export async function allocateQuoteNumber(tx: Db): Promise<string> {
  return `${QUOTE_NUMBER_PREFIX}${await nextNumber(tx, QUOTE_NUMBER_SEQUENCE, { floor: QUOTE_NUMBER_FLOOR })}`;
}

const versionIssue = (raw: Record<string, unknown>, issues: IssueLike[]): number | null => {
  const v = raw.version;
  if (v === undefined || v === null || v === '') {
    issues.push({ path: ['version'], message: 'Version is required: send the version you read with the quote.' });
    return null;
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    issues.push({ path: ['version'], message: 'Version must be a whole number.' });
    return null;
  }
  return n;
};

/** The body validated by the domain's quoteSchema and its references checked, or a 400 with every field error. */
export async function parseQuote(db: Db, raw: unknown, requireVersion: boolean): Promise<{ data: QuoteData; version: number | null }> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw AppError.validation({ non_field_errors: ['Send the quote as a JSON object.'] });
  const body = raw as Record<string, unknown>;
  const issues: IssueLike[] = [];
  const version = requireVersion ? versionIssue(body, issues) : null;
  const parsed = quoteSchema.safeParse(body);
  if (!parsed.success) issues.push(...parsed.error.issues);
  if (parsed.success) {
    // The order's own reference checks (options of the right kind, the product, the customer); a quote has no door number.
    const checked = await checkReferences(db, { ...parsed.data, door_number: '', status: 'pending', invoice_number: '', has_invoice: false, has_bol: false }, null);
    issues.push(...checked.issues.filter((i) => i.path[0] !== 'door_number'));
  }
  if (issues.length > 0 || !parsed.success) throw AppError.validation(zodIssuesToFieldErrors({ issues }));
  return { data: parsed.data, version };
}

/**
 * The stored columns of a quote's fields: its price by the order's rule with today's sales tax rate, and each
 * catalogue item's name as the catalogue has it at this save (decision 253).
 */
export async function quoteValues(db: Db, data: QuoteData) {
  const { valid_until: validUntil, ...validated } = data;
  const [taxRate, buildingType, names] = await Promise.all([
    salesTaxRate(db),
    quoteBuildingType(db, validated),
    settingLabels(db, validated.building_info.additional_items.map((i) => i.item)),
  ]);
  const fields: QuoteOrderFields = withPickedItemNames(validated, (id) => names.get(id));
  const price = quotePrice(fields, { taxRate, buildingType });
  return {
    date: fields.date,
    validUntil,
    customerId: fields.customer_id ?? null,
    customerName: fields.billing_address.name || fields.shipping_address.name || '',
    fields,
    subtotal: price.subtotal,
    discountAmount: price.discountAmount,
    taxAmount: price.taxAmount,
    total: price.total,
    taxRate,
  };
}

/** POST /api/quotes/: a draft quote with the next number. */
export async function createQuote(deps: ChangeDeps, actor: Actor, raw: unknown): Promise<QuoteView> {
  const { data } = await parseQuote(deps.database.db, raw, false);
  const userId = actor?.id ?? null;
  const id = await changeTransaction(deps, async (tx) => {
    const values = await quoteValues(tx, data);
    const [row] = await tx
      .insert(quotes)
      .values({ ...values, quoteNumber: await allocateQuoteNumber(tx), createdBy: userId, updatedBy: userId })
      .returning({ id: quotes.id });
    announceChange(tx, { entity: 'quote', id: row!.id, action: 'created', by: userId, version: 1 });
    return row!.id;
  });
  return getQuote(deps, id);
}

/** Why a quote in this state cannot be edited (decision 160), or null. */
export function editRefusal(row: Pick<QuoteRow, 'status'>): AppError | null {
  if (row.status === 'accepted') return new AppError('CONFLICT', QUOTE_MESSAGES.lockedAccepted);
  if (row.status === 'converted') return new AppError('CONFLICT', QUOTE_MESSAGES.lockedConverted);
  if (row.status === 'declined') return new AppError('CONFLICT', QUOTE_MESSAGES.lockedDeclined);
  return null;
}

/**
 * PUT /api/quotes/{id}/: replaces the quote's fields (version required, stale -> 409). A draft or sent
 * quote only (an expired one too: a new Valid Until reopens it); accepted, declined and converted ones
 * are refused with 409 and change nothing (decision 160).
 */
export async function updateQuote(deps: ChangeDeps, actor: Actor, id: number, raw: unknown): Promise<QuoteView> {
  const db = deps.database.db;
  const before = await quoteRow(db, id);
  const refused = editRefusal(before);
  if (refused) throw refused;
  const { data, version } = await parseQuote(db, raw, true);
  if (version !== before.version) throw new AppError('CONFLICT', QUOTE_MESSAGES.stale);
  const userId = actor?.id ?? null;
  await changeTransaction(deps, async (tx) => {
    const values = await quoteValues(tx, data);
    const updated = await tx
      .update(quotes)
      .set({ ...values, version: sql`${quotes.version} + 1`, updatedBy: userId })
      .where(and(eq(quotes.id, id), eq(quotes.version, version), sql`${quotes.status} in ('draft', 'sent')`))
      .returning({ version: quotes.version });
    if (updated.length === 0) {
      // Changed meanwhile: answered by the customer (refused as above) or saved by someone else (stale).
      const now = await quoteRow(tx, id);
      throw editRefusal(now) ?? new AppError('CONFLICT', QUOTE_MESSAGES.stale);
    }
    announceChange(tx, { entity: 'quote', id, action: 'updated', by: userId, version: updated[0]!.version });
  });
  return getQuote(deps, id);
}

/** DELETE /api/quotes/{id}/: a draft only (a sent quote's number is on record with the customer). */
export async function deleteQuote(deps: ChangeDeps, actor: Actor, id: number): Promise<void> {
  await changeTransaction(deps, async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
    if (!row) throw quoteNotFound();
    if (row.status !== 'draft') throw new AppError('CONFLICT', QUOTE_MESSAGES.deleteNotDraft);
    await tx.delete(customerLinks).where(and(eq(customerLinks.entityType, 'quote'), eq(customerLinks.entityId, id)));
    await tx.delete(quotes).where(eq(quotes.id, id));
    announceChange(tx, { entity: 'quote', id, action: 'deleted', by: actor?.id ?? null });
  });
}


/**
 * Its email was queued (inside the email's transaction): a draft becomes sent, and every send is
 * announced (quote.sent) with the time of the last one. Other statuses are kept (a resend of an
 * accepted quote stays accepted).
 */
export async function markQuoteSent(tx: ChangeTx, id: number, userId: number | null): Promise<void> {
  const [updated] = await tx
    .update(quotes)
    .set({
      status: sql`case when ${quotes.status} = 'draft' then 'sent' else ${quotes.status} end`,
      sentAt: sql`now()`,
      version: sql`${quotes.version} + 1`,
      updatedBy: userId,
    })
    .where(eq(quotes.id, id))
    .returning({ version: quotes.version });
  if (!updated) throw quoteNotFound();
  announceChange(tx, { entity: 'quote', id, action: 'sent', by: userId, version: updated.version });
}

/** "Mark as sent" (handed over or sent by other means): the same as an email of it, without the email. */
export async function markSent(deps: ChangeDeps, actor: Actor, id: number): Promise<QuoteView> {
  await changeTransaction(deps, (tx) => markQuoteSent(tx, id, actor?.id ?? null));
  return getQuote(deps, id);
}
