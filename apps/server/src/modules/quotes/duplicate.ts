import { todayIso } from '@icehouse/domain';
import type { ChangeDeps } from '../../deps';
import { quoteRow, type QuoteView } from './quote-read';
import { createQuote } from './quote-write';

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * POST /api/quotes/{id}/duplicate/: a new draft quote with the same order-form fields and lines as this one, in any
 * status (a declined or expired quote revised as a counter-offer, a converted one quoted again): the next number,
 * dated today, valid for as many days as the original was, priced by the order's rule with today's sales tax rate.
 * The fields are checked again as a save checks them (a product or option gone from the catalogue is a 400 on its
 * field). The original is left as it is.
 */
export async function duplicateQuote(deps: ChangeDeps, actor: { id: number } | null, id: number): Promise<QuoteView> {
  const source = await quoteRow(deps.database.db, id);
  const today = todayIso();
  const days = Math.max(0, dayNumber(source.validUntil) - dayNumber(source.date));
  // A new quote made from the original's fields: the same checks, number and announcement as any new quote.
  return createQuote(deps, actor, { ...source.fields, date: today, valid_until: isoOfDay(dayNumber(today) + days) });
}
