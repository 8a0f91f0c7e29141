import { asc } from 'drizzle-orm';
import {
  BOARD_STATUSES,
  DEFAULT_INVOICE_TERMS,
  QUOTE_STATUSES,
  addDays,
  balanceDueOf,
  calculateInvoiceTotals,
  creditNoteTotals,
  depositsHeldOf,
  dueDateForTerms,
  quotePrice,
  quoteStatusOf,
  roundCents,
  toMoneyString,
  unmetRequirements,
  shipWeekOf,
  Decimal,
} from '@icehouse/domain';
import type { Db } from '../client';
import {
  creditNoteLines,
  creditNotes,
  customers,
  invoiceLineItems,
  invoiceOrders,
  invoicePayments,
  invoices,
  numberSequences,
  orderCostings,
  orderDeposits,
  orders,
  products,
  quotes,
} from '../schema/index';

/**
 * The rules the demo data must keep, read back from the database (seed.test.ts): every figure as the
 * product's services would have written it (the payments ledger and its sums, deposits, credit notes,
 * customer credit, quotes' prices, status requirements, terms and due dates, sequences), nothing dated
 * after `today`, and what the screens and the end-to-end tests count on (quotes in every status, this
 * week's and next week's shop board, two pages of invoices with one combined and two edited). Answers
 * the problems found, none when all is well.
 */
export async function demoProblems(db: Db, today: string): Promise<string[]> {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const sum = (amounts: readonly string[]) =>
    toMoneyString(amounts.reduce((s, a) => s.plus(roundCents(a)), new Decimal(0)));

  const [
    allOrders,
    allInvoices,
    lines,
    links,
    ledger,
    deposits,
    notes,
    noteLines,
    allQuotes,
    sequences,
    costings,
    allCustomers,
    allProducts,
  ] = await Promise.all([
    db.select().from(orders).orderBy(asc(orders.id)),
    db.select().from(invoices).orderBy(asc(invoices.id)),
    db.select().from(invoiceLineItems),
    db.select().from(invoiceOrders),
    db.select().from(invoicePayments).orderBy(asc(invoicePayments.id)),
    db.select().from(orderDeposits).orderBy(asc(orderDeposits.id)),
    db.select().from(creditNotes).orderBy(asc(creditNotes.id)),
    db.select().from(creditNoteLines),
    db.select().from(quotes).orderBy(asc(quotes.id)),
    db.select().from(numberSequences),
    db.select().from(orderCostings),
    db.select().from(customers),
    db.select().from(products),
  ]);
  const orderById = new Map(allOrders.map((o) => [o.id, o]));
  const invoiceById = new Map(allInvoices.map((i) => [i.id, i]));
  const entryById = new Map(ledger.map((e) => [e.id, e]));
  const invoiceOf = new Map(links.map((l) => [l.orderId, l.invoiceId]));
  const lastOf = (name: string) => Number(sequences.find((s) => s.name === name)?.lastValue ?? 0);

  // Orders: a customer each, dated up to today, their status's requirements met, their cost at the save kept.
  for (const o of allOrders) {
    const at = `order ${o.doorNumber}`;
    check(o.customerId !== null, `${at}: no customer`);
    check(o.date <= today, `${at}: dated ${o.date}, after today`);
    check(o.shipDate === null || o.shipDate >= o.date, `${at}: ships before it was ordered`);
    const unmet = unmetRequirements(
      {
        eps_po_number: o.epsPoNumber,
        ship_date: o.shipDate,
        ship_via: o.shipViaId,
        has_invoice: invoiceOf.has(o.id),
      },
      o.status,
    );
    check(unmet.length === 0, `${at} (${o.status}): lacks ${unmet.join(', ')}`);
  }
  check(
    costings.length === allOrders.length,
    `${costings.length} order costings for ${allOrders.length} orders`,
  );
  check(
    lastOf('door_number') === Math.max(...allOrders.map((o) => Number(o.doorNumber))),
    'door number sequence behind the orders',
  );

  // Invoices: totals from their lines, terms of their customer and the due date those give, and
  // Payments/Credits the sum of the ledger, the balance due the domain's.
  for (const inv of allInvoices) {
    const at = `invoice ${inv.invoiceNumber}`;
    const own = lines.filter((l) => l.invoiceId === inv.id);
    const totals = calculateInvoiceTotals({
      lineItems: own.map((l) => ({
        quantity: l.quantity,
        description: l.description,
        price_each: l.priceEach,
        is_freight: l.isFreight,
      })),
      discount: inv.discount,
      discountIsPercentage: inv.discountIsPercentage,
      taxRate: inv.taxRate,
      taxExempt: inv.taxExempt,
    });
    check(
      inv.totalAmount === totals.total && inv.taxAmount === totals.taxAmount,
      `${at}: total is not its lines'`,
    );
    const entries = ledger.filter((e) => e.invoiceId === inv.id);
    check(
      inv.paymentsCredits === sum(entries.map((e) => e.amount)),
      `${at}: payments_credits ${inv.paymentsCredits} is not its ledger's sum`,
    );
    check(
      inv.balanceDue === balanceDueOf(inv.totalAmount, inv.paymentsCredits),
      `${at}: balance due is not total − payments`,
    );
    check(inv.date <= today, `${at}: dated after today`);
    const customerIds = links
      .filter((l) => l.invoiceId === inv.id)
      .map((l) => orderById.get(l.orderId)?.customerId);
    const terms =
      customerIds
        .map((id) => allCustomers.find((c) => c.id === id)?.paymentTerms.trim() ?? '')
        .find((t) => t !== '') || DEFAULT_INVOICE_TERMS;
    check(
      inv.terms === terms && inv.dueDate === dueDateForTerms(terms, inv.date),
      `${at}: terms or due date not its customer's`,
    );
  }
  check(
    lastOf('invoice_number') === Math.max(...allInvoices.map((i) => Number(i.invoiceNumber))),
    'invoice number sequence behind the invoices',
  );
  const byDate = [...allInvoices].sort((a, b) => Number(a.invoiceNumber) - Number(b.invoiceNumber));
  check(
    byDate.every((inv, i) => i === 0 || byDate[i - 1]!.date <= inv.date),
    'invoice numbers do not follow the invoice dates',
  );

  // Ledger entries: dated up to today, each linked entry with its other record.
  for (const e of ledger) {
    const at = `ledger entry #${e.id} (${e.kind})`;
    const inv = invoiceById.get(e.invoiceId)!;
    check(e.date <= today, `${at}: dated after today`);
    if (e.kind === 'payment')
      check(
        e.date >= inv.date && roundCents(e.amount).greaterThan(0),
        `${at}: before its invoice, or not positive`,
      );
    if (e.kind === 'deposit') {
      const moved = deposits.filter((d) => d.invoicePaymentId === e.id);
      check(
        moved.length === 1 &&
          moved[0]!.kind === 'invoiced' &&
          roundCents(moved[0]!.amount).negated().equals(roundCents(e.amount)) &&
          moved[0]!.date === e.date,
        `${at}: not the − invoiced entry of its order`,
      );
      check(
        moved.length === 1 && invoiceOf.get(moved[0]!.orderId) === e.invoiceId,
        `${at}: moved from an order not on the invoice`,
      );
    }
    if (e.kind === 'credit_note') {
      const note = notes.find((n) => n.id === e.creditNoteId);
      check(
        !!note && note.totalAmount === e.amount && note.date === e.date && note.invoiceId === e.invoiceId,
        `${at}: not its credit note's total`,
      );
    }
    if (e.kind === 'credit') {
      const pair = e.pairedId !== null ? entryById.get(e.pairedId) : ledger.find((x) => x.pairedId === e.id);
      const applied = deposits.find((d) => d.invoicePaymentId === e.id && d.kind === 'applied');
      if (pair) {
        check(
          pair.kind === 'credit' &&
            roundCents(pair.amount).negated().equals(roundCents(e.amount)) &&
            pair.date === e.date,
          `${at}: its pair does not net to 0`,
        );
        const owner = (id: number) =>
          orderById.get(links.find((l) => l.invoiceId === id)!.orderId)!.customerId;
        check(owner(pair.invoiceId) === owner(e.invoiceId), `${at}: credit moved between customers`);
      } else
        check(
          !!applied &&
            roundCents(applied.amount).negated().equals(roundCents(e.amount)) &&
            applied.date === e.date &&
            orderById.get(applied.orderId)?.status === 'voided',
          `${at}: neither a pair nor a voided order's deposit`,
        );
    }
  }

  // Deposit accounts: never below 0, dated from the order to today; a refund says why.
  for (const o of allOrders) {
    const own = deposits.filter((d) => d.orderId === o.id);
    own.forEach((d, i) => {
      const at = `deposit entry #${d.id} (${d.kind}) of order ${o.doorNumber}`;
      check(
        !roundCents(depositsHeldOf(own.slice(0, i + 1).map((x) => x.amount))).isNegative(),
        `${at}: the account goes below 0`,
      );
      check(d.date <= today && d.date >= o.date, `${at}: dated outside ${o.date}..${today}`);
      check(d.kind !== 'refund' || d.reason !== '', `${at}: a refund without a reason`);
      check(
        d.kind !== 'invoiced' || !!ledger.find((e) => e.id === d.invoicePaymentId && e.kind === 'deposit'),
        `${at}: moved onto no invoice`,
      );
    });
    if (invoiceOf.has(o.id) && o.status !== 'voided')
      check(
        roundCents(depositsHeldOf(own.map((d) => d.amount))).isZero(),
        `order ${o.doorNumber}: invoiced, but still holds deposits`,
      );
  }

  // Credit notes: the domain's totals of their lines at the invoice's rate, at most the invoice's total, numbered CN-1001...
  notes.forEach((n, i) => {
    const at = `credit note ${n.creditNoteNumber}`;
    const inv = invoiceById.get(n.invoiceId)!;
    const totals = creditNoteTotals({
      lines: noteLines
        .filter((l) => l.creditNoteId === n.id)
        .map((l) => ({
          quantity: l.quantity,
          description: l.description,
          price_each: l.priceEach,
          is_freight: l.isFreight,
        })),
      taxRate: inv.taxRate,
      taxExempt: inv.taxExempt,
    });
    check(
      n.totalAmount === totals.total && n.taxAmount === totals.taxAmount && n.taxRate === inv.taxRate,
      `${at}: totals are not its lines'`,
    );
    check(n.creditNoteNumber === `CN-${1001 + i}`, `${at}: out of sequence`);
    check(n.date >= inv.date && n.date <= today, `${at}: dated outside its invoice's date..today`);
  });
  for (const inv of allInvoices) {
    const credited = sum(notes.filter((n) => n.invoiceId === inv.id).map((n) => n.totalAmount));
    check(
      !roundCents(credited).greaterThan(roundCents(inv.totalAmount)),
      `invoice ${inv.invoiceNumber}: credited past its total`,
    );
  }
  check(lastOf('credit_note_number') === 1000 + notes.length, 'credit note sequence behind the credit notes');

  // Quotes: every shown status, numbered in date order, priced by the order's rule; the converted one's order is its fields'.
  const shown = new Set(allQuotes.map((q) => quoteStatusOf(q.status, q.validUntil, today)));
  check(
    QUOTE_STATUSES.every((s) => shown.has(s)),
    `quotes in ${[...shown].join(', ')} only`,
  );
  allQuotes.forEach((q, i) => {
    const at = `quote ${q.quoteNumber}`;
    check(
      q.quoteNumber === `Q-${1001 + i}` && (i === 0 || allQuotes[i - 1]!.date <= q.date),
      `${at}: out of sequence`,
    );
    const productId = q.fields.building_info.product;
    const buildingType = allProducts.find((p) => p.id === productId)?.buildingType ?? null;
    const price = quotePrice(q.fields, { taxRate: q.taxRate, buildingType });
    check(
      q.total === price.total && q.subtotal === price.subtotal && q.taxAmount === price.taxAmount,
      `${at}: not priced by the order's rule`,
    );
    check(q.date <= today && q.validUntil >= q.date, `${at}: its dates`);
    if (q.status === 'converted') {
      const order = q.orderId === null ? undefined : orderById.get(q.orderId);
      check(
        !!order &&
          order.customerId === q.customerId &&
          order.shipDate === q.fields.ship_date &&
          order.freightCost === q.fields.freight_cost,
        `${at}: its order is not its fields'`,
      );
    } else check(q.orderId === null, `${at}: an order without a conversion`);
  });
  check(lastOf('quote_number') === 1000 + allQuotes.length, 'quote number sequence behind the quotes');

  // The shop: this week's board has several statuses, next week has work too.
  const weekStart = shipWeekOf(today).from;
  const onBoard = (from: string) =>
    allOrders.filter(
      (o) =>
        o.shipDate !== null &&
        o.shipDate >= from &&
        o.shipDate <= addDays(from, 6) &&
        (BOARD_STATUSES as readonly string[]).includes(o.status),
    );
  check(
    new Set(onBoard(weekStart).map((o) => o.status)).size >= 3,
    "this week's board has fewer than 3 statuses",
  );
  check(onBoard(addDays(weekStart, 7)).length > 0, "next week's board is empty");

  // What the end-to-end tests count on: two pages of invoices, one combined, two edited; pending orders
  // with and without an EPS PO number; a scheduled order with its invoice.
  check(allInvoices.length > 25 && allInvoices.length <= 50, `${allInvoices.length} invoices: not two pages`);
  check(allInvoices.filter((i) => i.isCombined).length === 1, 'not exactly one combined invoice');
  check(allInvoices.filter((i) => i.hasManualEdits).length >= 2, 'fewer than two edited invoices');
  const pending = allOrders.filter((o) => o.status === 'pending');
  check(
    pending.some((o) => o.epsPoNumber !== '') && pending.some((o) => o.epsPoNumber === ''),
    'pending orders all with or all without EPS PO numbers',
  );
  check(
    allOrders.some((o) => o.status === 'scheduled_to_ship' && invoiceOf.has(o.id)),
    'no scheduled order with its invoice',
  );
  return problems;
}
