import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { openQuotesOf, receivablesOf, todayIso } from '@icehouse/domain';
import { quotes } from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import { agingInvoices } from './aging';
import type { dashboardAnswer } from './schemas';

/**
 * The dashboard's figures (decision 251): the open quotes (the domain's openQuotesOf over the quotes sent, read
 * from their table: a count and a sum, nothing of the quotes module's own) and the receivables of today from
 * the one ledger, as the aging report reads them (agingInvoices: each open invoice's amount due and bucket),
 * added up by the domain's receivablesOf.
 */
export async function dashboardFigures(deps: DbDeps, today = todayIso()): Promise<z.output<typeof dashboardAnswer>> {
  const [sent, due] = await Promise.all([
    deps.database.db
      .select({ status: quotes.status, validUntil: quotes.validUntil, total: quotes.total })
      .from(quotes)
      .where(inArray(quotes.status, ['sent'])),
    agingInvoices(deps, { as_of: today, bucket: undefined, customer_id: undefined, customer_name: undefined }),
  ]);
  return {
    open_quotes: openQuotesOf(sent, today),
    receivables: { as_of: today, ...receivablesOf(due.results.map((i) => ({ amountDue: i.balance_due, bucket: i.bucket }))) },
  };
}
