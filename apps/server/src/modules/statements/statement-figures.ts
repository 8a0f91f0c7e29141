import { eq, isNotNull, sql } from 'drizzle-orm';
import {
  Decimal,
  STATEMENT_MESSAGES,
  customerStatement,
  roundCents,
  statementPeriodSchema,
  todayIso,
  toMoneyString,
  zodIssuesToFieldErrors,
  type StatementFigures,
  type StatementInvoice,
  type StatementPeriod,
  type StatementSourceEntry,
} from '@icehouse/domain';
import { creditNotes, customers, invoiceOrders, invoicePayments, invoices, orderDeposits, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import { billingAddressOf } from '../customers/customer-views';

/**
 * The records a statement is made of (decision 200), read for one customer or for every customer at
 * once (the batch): the invoices of their orders (a combined invoice counts for each of its customers,
 * as on the customer's page), those invoices' payments ledger, and their orders' deposit accounts. The
 * figures are the domain's customerStatement of them: nothing is added up here.
 */

export interface CustomerRecords {
  entries: StatementSourceEntry[];
  invoices: { id: number; invoiceNumber: string; date: string; dueDate: string | null; total: string }[];
  /** Each invoice's ledger entries (date, amount), to sum what was paid by the statement's end. */
  ledger: Map<number, { date: string; amount: string }[]>;
}

const emptyRecords = (): CustomerRecords => ({ entries: [], invoices: [], ledger: new Map() });

/** The period checked (400 with messages on from / to), `to` not after the server's today. */
export function parsePeriod(input: unknown): StatementPeriod {
  const parsed = statementPeriodSchema(todayIso()).safeParse(input ?? {});
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  return parsed.data;
}

/** Every record of these customers (one customer, or all with `null`), by customer id. */
export async function recordsByCustomer(db: Db, customerId: number | null): Promise<Map<number, CustomerRecords>> {
  const whose = customerId === null ? isNotNull(orders.customerId) : eq(orders.customerId, customerId);
  const customerInvoices = db
    .selectDistinct({ customerId: sql<number>`${orders.customerId}`.as('customer_id'), invoiceId: invoiceOrders.invoiceId })
    .from(invoiceOrders)
    .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
    .where(whose)
    .as('ci');
  const [invoiceRows, ledgerRows, depositRows] = await Promise.all([
    db
      .select({
        customerId: customerInvoices.customerId,
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        date: invoices.date,
        dueDate: invoices.dueDate,
        total: invoices.totalAmount,
      })
      .from(customerInvoices)
      .innerJoin(invoices, eq(invoices.id, customerInvoices.invoiceId)),
    db
      .select({
        customerId: customerInvoices.customerId,
        id: invoicePayments.id,
        invoiceId: invoicePayments.invoiceId,
        invoiceNumber: invoices.invoiceNumber,
        kind: invoicePayments.kind,
        date: invoicePayments.date,
        amount: invoicePayments.amount,
        reference: invoicePayments.reference,
        pairedId: invoicePayments.pairedId,
        creditNoteNumber: creditNotes.creditNoteNumber,
      })
      .from(customerInvoices)
      .innerJoin(invoicePayments, eq(invoicePayments.invoiceId, customerInvoices.invoiceId))
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .leftJoin(creditNotes, eq(creditNotes.id, invoicePayments.creditNoteId)),
    db
      .select({
        customerId: orders.customerId,
        id: orderDeposits.id,
        kind: orderDeposits.kind,
        date: orderDeposits.date,
        amount: orderDeposits.amount,
        reference: orderDeposits.reference,
        doorNumber: orders.doorNumber,
        invoicePaymentId: orderDeposits.invoicePaymentId,
      })
      .from(orderDeposits)
      .innerJoin(orders, eq(orders.id, orderDeposits.orderId))
      .where(whose),
  ]);
  const byCustomer = new Map<number, CustomerRecords>();
  const of = (id: number) => {
    let r = byCustomer.get(id);
    if (!r) byCustomer.set(id, (r = emptyRecords()));
    return r;
  };
  for (const i of invoiceRows) {
    const r = of(Number(i.customerId));
    r.invoices.push({ id: i.id, invoiceNumber: i.invoiceNumber, date: i.date, dueDate: i.dueDate, total: i.total });
    r.entries.push({ date: i.date, source: 'invoice', id: i.id, amount: i.total, document: `Invoice ${i.invoiceNumber}` });
  }
  for (const p of ledgerRows) {
    const r = of(Number(p.customerId));
    r.ledger.set(p.invoiceId, [...(r.ledger.get(p.invoiceId) ?? []), { date: p.date, amount: p.amount }]);
    // A deposit moved onto the invoice and credit applied are moves between the customer's own records.
    const transfer = p.kind === 'deposit' ? `ip:${p.id}` : p.kind === 'credit' ? `ip:${p.pairedId ?? p.id}` : null;
    r.entries.push({
      date: p.date,
      source: `ledger:${p.kind}`,
      id: p.id,
      amount: p.amount,
      document: `Invoice ${p.invoiceNumber}`,
      detail: p.creditNoteNumber ?? p.reference,
      transfer,
    });
  }
  for (const d of depositRows) {
    if (d.customerId === null) continue;
    const r = of(d.customerId);
    r.entries.push({
      date: d.date,
      source: `deposit:${d.kind}`,
      id: d.id,
      amount: d.amount,
      document: `Order ${d.doorNumber}`,
      detail: d.reference,
      transfer: d.invoicePaymentId === null ? null : `ip:${d.invoicePaymentId}`,
    });
  }
  return byCustomer;
}

/** The domain's statement of these records for the period. */
export function figuresOf(records: CustomerRecords, period: StatementPeriod): StatementFigures {
  const invoicesAsOf: StatementInvoice[] = records.invoices.map((i) => ({
    invoiceNumber: i.invoiceNumber,
    date: i.date,
    dueDate: i.dueDate,
    total: i.total,
    paidByTo: toMoneyString(
      (records.ledger.get(i.id) ?? [])
        .filter((p) => p.date <= period.to)
        .reduce((s, p) => s.plus(roundCents(p.amount)), new Decimal(0)),
    ),
  }));
  return customerStatement({ ...period, entries: records.entries, invoices: invoicesAsOf });
}

export type CustomerRow = typeof customers.$inferSelect;

export async function customerRow(db: Db, id: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw AppError.notFound(STATEMENT_MESSAGES.customerNotFound);
  return row;
}

/** GET /api/customers/{id}/statement/?from&to: the statement of the period, computed now (nothing stored). */
export async function liveStatement(db: Db, customerId: number, input: unknown) {
  const period = parsePeriod(input);
  const customer = await customerRow(db, customerId);
  const records = (await recordsByCustomer(db, customerId)).get(customerId) ?? emptyRecords();
  return {
    customer_id: customer.id,
    customer_name: customer.name,
    customer_email: customer.email,
    bill_to: billingAddressOf(customer),
    ...figuresOf(records, period),
  };
}

export { emptyRecords };
