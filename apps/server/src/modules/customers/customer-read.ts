import { asc, desc, eq, sql } from 'drizzle-orm';
import { customerBalanceOf, statusLabel, toMoneyString } from '@icehouse/domain';
import { creditSources } from '../credit/credit-sources';
import { customerAddresses, customers, invoiceOrders, invoices, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { customerBalanceSums, customerInvoiceIds } from '../ledger/invoice-owner';
import {
  CUSTOMER_RECENT_ROWS,
  billingAddressOf,
  notFound,
  shipToView,
  type CustomerView,
  type DbDeps,
} from './customer-views';

/**
 * One customer: contact, billing address, ship-to addresses, notes, their newest orders and the
 * invoices they owe (decision 237), and their balance: the ledger's sums (ledger/invoice-owner.ts) and
 * the domain's customerBalanceOf of them.
 */
export async function getCustomer(deps: DbDeps, id: number): Promise<CustomerView> {
  return customerView(deps.database.db, id);
}

export async function customerView(db: Db, id: number): Promise<CustomerView> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw notFound();
  const customerInvoices = customerInvoiceIds(id);
  const [shipTo, orderRows, orderCount, invoiceRows, totals] = await Promise.all([
    db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, id))
      .orderBy(asc(customerAddresses.position), asc(customerAddresses.id)),
    db
      .select({
        id: orders.id,
        status: orders.status,
        date: orders.date,
        doorNumber: orders.doorNumber,
        customerPoJobName: orders.customerPoJobName,
        invoiceId: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
      })
      .from(orders)
      .leftJoin(invoiceOrders, eq(invoiceOrders.orderId, orders.id))
      .leftJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
      .where(eq(orders.customerId, id))
      .orderBy(desc(orders.date), desc(orders.id))
      .limit(CUSTOMER_RECENT_ROWS),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.customerId, id)),
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        date: invoices.date,
        dueDate: invoices.dueDate,
        totalAmount: invoices.totalAmount,
        paymentsCredits: invoices.paymentsCredits,
        balanceDue: invoices.balanceDue,
      })
      .from(invoices)
      .where(sql`${invoices.id} in ${customerInvoices}`)
      .orderBy(desc(invoices.date), desc(invoices.id))
      .limit(CUSTOMER_RECENT_ROWS),
    db
      .select({
        count: sql<number>`count(*)::int`,
        ...customerBalanceSums(id),
      })
      .from(invoices)
      .where(sql`${invoices.id} in ${customerInvoices}`),
  ]);
  const sums = totals[0] ?? { count: 0, invoiced: '0.00', paid: '0.00', depositsHeld: '0.00' };
  const { credit } = await creditSources(db, id);
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    billing_address: billingAddressOf(row),
    notes: row.notes,
    payment_terms: row.paymentTerms,
    ship_to: shipTo.map(shipToView),
    orders: orderRows.map((o) => ({
      id: o.id,
      status: o.status,
      status_display: statusLabel(o.status),
      date: o.date,
      door_number: o.doorNumber,
      customer_po_job_name: o.customerPoJobName,
      invoice_id: o.invoiceId,
      invoice_number: o.invoiceNumber,
    })),
    order_count: Number(orderCount[0]?.count ?? 0),
    invoices: invoiceRows.map((i) => ({
      id: i.id,
      invoice_number: i.invoiceNumber,
      date: i.date,
      due_date: i.dueDate,
      total_amount: i.totalAmount,
      payments_credits: i.paymentsCredits,
      balance_due: i.balanceDue,
    })),
    invoice_count: Number(sums.count),
    balance: {
      invoiced: sums.invoiced,
      paid: sums.paid,
      deposits_held: toMoneyString(sums.depositsHeld),
      balance: customerBalanceOf(sums.invoiced, sums.paid, sums.depositsHeld),
      credit,
    },
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
