import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import type { z } from 'zod';
import { AGING_BUCKETS, toMoneyString } from '@icehouse/domain';
import type { DbDeps } from '../../deps';
import type { agingAnswer } from './schemas';

export type AgingReport = z.output<typeof agingAnswer>;

/**
 * Accounts receivable aging (issue 16 item 3): the invoices with a balance (balance_due > 0,
 * stored by the domain's rule), by customer, in the domain's AGING_BUCKETS by days past the due
 * date (the invoice date when it has none) as of `as_of`. The customer is the one linked to the
 * invoice's oldest linked order (orders.customer_id); invoices whose orders are not linked are
 * grouped by their bill-to name (trimmed, any case) instead (decision 079).
 */
export async function agingReport(deps: DbDeps, input: { as_of: string }): Promise<AgingReport> {
  const late = sql`(${input.as_of}::date - coalesce(i.due_date, i.date))`;
  let lower: number | null = null;
  const bucketSums: SQL[] = [];
  for (const b of AGING_BUCKETS) {
    const conditions: SQL[] = [];
    if (lower !== null) conditions.push(sql`${late} >= ${sql.raw(String(lower))}`);
    if (b.maxDays !== null) conditions.push(sql`${late} <= ${sql.raw(String(b.maxDays))}`);
    const where = sql.join(conditions, sql` and `);
    const sum = sql`coalesce(sum(i.balance_due) filter (where ${where}), 0)`;
    bucketSums.push(sql`${sum}::text as ${sql.identifier(b.key)}`);
    bucketSums.push(sql`(sum(${sum}) over ())::text as ${sql.identifier(`all_${b.key}`)}`);
    lower = b.maxDays === null ? null : b.maxDays + 1;
  }
  const result = await deps.database.db.execute(sql`
    select c.id as "customer_id",
      coalesce(min(c.name), min(btrim(i.bill_to->>'name')), '') as "customer_name",
      count(*)::int as "invoices",
      ${sql.join(bucketSums, sql`, `)},
      sum(i.balance_due)::text as "total",
      (sum(sum(i.balance_due)) over ())::text as "all_total"
    from invoices i
    left join lateral (
      select o.customer_id from invoice_orders io join orders o on o.id = io.order_id
      where io.invoice_id = i.id and o.customer_id is not null
      order by o.date, o.id limit 1
    ) linked on true
    left join customers c on c.id = linked.customer_id
    where i.balance_due > 0
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
