import { eq } from 'drizzle-orm';
import {
  calculateInvoiceTotals,
  deriveInvoiceLineItems,
  toDecimal,
  type InvoiceLineItem,
} from '@icehouse/domain';
import { nextNumber } from '../sequences';
import {
  billsOfLading,
  history,
  invoiceLineItems,
  invoiceOrders,
  invoicePayments,
  invoices,
  orders,
} from '../schema/index';
import { DEMO_COMPANY, DEMO_FOB } from './data';
import { DAY_MS, addDays, atOfficeHours, minIso, money, type SeedContext } from './context';
import type { SavedOrder } from './orders';

/** Invoices (totals by the domain's rule, one combined pair, a few paid) and bills of lading for the demo orders. */

export async function createInvoicesAndBols(ctx: SeedContext, saved: SavedOrder[]) {
  const { rnd } = ctx;
  const taxRate = DEMO_COMPANY.salesTaxRate;

  // Which orders get an invoice: every completed one, some scheduled, a few processed.
  const invoiced = saved.filter(
    (o) =>
      o.plan.status === 'completed' ||
      (o.plan.status === 'scheduled_to_ship' && rnd.chance(0.4)) ||
      (o.plan.status === 'processed' && rnd.chance(0.1)),
  );
  const groups: SavedOrder[][] = [];
  const pair = invoiced.filter((o) => o.plan.combined);
  if (pair.length >= 2) groups.push(pair);
  for (const o of invoiced) if (!o.plan.combined) groups.push([o]);
  groups.sort((a, b) => (a[0]!.plan.date < b[0]!.plan.date ? -1 : 1));

  let manualEdits = 0;
  for (const group of groups) {
    const head = group[0]!;
    const combined = group.length > 1;
    const lines: InvoiceLineItem[] = group.flatMap((o) => deriveInvoiceLineItems(o.forInvoice));
    const edited = !combined && manualEdits < 2 && rnd.chance(0.08);
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
      head.plan.status === 'completed' && lastShip
        ? lastShip
        : minIso(ctx.today, addDays(group[group.length - 1]!.plan.date, rnd.int(5, 20)));
    const terms = {
      discount: head.discount,
      discountIsPercentage: head.discountIsPercentage,
      taxRate: head.taxExempt ? '0.00' : taxRate,
      taxExempt: head.taxExempt,
    };
    const unpaid = calculateInvoiceTotals({ lineItems: lines, ...terms });
    const ageDays = (Date.parse(ctx.today) - Date.parse(invoiceDate)) / DAY_MS;
    let payments = '0.00';
    if (head.plan.status === 'completed' && (ageDays > 30 || rnd.chance(0.5))) payments = unpaid.total;
    else if (rnd.chance(0.4)) payments = money(toDecimal(unpaid.total).times('0.3').toDecimalPlaces(0));
    const totals = calculateInvoiceTotals({ lineItems: lines, ...terms, paymentsCredits: payments });

    const invoiceNumber = String(await nextNumber(ctx.tx, 'invoice_number'));
    const createdAt = atOfficeHours(invoiceDate, rnd, ctx.now);
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
        dueDate: invoiceDate,
        taxExempt: terms.taxExempt,
        taxRate: terms.taxRate,
        discount: terms.discount,
        discountIsPercentage: terms.discountIsPercentage,
        paymentsCredits: payments,
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
        quantity: String(l.quantity),
        description: l.description,
        priceEach: l.price_each,
        isFreight: l.is_freight ?? null,
      })),
    );
    // Payments/Credits is the ledger's sum: one check payment for what was paid.
    if (!toDecimal(payments).isZero()) {
      await ctx.tx.insert(invoicePayments).values({
        invoiceId,
        kind: 'payment',
        date: invoiceDate,
        amount: payments,
        method: 'check',
        reference: `CHK-${invoiceNumber}`,
        recordedBy: head.createdBy,
        recordedAt: createdAt,
      });
    }
    for (const o of group) {
      await ctx.tx.update(orders).set({ invoiceNumber, updatedAt: createdAt }).where(eq(orders.id, o.id));
      await ctx.tx
        .insert(history)
        .values({ orderId: o.id, invoiceId, action: 'invoice_created', userId: head.createdBy, createdAt });
    }
    ctx.summary.invoices++;
  }

  // Bills of lading: most completed orders, some scheduled ones.
  for (const o of saved) {
    const wants =
      (o.plan.status === 'completed' && rnd.chance(0.85)) ||
      (o.plan.status === 'scheduled_to_ship' && rnd.chance(0.4));
    if (!wants || !o.shipDate) continue;
    const bolNumber = String(await nextNumber(ctx.tx, 'bol_number'));
    const date = minIso(ctx.today, o.shipDate);
    const createdAt = atOfficeHours(minIso(ctx.today, addDays(date, -1)), rnd, ctx.now);
    await ctx.tx.insert(billsOfLading).values({
      orderId: o.id,
      bolNumber,
      date,
      freeOnBoard: rnd.pick(DEMO_FOB),
      createdAt,
      updatedAt: createdAt,
      createdBy: o.createdBy,
    });
    await ctx.tx
      .insert(history)
      .values({ orderId: o.id, action: 'bol_created', userId: o.createdBy, createdAt });
    ctx.summary.billsOfLading++;
  }
}
