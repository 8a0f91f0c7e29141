import { eq } from 'drizzle-orm';
import {
  calculateInvoiceTotals,
  DEFAULT_INVOICE_TERMS,
  deriveInvoiceLineItems,
  dueDateForTerms,
  toDecimal,
  type InvoiceLineItem,
} from '@icehouse/domain';
import { nextNumber } from '../sequences';
import { billsOfLading, history, invoiceLineItems, invoiceOrders, invoices, orders } from '../schema/index';
import { DEMO_COMPANY, DEMO_FOB } from './data';
import { DAY_MS, addDays, atOfficeHours, minIso, momentOn, money, type SeedContext } from './context';
import { recordLedgerEntry } from './ledger';
import { moveDepositsOntoInvoice } from './ledger-deposits';
import type { SavedOrder } from './order-draft';

/**
 * Invoices (totals by the domain's rule, one combined pair, a few paid; the story's on the dates it
 * gives) and bills of lading for the demo orders. An invoice is written as the server creates one:
 * its customer's terms and the due date they give, no payments, then what its orders hold in
 * deposits moved onto it, then any payment through the ledger (payments_credits is the ledger's sum).
 */

/** One of the story's invoices: its order and its date (its payments come later, story-deposits-and-credit.ts). */
export interface InvoicePlan {
  orders: SavedOrder[];
  date: string;
}

export interface SeededInvoice {
  id: number;
  number: string;
  date: string;
  total: string;
}

/** Every invoice made, by the id of each of its orders. */
export type InvoicesByOrder = Map<number, SeededInvoice>;

export async function createInvoicesAndBols(
  ctx: SeedContext,
  saved: SavedOrder[],
  story: readonly InvoicePlan[] = [],
): Promise<InvoicesByOrder> {
  const { rnd } = ctx;
  const taxRate = DEMO_COMPANY.salesTaxRate;
  const made: InvoicesByOrder = new Map();

  // Which orders get an invoice: every completed one, some scheduled, a few processed (the story's: as it says).
  const invoiced = saved.filter(
    (o) =>
      !o.plan.story &&
      (o.plan.status === 'completed' ||
        (o.plan.status === 'scheduled_to_ship' && rnd.chance(0.4)) ||
        (o.plan.status === 'processed' && rnd.chance(0.1))),
  );
  const groups: { orders: SavedOrder[]; date?: string }[] = [];
  const pair = invoiced.filter((o) => o.plan.combined);
  if (pair.length >= 2) groups.push({ orders: pair });
  for (const o of invoiced) if (!o.plan.combined) groups.push({ orders: [o] });
  for (const p of story) groups.push(p);
  groups.sort((a, b) =>
    a.orders[0]!.plan.date < b.orders[0]!.plan.date
      ? -1
      : a.orders[0]!.plan.date > b.orders[0]!.plan.date
        ? 1
        : 0,
  );

  // First what each invoice says and its date; then they are numbered in date order, as they were made.
  let manualEdits = 0;
  const drafts = groups.map(({ orders: group, date: storyDate }, rank) => {
    const head = group[0]!;
    const lines: InvoiceLineItem[] = group.flatMap((o) => deriveInvoiceLineItems(o.forInvoice));
    const edited = !storyDate && group.length === 1 && manualEdits < 2 && rnd.chance(0.08);
    if (edited) {
      manualEdits++;
      lines.push({ quantity: 1, description: 'Delivery setup and leveling', price_each: '150.00' });
    }
    const lastShip = group
      .map((o) => o.shipDate)
      .filter((d): d is string => !!d)
      .sort()
      .pop();
    const invoiceDate =
      storyDate ??
      (head.plan.status === 'completed' && lastShip
        ? lastShip
        : minIso(ctx.today, addDays(group[group.length - 1]!.plan.date, rnd.int(5, 20))));
    return { group, storyDate, lines, edited, lastShip, invoiceDate, rank };
  });
  drafts.sort((a, b) =>
    a.invoiceDate < b.invoiceDate ? -1 : a.invoiceDate > b.invoiceDate ? 1 : a.rank - b.rank,
  );

  for (const { group, storyDate, lines, edited, lastShip, invoiceDate } of drafts) {
    const head = group[0]!;
    const combined = group.length > 1;
    const terms = {
      discount: head.discount,
      discountIsPercentage: head.discountIsPercentage,
      taxRate: head.taxExempt ? '0.00' : taxRate,
      taxExempt: head.taxExempt,
    };
    const totals = calculateInvoiceTotals({ lineItems: lines, ...terms });
    let payment = '0.00';
    if (!storyDate) {
      const ageDays = (Date.parse(ctx.today) - Date.parse(invoiceDate)) / DAY_MS;
      if (head.plan.status === 'completed' && (ageDays > 30 || rnd.chance(0.5))) payment = totals.total;
      else if (rnd.chance(0.4)) payment = money(toDecimal(totals.total).times('0.3').toDecimalPlaces(0));
    }
    // The terms of the first of its orders' customers that has some (decision 175), else the default.
    const paymentTerms =
      group
        .map((o) => (o.customerId === null ? '' : (ctx.customerTerms.get(o.customerId) ?? '')))
        .find((t) => t !== '') || DEFAULT_INVOICE_TERMS;

    const invoiceNumber = String(await nextNumber(ctx.tx, 'invoice_number'));
    const createdAt = storyDate ? momentOn(ctx, invoiceDate, 30) : atOfficeHours(invoiceDate, rnd, ctx.now);
    const [invoice] = await ctx.tx
      .insert(invoices)
      .values({
        invoiceNumber,
        date: invoiceDate,
        billTo: head.billTo,
        shipTo: head.shipTo,
        poJobName: combined ? 'Combined orders ' + group.map((o) => o.doorNumber).join(', ') : head.poJobName,
        shipDate: lastShip ?? null,
        shipVia: head.shipViaLabel,
        terms: paymentTerms,
        dueDate: dueDateForTerms(paymentTerms, invoiceDate),
        taxExempt: terms.taxExempt,
        taxRate: terms.taxRate,
        discount: terms.discount,
        discountIsPercentage: terms.discountIsPercentage,
        paymentsCredits: '0.00',
        subtotal: totals.subtotal,
        taxableSubtotal: totals.taxableSubtotal,
        discountAmount: totals.discountAmount,
        taxAmount: totals.taxAmount,
        totalAmount: totals.total,
        balanceDue: totals.balanceDue,
        hasManualEdits: edited,
        isCombined: combined,
        version: edited ? 2 : 1,
        createdAt,
        updatedAt: createdAt,
        createdBy: head.createdBy,
      })
      .returning({ id: invoices.id });
    const invoiceId = invoice!.id;
    await ctx.tx.insert(invoiceOrders).values(group.map((o) => ({ invoiceId, orderId: o.id })));
    await ctx.tx.insert(invoiceLineItems).values(
      lines.map((l, position) => ({
        invoiceId,
        position,
        quantity: toDecimal(l.quantity).toFixed(2),
        description: l.description,
        priceEach: l.price_each,
        isFreight: l.is_freight ?? null,
      })),
    );
    for (const o of group) {
      await ctx.tx.update(orders).set({ invoiceNumber, updatedAt: createdAt }).where(eq(orders.id, o.id));
      await ctx.tx.insert(history).values({
        orderId: o.id,
        invoiceId,
        action: 'invoice_created',
        changes: { invoice_number: { old: null, new: invoiceNumber } },
        userId: head.createdBy,
        createdAt,
      });
    }
    // What its orders hold in deposits moves onto it, in its creation (decision 171).
    await moveDepositsOntoInvoice(ctx, head.createdBy, group, invoiceId, createdAt);
    // A paid invoice: one check payment on its ledger.
    if (!toDecimal(payment).isZero()) {
      await recordLedgerEntry(
        ctx,
        head.createdBy,
        {
          invoiceId,
          kind: 'payment',
          date: invoiceDate,
          amount: payment,
          method: 'check',
          reference: `CHK-${invoiceNumber}`,
        },
        createdAt,
      );
    }
    for (const o of group)
      made.set(o.id, { id: invoiceId, number: invoiceNumber, date: invoiceDate, total: totals.total });
    ctx.summary.invoices++;
  }

  // Bills of lading: most completed orders, some scheduled ones; every completed one of the story.
  for (const o of saved) {
    const wants = o.plan.story
      ? o.plan.status === 'completed'
      : (o.plan.status === 'completed' && rnd.chance(0.85)) ||
        (o.plan.status === 'scheduled_to_ship' && rnd.chance(0.4));
    if (!wants || !o.shipDate) continue;
    const bolNumber = String(await nextNumber(ctx.tx, 'bol_number'));
    const date = minIso(ctx.today, o.shipDate);
    const before = minIso(ctx.today, addDays(date, -1));
    const createdAt = o.plan.story ? momentOn(ctx, before, 60) : atOfficeHours(before, rnd, ctx.now);
    await ctx.tx.insert(billsOfLading).values({
      orderId: o.id,
      bolNumber,
      date,
      freeOnBoard: o.plan.story ? DEMO_FOB[0] : rnd.pick(DEMO_FOB),
      createdAt,
      updatedAt: createdAt,
      createdBy: o.createdBy,
    });
    await ctx.tx
      .insert(history)
      .values({ orderId: o.id, action: 'bol_created', userId: o.createdBy, createdAt });
    ctx.summary.billsOfLading++;
  }
  return made;
}
