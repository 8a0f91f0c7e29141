import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  Decimal,
  customerStatement,
  roundCents,
  toMoneyString,
  type StatementFigures,
  type StatementInvoice,
  type StatementPeriod,
  type StatementSourceEntry,
} from '@icehouse/domain';
import { creditNotes, invoiceOrders, invoicePayments, invoices, orderDeposits, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { isFirstOrderOfItsInvoice } from './invoice-owner';

/**
 * The records of customers' ledgers (decision 237), read for one customer or for every customer at once:
 * the invoices they owe (invoice-owner.ts), every entry of those invoices' payments ledger, and every
 * entry of their orders' deposit accounts, each with when it was recorded. The figures are the domain's
 * customerLedger / customerStatement of them: nothing is added up here.
 */

export interface CustomerRecords {
  entries: StatementSourceEntry[];
  invoices: { id: number; invoiceNumber: string; date: string; dueDate: string | null; total: string }[];
  /** Each invoice's ledger entries (date, amount), to sum what was paid by the statement's end. */
  ledger: Map<number, { date: string; amount: string }[]>;
}

export const emptyRecords = (): CustomerRecords => ({ entries: [], invoices: [], ledger: new Map() });

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** Every record of these customers (one customer, or all with `null`), by customer id. */
export async function recordsByCustomer(db: Db, customerId: number | null): Promise<Map<number, CustomerRecords>> {
  const whose = customerId === null ? isNotNull(orders.customerId) : eq(orders.customerId, customerId);
  const owned = db
    .select({ customerId: sql<number>`${orders.customerId}`.as('customer_id'), invoiceId: invoiceOrders.invoiceId })
    .from(invoiceOrders)
    .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
    .where(and(whose, isFirstOrderOfItsInvoice(sql`${invoiceOrders.invoiceId}`, sql`${orders}`)))
    .as('owned');
  const [invoiceRows, ledgerRows, depositRows] = await Promise.all([
    db
      .select({
        customerId: owned.customerId,
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        date: invoices.date,
        dueDate: invoices.dueDate,
        total: invoices.totalAmount,
        recordedAt: invoices.createdAt,
      })
      .from(owned)
      .innerJoin(invoices, eq(invoices.id, owned.invoiceId)),
    db
      .select({
        customerId: owned.customerId,
        id: invoicePayments.id,
        invoiceId: invoicePayments.invoiceId,
        invoiceNumber: invoices.invoiceNumber,
        kind: invoicePayments.kind,
        date: invoicePayments.date,
        amount: invoicePayments.amount,
        reference: invoicePayments.reference,
        pairedId: invoicePayments.pairedId,
        creditNoteNumber: creditNotes.creditNoteNumber,
        recordedAt: invoicePayments.recordedAt,
      })
      .from(owned)
      .innerJoin(invoicePayments, eq(invoicePayments.invoiceId, owned.invoiceId))
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
        recordedAt: orderDeposits.recordedAt,
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
    r.entries.push({
      date: i.date,
      source: 'invoice',
      id: i.id,
      recordedAt: iso(i.recordedAt),
      amount: i.total,
      document: `Invoice ${i.invoiceNumber}`,
    });
  }
  for (const p of ledgerRows) {
    const r = of(Number(p.customerId));
    r.ledger.set(p.invoiceId, [...(r.ledger.get(p.invoiceId) ?? []), { date: p.date, amount: p.amount }]);
    // A deposit moved onto the invoice and credit applied are moves between the customer's own records
    // when both sides are theirs (the domain nets only pairs it sees whole).
    const transfer = p.kind === 'deposit' ? `ip:${p.id}` : p.kind === 'credit' ? `ip:${p.pairedId ?? p.id}` : null;
    r.entries.push({
      date: p.date,
      source: `ledger:${p.kind}`,
      id: p.id,
      recordedAt: iso(p.recordedAt),
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
      recordedAt: iso(d.recordedAt),
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
