import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { creditOf, customerCreditOf, roundCents } from '@icehouse/domain';
import { invoices, orderDeposits, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { customerInvoiceIds } from '../ledger/invoice-owner';
import type { z } from 'zod';
import type { creditSourceAnswer } from './schemas';

/**
 * Where a customer's credit sits (decision 174): their invoices paid past their total (the domain's
 * creditOf), and their voided orders still holding deposits. `credit` is the domain's customerCreditOf
 * of the two; the customer's page and the credit screen read this one function.
 */
export async function creditSources(
  db: Db,
  customerId: number,
): Promise<{ credit: string; sources: z.output<typeof creditSourceAnswer>[] }> {
  const [overpaid, voided] = await Promise.all([
    db
      .select({
        id: invoices.id,
        number: invoices.invoiceNumber,
        total: invoices.totalAmount,
        paid: invoices.paymentsCredits,
      })
      .from(invoices)
      .where(
        and(
          sql`${invoices.id} in ${customerInvoiceIds(customerId)}`,
          gt(invoices.paymentsCredits, invoices.totalAmount),
        ),
      )
      .orderBy(asc(invoices.date), asc(invoices.id)),
    db
      .select({
        id: orders.id,
        door: orders.doorNumber,
        held: sql<string>`coalesce(sum(${orderDeposits.amount}), 0)::numeric(14, 2)::text`,
      })
      .from(orders)
      .innerJoin(orderDeposits, eq(orderDeposits.orderId, orders.id))
      .where(and(eq(orders.customerId, customerId), eq(orders.status, 'voided')))
      .groupBy(orders.id, orders.doorNumber)
      .orderBy(asc(orders.id)),
  ]);
  const held = voided.filter((o) => roundCents(o.held).greaterThan(0));
  return {
    credit: customerCreditOf(
      overpaid,
      held.map((o) => o.held),
    ),
    sources: [
      ...overpaid.map((i) => ({
        kind: 'invoice' as const,
        invoice_id: i.id,
        invoice_number: i.number,
        order_id: null,
        door_number: null,
        amount: creditOf(i.total, i.paid),
      })),
      ...held.map((o) => ({
        kind: 'voided_order' as const,
        invoice_id: null,
        invoice_number: null,
        order_id: o.id,
        door_number: o.door,
        amount: roundCents(o.held).toFixed(2),
      })),
    ],
  };
}
