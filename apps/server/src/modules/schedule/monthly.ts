import { and, between, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { addMonths, monthlyFigures, monthsThrough, todayIso } from '@icehouse/domain';
import { invoices, orderMonthCounts } from '@icehouse/db/schema';
import type { AppDeps } from '../../deps';
import { preparedQuery } from '../../prepared-query';
import type { monthlyFiguresAnswer } from './schemas';

export type MonthlyFiguresView = z.output<typeof monthlyFiguresAnswer>;

/**
 * Orders and invoiced revenue per month for the 12 months ending with `through` (default: the
 * current month of the server's calendar, as todayIso), oldest first, empty months as zero.
 *
 * - orders: orders dated in the month, voided not counted (the dashboard's by-month table's rule),
 *   read from the month counters (order_month_counts): a few rows whatever the number of orders;
 * - revenue: the invoices dated in the month, the sum of their stored totals (the domain's invoice
 *   totals rule wrote them), added by PostgreSQL's numeric (exact) and then by the domain's
 *   addMoney: no float anywhere (decision 112). The invoices' (date, id) index finds the year.
 */
export async function monthlyFiguresOf(
  deps: Pick<AppDeps, 'database'>,
  through: string | undefined,
): Promise<MonthlyFiguresView> {
  const last = through ?? todayIso().slice(0, 7);
  const months = monthsThrough(last);
  const first = `${months[0]}-01`;
  const queries = preparedQuery(deps.database.db, 'schedule.monthly', (db) => {
    const orderMonth = sql<string>`to_char(${orderMonthCounts.month}, 'YYYY-MM')`;
    const invoiceMonth = sql<string>`to_char(${invoices.date}, 'YYYY-MM')`;
    return {
      orders: db
        .select({ month: orderMonth, orders: sql<number>`sum(${orderMonthCounts.orders})::int` })
        .from(orderMonthCounts)
        .where(
          and(
            between(orderMonthCounts.month, sql.placeholder('first'), sql.placeholder('lastMonth')),
            ne(orderMonthCounts.status, 'voided'),
          ),
        )
        .groupBy(orderMonth)
        .prepare('schedule_monthly_orders'),
      revenue: db
        .select({ month: invoiceMonth, revenue: sql<string>`sum(${invoices.totalAmount})::text` })
        .from(invoices)
        .where(
          and(
            sql`${invoices.date} >= ${sql.placeholder('first')}::date`,
            sql`${invoices.date} < ${sql.placeholder('after')}::date`,
          ),
        )
        .groupBy(invoiceMonth)
        .prepare('schedule_monthly_revenue'),
    };
  });
  const after = `${addMonths(last, 1)}-01`;
  const [orderRows, revenueRows] = await Promise.all([
    queries.orders.execute({ first, lastMonth: `${last}-01` }),
    queries.revenue.execute({ first, after }),
  ]);
  const figures = monthlyFigures(
    months,
    orderRows.map((r) => ({ month: r.month, orders: Number(r.orders) })),
    revenueRows.map((r) => ({ month: r.month, revenue: r.revenue })),
  );
  return { through: last, ...figures };
}
