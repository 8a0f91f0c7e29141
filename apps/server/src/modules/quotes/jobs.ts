import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatMoney } from '@icehouse/domain';
import { emailMessages, quotes, users } from '@icehouse/db/schema';
import { defineJob } from '../../jobs/define';
import type { DbDeps } from '../../deps';
import { fromAddress } from '../outbox/settings';
import { getQuote } from './quote-read';

/** The jobs of the quotes module (listed in src/jobs/all-jobs.ts). */

const answerNoticeData = z.object({ quoteId: z.number().int().positive(), action: z.enum(['accepted', 'declined']) });

/**
 * Who sent the quote, to be told of the customer's answer: whoever emailed it last; a quote handed over by other
 * means (Mark as sent), whoever made it. Null when that user is gone or has no email address.
 */
export async function quoteSenderEmail(deps: DbDeps, quoteId: number): Promise<string | null> {
  const db = deps.database.db;
  const [emailed] = await db
    .select({ userId: emailMessages.createdBy })
    .from(emailMessages)
    .where(and(eq(emailMessages.kind, 'quote'), eq(emailMessages.recordId, quoteId)))
    .orderBy(desc(emailMessages.id))
    .limit(1);
  const [quote] = await db.select({ createdBy: quotes.createdBy }).from(quotes).where(eq(quotes.id, quoteId));
  const userId = emailed?.userId ?? quote?.createdBy ?? null;
  if (userId === null) return null;
  const [user] = await db.select({ email: users.email, active: users.isActive }).from(users).where(eq(users.id, userId));
  const email = user?.active ? (user.email ?? '').trim() : '';
  return email || null;
}

/**
 * Emails the staff user who sent a quote that the customer accepted or declined it (the signed-in staff see it live
 * too). A plain message, no attachment, with the quote's address in the app. Its Message-ID is fixed per quote and
 * answer, so a run repeated after a crash sends the same message again, which mail clients show once.
 */
export const quoteAnswerNoticeJob = defineJob({
  name: 'quote-answer-notice',
  label: "Tell a quote's sender of the customer's answer",
  data: answerNoticeData,
  describe: async ({ database, data }) => {
    const [row] = await database.db.select({ number: quotes.quoteNumber }).from(quotes).where(eq(quotes.id, data.quoteId));
    return row ? `Quote #${row.number} ${data.action}: notice to its sender` : null;
  },
  retryLimit: 4,
  retryDelay: 30,
  expireInSeconds: 120,
  run: async ({ deps, data }) => {
    if (!deps.mailer) return;
    const to = await quoteSenderEmail(deps, data.quoteId);
    if (!to) return;
    const from = await fromAddress(deps);
    if (!from) throw new Error('No From address: set one in Company Information.');
    const quote = await getQuote(deps, data.quoteId);
    const mail = quoteAnswerNotice(quote, data.action, `${deps.publicBaseUrl.replace(/\/+$/, '')}/quotes/${quote.id}`);
    await deps.mailer.send({ from, to: [to], cc: [], ...mail, messageId: `<quote-${quote.id}-${data.action}@icehouse.invalid>` });
  },
});

type QuoteShown = Awaited<ReturnType<typeof getQuote>>;

/** The notice's subject and text: which quote, for whom, its total, the customer's name or comment, where to open it. */
export function quoteAnswerNotice(quote: QuoteShown, action: 'accepted' | 'declined', url: string) {
  const who = quote.customer_name || 'The customer';
  const said =
    action === 'accepted'
      ? `${who} accepted quote ${quote.quote_number} (${formatMoney(quote.totals.total)}), signed "${quote.accepted?.name ?? ''}". Convert it to an order when you are ready.`
      : `${who} declined quote ${quote.quote_number} (${formatMoney(quote.totals.total)}).` +
        (quote.declined?.comment ? ` Their comment: "${quote.declined.comment}"` : ' They left no comment.') +
        ' Duplicate it to make a revised quote.';
  return {
    subject: `Quote ${quote.quote_number} ${action} by ${who}`,
    text: `${said}\n\nOpen the quote: ${url}\n`,
  };
}
