import { sql } from 'drizzle-orm';
import { rowsOf } from '@icehouse/db';
import type { Database } from '@icehouse/db/client';

/**
 * Links orders that have no customer to customers (decision 071), grouping them
 * by their billing name and address normalised by the database's customer_match_key() (each part
 * trimmed, runs of white space made one space, case-folded; migration 0011):
 *
 * - a group whose key is a customer's (their name and billing address, normalised the same way)
 *   joins that customer (the oldest, when several share the key);
 * - any other group becomes a new customer, named and addressed as the group's newest order,
 *   with its phone.
 *
 * Orders without a billing name stay unlinked. Idempotent: a second run finds nothing to link
 * and changes nothing. One transaction, under an advisory lock, so two instances starting at once
 * do not both create the same customers. Orders keep their own addresses; only customer_id is set
 * (their version and updated_at are unchanged: nothing a user typed changed).
 */

export interface LinkedGroup {
  customer_id: number;
  name: string;
  created: boolean;
  orders: number;
  /** The billing names as the orders spell them, when they differ (what was merged). */
  spellings: string[];
}

export interface LinkReport {
  orders_linked: number;
  customers_created: number;
  customers_reused: number;
  /** Every customer that received orders, most orders first. */
  groups: LinkedGroup[];
}

/** Any constant: the advisory lock of the linking. */
const LINK_LOCK = 16_0001;

const UNLINKED = sql`select o."id", o."date", o."phone", a."name", a."street", a."city", a."state", a."zip_code", a."country",
    customer_match_key(a."name", a."street", a."city", a."state", a."zip_code", a."country") as "key"
  from "orders" o join "addresses" a on a."id" = o."billing_address_id"
  where o."customer_id" is null and btrim(a."name") <> ''`;

const CUSTOMER_KEYS = sql`select distinct on ("key") "id", "key" from (
    select c."id", customer_match_key(c."name", c."billing_street", c."billing_city", c."billing_state",
      c."billing_zip_code", c."billing_country") as "key" from "customers" c) k
  order by "key", "id"`;

/** Collapses white space and trims, as the key does (without case-folding): a customer's name as shown. */
const tidy = (column: string) => sql.raw(`btrim(regexp_replace(u."${column}", '\\s+', ' ', 'g'))`);

export async function linkOrdersToCustomers(database: Database): Promise<LinkReport> {
  const db = database.db;
  const empty: LinkReport = { orders_linked: 0, customers_created: 0, customers_reused: 0, groups: [] };
  const pending = rowsOf<{ any: boolean }>(
    await db.execute(sql`select exists (select 1 from "orders" where "customer_id" is null) as "any"`),
  );
  if (!pending[0]?.any) return empty;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LINK_LOCK})`);
    const created = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into "customers" ("name", "phone", "billing_street", "billing_city", "billing_state",
          "billing_zip_code", "billing_country")
        select distinct on (u."key") ${tidy('name')}, u."phone", ${tidy('street')}, ${tidy('city')}, ${tidy('state')},
          ${tidy('zip_code')}, ${tidy('country')}
        from (${UNLINKED}) u
        where not exists (select 1 from (${CUSTOMER_KEYS}) c where c."key" = u."key")
        order by u."key", u."date" desc, u."id" desc
        returning "id"`),
    );
    const linked = rowsOf<{ customer_id: number; name: string; orders: number; spellings: string[] }>(
      await tx.execute(sql`with "linked" as (
          update "orders" o set "customer_id" = c."id"
          from (${UNLINKED}) u join (${CUSTOMER_KEYS}) c on c."key" = u."key"
          where o."id" = u."id"
          returning o."id", c."id" as "customer_id", u."name")
        select l."customer_id", cu."name", count(*)::int as "orders",
          array_agg(distinct l."name") as "spellings"
        from "linked" l join "customers" cu on cu."id" = l."customer_id"
        group by l."customer_id", cu."name"
        order by count(*) desc, l."customer_id"`),
    );
    if (linked.length === 0) return empty;
    const createdIds = new Set(created.map((c) => Number(c.id)));
    const groups = linked.map((g) => ({
      customer_id: Number(g.customer_id),
      name: g.name,
      created: createdIds.has(Number(g.customer_id)),
      orders: Number(g.orders),
      // Code-unit order (the same on every database collation).
      spellings: g.spellings.length > 1 ? [...g.spellings].sort() : [],
    }));
    return {
      orders_linked: groups.reduce((n, g) => n + g.orders, 0),
      customers_created: created.length,
      customers_reused: groups.filter((g) => !g.created).length,
      groups,
    };
  });
}

/** The report as the CLI prints it: totals, then every group that merged several spellings. */
export function linkReportLines(report: LinkReport, limit = Infinity): string[] {
  const lines = [
    `Linked ${report.orders_linked} order(s): ${report.customers_created} new customer(s), ${report.customers_reused} existing customer(s).`,
  ];
  const merged = report.groups.filter((g) => g.spellings.length > 1);
  if (merged.length > 0) lines.push(`${merged.length} group(s) merged several spellings of a billing name:`);
  for (const g of merged.slice(0, limit)) {
    lines.push(
      `  #${g.customer_id} ${g.name} (${g.orders} orders): ${g.spellings.map((s) => JSON.stringify(s)).join(', ')}`,
    );
  }
  if (merged.length > limit) lines.push(`  ... and ${merged.length - limit} more`);
  return lines;
}
