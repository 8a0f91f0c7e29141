import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { QUOTE_MESSAGES, quoteAcceptSchema, quoteDeclineSchema, todayIso, zodIssuesToFieldErrors } from '@icehouse/domain';
import { quotes } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { announceChange, changeTransaction } from '../../changes';
import { getCompanyInfo } from '../company/service';
import type { ArchivedPdf } from '../documents/archive';
import { quotePdf } from './documents';
import { logLinkEvent, pdfThroughLink, resolveLink, type LinkCaller } from '../links/links';
import { getQuote, shownStatus, type QuoteRow } from './quote-read';
import { quoteAnswerNoticeJob } from './jobs';

/**
 * What a customer does through a link (decision 161): sees the quote's key figures and its PDF, accepts
 * it with a typed name (recorded with the time and the address) or declines it with a comment. Nothing
 * here reads a session or answers anything of the staff's (who made it, notes, links, other documents).
 */

/** The quote as the customer page shows it. */
export async function customerQuote(deps: Pick<AppDeps, 'database'>, caller: LinkCaller, id: number) {
  const db = deps.database.db;
  const link = await resolveLink(db, caller, 'quote', id);
  await logLinkEvent(db, link, caller, 'view');
  return customerView(deps, id);
}

async function customerView(deps: Pick<AppDeps, 'database'>, id: number) {
  const [quote, company] = await Promise.all([getQuote(deps, id), getCompanyInfo(deps)]);
  return {
    quote_number: quote.quote_number,
    company_name: company.name,
    status: quote.status,
    date: quote.date,
    valid_until: quote.valid_until,
    customer_name: quote.customer_name,
    line_items: quote.line_items,
    totals: quote.totals,
    accepted: quote.accepted ? { name: quote.accepted.name, at: quote.accepted.at } : null,
    declined: quote.declined ? { at: quote.declined.at } : null,
    // Only a quote sent to the customer is theirs to answer: a link made by hand for a draft shows it, no more.
    can_respond: quote.status === 'sent',
    version: quote.version,
  };
}

/** The quote's PDF through a link (the archived version; logged). */
export async function customerQuotePdf(deps: Pick<AppDeps, 'database' | 'pdf' | 'blobs'>, caller: LinkCaller, id: number): Promise<ArchivedPdf> {
  return pdfThroughLink(deps.database.db, caller, 'quote', id, () => quotePdf(deps, id, null));
}

/** Why the customer may not answer this quote now (409, nothing changed), or null. */
function answerRefusal(row: QuoteRow, version: unknown): AppError | null {
  if (row.status === 'accepted') return new AppError('CONFLICT', QUOTE_MESSAGES.alreadyAccepted);
  if (row.status === 'converted') return new AppError('CONFLICT', QUOTE_MESSAGES.alreadyConverted);
  if (row.status === 'declined') return new AppError('CONFLICT', QUOTE_MESSAGES.alreadyDeclined);
  if (shownStatus(row, todayIso()) === 'expired') return new AppError('CONFLICT', QUOTE_MESSAGES.expired);
  if (row.status === 'draft') return new AppError('CONFLICT', QUOTE_MESSAGES.notSent);
  // The page sends the version it showed: a quote edited since must be looked at again (decision 160).
  if (version !== undefined && version !== null && Number(version) !== row.version)
    return new AppError('CONFLICT', QUOTE_MESSAGES.changedSinceOpened);
  return null;
}

type AnswerDeps = Pick<AppDeps, 'database' | 'changes' | 'jobs' | 'mailer'>;

async function lockQuote(tx: Db, id: number): Promise<QuoteRow> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  if (!row) throw AppError.notFound(QUOTE_MESSAGES.notFound);
  return row;
}

/**
 * The customer's answer from a link, accepted or declined: the link resolved and logged, the body
 * checked, the quote locked and refused when it cannot be answered (decision 160), its answer and the
 * caller's address recorded; staff hear it live (quote.accepted / quote.declined).
 */
async function answerQuote<T>(
  deps: AnswerDeps,
  caller: LinkCaller,
  id: number,
  body: Record<string, unknown>,
  answer: { action: 'accepted' | 'declined'; schema: z.ZodType<T>; fields: (data: T) => PgUpdateSetSource<typeof quotes> },
) {
  const link = await resolveLink(deps.database.db, caller, 'quote', id);
  const parsed = answer.schema.safeParse(body);
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  await changeTransaction(deps, async (tx) => {
    const row = await lockQuote(tx, id);
    const refused = answerRefusal(row, body.version);
    if (refused) throw refused;
    const [updated] = await tx
      .update(quotes)
      .set({ ...answer.fields(parsed.data), status: answer.action, version: sql`${quotes.version} + 1` })
      .where(eq(quotes.id, id))
      .returning({ version: quotes.version });
    await logLinkEvent(tx, link, caller, answer.action === 'accepted' ? 'accept' : 'decline');
    announceChange(tx, { entity: 'quote', id, action: answer.action, by: null, version: updated!.version });
    // Whoever sent the quote hears of the answer by email too (the signed-in staff see it live).
    if (deps.mailer) await deps.jobs.send(quoteAnswerNoticeJob, { quoteId: id, action: answer.action }, { tx });
  });
  if (deps.mailer) deps.jobs.wake(quoteAnswerNoticeJob);
  return customerView(deps, id);
}

/** Accepts the quote: the typed name, the time and the address recorded. */
export function acceptQuote(deps: AnswerDeps, caller: LinkCaller, id: number, body: Record<string, unknown>) {
  return answerQuote(deps, caller, id, body, {
    action: 'accepted',
    schema: quoteAcceptSchema,
    fields: (data) => ({ acceptedName: data.name, acceptedAt: sql`now()`, acceptedIp: caller.ip }),
  });
}

/** Declines the quote with the customer's comment, the time and the address. */
export function declineQuote(deps: AnswerDeps, caller: LinkCaller, id: number, body: Record<string, unknown>) {
  return answerQuote(deps, caller, id, body, {
    action: 'declined',
    schema: quoteDeclineSchema,
    fields: (data) => ({ declinedComment: data.comment, declinedAt: sql`now()`, declinedIp: caller.ip }),
  });
}
