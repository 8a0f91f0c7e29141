import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import type { z } from 'zod';
import { AGING_BUCKETS, agingBucketOf, toMoneyString, type AgingBucket } from '@icehouse/domain';
import type { DbDeps } from '../../deps';
import { invoicesDueAsOf } from '../ledger/invoice-owner';
import type { agingAnswer, agingInvoicesAnswer, agingInvoicesInput } from './schemas';

export type AgingReport = z.output<typeof agingAnswer>;
export type AgingInvoices = z.output<typeof agingInvoicesAnswer>;

/** Days past due as of `asOf` (the invoice date stands in for a missing due date). */
const lateAsOf = (asOf: string) => sql`(${asOf}::date - coalesce(i.due_date, i.date))`;

/** The SQL condition of a bucket: its days past due between the previous bucket's bound and its own. */
function bucketCondition(key: AgingBucket, late: SQL): SQL {
  let lower: number | null = null;
  for (const b of AGING_BUCKETS) {
    if (b.key === key) {
      const conditions: SQL[] = [];
      if (lower !== null) conditions.push(sql`${late} >= ${sql.raw(String(lower))}`);
      if (b.maxDays !== null) conditions.push(sql`${late} <= ${sql.raw(String(b.maxDays))}`);
      return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
    }
    lower = b.maxDays === null ? null : b.maxDays + 1;
  }
  throw new Error(`Unknown aging bucket ${key}`);
}

/**
 * Accounts receivable aging: the invoices that ask for something on `as_of` (the ledger's amount due on
 * that day: their total less their ledger's entries up to it, ledger/invoice-owner.ts), by the customer
 * who owes them (decision 237), in the domain's AGING_BUCKETS by days past the due date (the invoice
 * date when it has none). Invoices owed by no customer are grouped by their bill-to name (trimmed, any
 * case) instead (decision 079).
 */
export async function agingReport(deps: DbDeps, input: { as_of: string }): Promise<AgingReport> {
  const late = lateAsOf(input.as_of);
  const bucketSums: SQL[] = [];
  for (const b of AGING_BUCKETS) {
    const sum = sql`coalesce(sum(i.amount_due) filter (where ${bucketCondition(b.key, late)}), 0)`;
    bucketSums.push(sql`${sum}::text as ${sql.identifier(b.key)}`);
    bucketSums.push(sql`(sum(${sum}) over ())::text as ${sql.identifier(`all_${b.key}`)}`);
  }
  const result = await deps.database.db.execute(sql`
    select c.id as "customer_id",
      coalesce(min(c.name), min(btrim(i.bill_to->>'name')), '') as "customer_name",
      count(*)::int as "invoices",
      ${sql.join(bucketSums, sql`, `)},
      sum(i.amount_due)::text as "total",
      (sum(sum(i.amount_due)) over ())::text as "all_total"
    from ${invoicesDueAsOf(input.as_of)} i
    left join customers c on c.id = i.customer_id
    where i.amount_due > 0
    group by c.id, case when c.id is null then lower(btrim(i.bill_to->>'name')) end
    order by 2, 1`);
  const raw = rowsOf<Record<string, unknown>>(result);
  const keys = [...AGING_BUCKETS.map((b) => b.key), 'total'] as const;
  const rows = raw.map((r) => ({
    customer_id: r.customer_id === null ? null : Number(r.customer_id),
    customer_name: String(r.customer_name ?? ''),
    invoices: Number(r.invoices),
    ...(Object.fromEntries(keys.map((k) => [k, toMoneyString(r[k])])) as Record<
      (typeof keys)[number],
      string
    >),
  }));
  // The column totals come with every row (exact numeric sums over the groups, `sum(...) over ()`).
  const total = {
    invoices: rows.reduce((n, r) => n + r.invoices, 0),
    ...(Object.fromEntries(keys.map((k) => [k, toMoneyString(raw[0]?.[`all_${k}`] ?? 0)])) as Record<
      (typeof keys)[number],
      string
    >),
  };
  return { as_of: input.as_of, rows, total };
}

/**
 * The invoices behind a figure of the aging report: those asking for something on `as_of`, of one
 * customer (or, unlinked, one bill-to name, any case) or all, in one bucket or all, as of `as_of`;
 * oldest due first. Their balances add up to the report's cell.
 */
export async function agingInvoices(
  deps: DbDeps,
  input: z.output<typeof agingInvoicesInput>,
): Promise<AgingInvoices> {
  const late = lateAsOf(input.as_of);
  const conditions: SQL[] = [sql`i.amount_due > 0`];
  if (input.bucket) conditions.push(bucketCondition(input.bucket, late));
  if (input.customer_id !== undefined) conditions.push(sql`c.id = ${input.customer_id}`);
  else if (input.customer_name !== undefined)
    conditions.push(
      sql`c.id is null and lower(btrim(i.bill_to->>'name')) = lower(btrim(${input.customer_name}))`,
    );
  const result = await deps.database.db.execute(sql`
    select i.id, i.invoice_number, i.date::text as "date", i.due_date::text as "due_date",
      i.amount_due::text as "balance_due", ${late} as "days_past_due",
      coalesce(c.name, btrim(i.bill_to->>'name'), '') as "customer_name"
    from ${invoicesDueAsOf(input.as_of)} i
    left join customers c on c.id = i.customer_id
    where ${sql.join(conditions, sql` and `)}
    order by coalesce(i.due_date, i.date), i.id`);
  const results = rowsOf<Record<string, unknown>>(result).map((r) => {
    const due = r.due_date === null ? null : String(r.due_date);
    return {
      id: Number(r.id),
      invoice_number: String(r.invoice_number),
      date: String(r.date),
      due_date: due,
      customer_name: String(r.customer_name ?? ''),
      balance_due: toMoneyString(r.balance_due),
      days_past_due: Number(r.days_past_due),
      bucket: agingBucketOf(due ?? String(r.date), input.as_of),
    };
  });
  return { as_of: input.as_of, results };
}
