import { roundCents, toDecimal } from '@icehouse/domain';
import { momentOn, money, type SeedContext } from './context';
import type { SavedOrder } from './order-draft';
import type { InvoicePlan, InvoicesByOrder } from './invoices-and-bols';
import { recordLedgerEntry } from './ledger';
import { recordDepositEntry } from './ledger-deposits';
import { invoiceLinesOf, issueCreditNote } from './ledger-credit-notes';
import { applyInvoiceCredit, applyVoidedDeposit } from './ledger-customer-credit';
import { byKey, daysOf, staffOf } from './story';

/**
 * The story's money (story.ts), by the ledger's rules (ledger.ts): deposits on its open orders, its
 * invoices, then payments, customer credit applied and credit notes.
 */

/**
 * Deposits taken on the story's orders before any of them is invoiced: one paid twice and the card
 * payment refunded (invoiced ahead of delivery, what it holds then moves onto the invoice), one on the
 * order later voided, one that moves onto its invoice when it ships this week, and three still held.
 */
export async function recordStoryDeposits(ctx: SeedContext, saved: readonly SavedOrder[]): Promise<void> {
  const d = daysOf(ctx.today);
  const staff = staffOf(ctx);
  const admin = ctx.userIds[0]!;
  const held = byKey(saved, 'statement-deposit-held');
  // A third of the freezer's price, in whole hundreds.
  const third = money(toDecimal(held.total).dividedBy(300).floor().times(100));
  const entry = (
    key: string,
    kind: 'deposit' | 'refund',
    date: string,
    amount: string,
    method: 'check' | 'card' | 'ach' | 'cash',
    reference: string,
    reason = '',
  ) => ({ key, kind, date, amount, method, reference, reason });
  const entries = [
    entry('statement-deposit-invoiced', 'deposit', d.lastMonth(2), '2000.00', 'ach', 'ACH-0412'),
    entry('credit-voided-deposit', 'deposit', d.ago(44), '1500.00', 'card', 'VISA 4417'),
    entry('week-paid-twice', 'deposit', d.ago(20), '5000.00', 'check', 'CHK-2208'),
    entry('week-paid-twice', 'deposit', d.ago(18), '5000.00', 'card', 'VISA 0093'),
    entry(
      'week-paid-twice',
      'refund',
      d.ago(16),
      '-5000.00',
      'card',
      'VISA 0093',
      'The deposit was paid twice: the card payment refunded.',
    ),
    entry('week-processed', 'deposit', d.ago(15), '1000.00', 'cash', ''),
    entry('next-week-from-quote', 'deposit', d.ago(11), '2500.00', 'ach', 'ACH-7760'),
    entry('statement-deposit-held', 'deposit', d.thisMonth(5), third, 'check', 'CHK-5531'),
  ];
  for (const { key, ...e } of entries) {
    await recordDepositEntry(
      ctx,
      e.kind === 'refund' ? admin : staff,
      { orderId: byKey(saved, key).id, ...e },
      momentOn(ctx, e.date, 90),
    );
  }
}

/** The story's invoices: each completed order of it on its ship date, a few others ahead of delivery. */
export function storyInvoicePlans(saved: readonly SavedOrder[]): InvoicePlan[] {
  return saved.flatMap((o) => {
    const date =
      o.plan.story?.invoiceOn ?? (o.plan.story && o.plan.status === 'completed' ? o.shipDate : null);
    return date ? [{ orders: [o], date }] : [];
  });
}

/** After invoicing: payments (one $300 over), credit applied from that invoice and from the voided order, credit notes. */
export async function recordStoryMoney(
  ctx: SeedContext,
  saved: readonly SavedOrder[],
  invoices: InvoicesByOrder,
): Promise<void> {
  const d = daysOf(ctx.today);
  const staff = staffOf(ctx);
  const admin = ctx.userIds[0]!;
  const invoiceOf = (key: string) => {
    const found = invoices.get(byKey(saved, key).id);
    if (!found) throw new Error(`demo seed: the story's order ${key} has no invoice`);
    return found;
  };
  const overpaid = invoiceOf('credit-overpaid');
  const credited = invoiceOf('credit-applied');
  const lastMonths = invoiceOf('statement-shipped-last-month');
  const thisWeeks = invoiceOf('statement-deposit-invoiced');

  // Every step in date order.
  const lastSeasons = invoiceOf('statement-paid-last-season');
  await recordLedgerEntry(
    ctx,
    staff,
    {
      invoiceId: lastSeasons.id,
      kind: 'payment',
      date: d.ago(118),
      amount: lastSeasons.total,
      method: 'check',
      reference: 'CHK-4980',
    },
    momentOn(ctx, d.ago(118), 60),
  );
  await recordLedgerEntry(
    ctx,
    staff,
    {
      invoiceId: overpaid.id,
      kind: 'payment',
      date: d.ago(50),
      amount: money(roundCents(overpaid.total).plus(300)),
      method: 'check',
      reference: 'CHK-8812',
      note: 'Paid the quoted price before the LED lights were taken off.',
    },
    momentOn(ctx, d.ago(50), 60),
  );
  await recordLedgerEntry(
    ctx,
    staff,
    {
      invoiceId: lastMonths.id,
      kind: 'payment',
      date: d.lastMonth(14),
      amount: money(toDecimal(lastMonths.total).dividedBy(2).toDecimalPlaces(0)),
      method: 'check',
      reference: 'CHK-5120',
    },
    momentOn(ctx, d.lastMonth(14), 60),
  );
  // Credit applied to the later invoice: $200 of the $300 overpaid (the rest stays as credit), and the voided order's deposit.
  await applyInvoiceCredit(
    ctx,
    admin,
    { sourceInvoiceId: overpaid.id, targetInvoiceId: credited.id, amount: '200.00', date: d.ago(10) },
    momentOn(ctx, d.ago(10), 30),
  );
  await applyVoidedDeposit(
    ctx,
    admin,
    {
      orderId: byKey(saved, 'credit-voided-deposit').id,
      targetInvoiceId: credited.id,
      amount: '1500.00',
      date: d.ago(10),
    },
    momentOn(ctx, d.ago(10), 35),
  );
  // Credit notes this month: a window returned unused, and the freight of a late delivery waived.
  const creditLine = async (
    invoiceId: number,
    which: (l: { description: string; isFreight: boolean | null }) => boolean,
  ) => {
    const line = (await invoiceLinesOf(ctx, invoiceId)).find(which);
    if (!line) throw new Error('demo seed: the line to credit is not on the invoice');
    return {
      quantity: line.quantity,
      description: line.description,
      price_each: line.priceEach,
      is_freight: line.isFreight,
    };
  };
  await issueCreditNote(
    ctx,
    admin,
    lastMonths.id,
    {
      date: d.thisMonth(3),
      reason: 'Sliding window returned unused.',
      lines: [await creditLine(lastMonths.id, (l) => l.description === 'Sliding Window')],
    },
    momentOn(ctx, d.thisMonth(3), 120),
  );
  await issueCreditNote(
    ctx,
    admin,
    thisWeeks.id,
    {
      date: d.today,
      reason: 'Delivered a week late: freight waived.',
      lines: [await creditLine(thisWeeks.id, (l) => l.isFreight === true)],
    },
    momentOn(ctx, d.today, 0),
  );
}
