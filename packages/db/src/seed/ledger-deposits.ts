import { and, desc, eq } from 'drizzle-orm';
import {
  depositsHeldOf,
  roundCents,
  toMoneyString,
  type DepositKind,
  type PaymentMethod,
} from '@icehouse/domain';
import { orderDeposits } from '../schema/index';
import { usernameOf, type SeedContext } from './context';
import { recordLedgerEntry, type Actor } from './ledger';

/** Deposits (ledger.ts): entries of the order's account, never below 0, moved onto the invoice at invoicing. */

/** What an order's deposit account holds (the sum of its entries). */
export async function heldOn(ctx: SeedContext, orderId: number): Promise<string> {
  const rows = await ctx.tx
    .select({ amount: orderDeposits.amount })
    .from(orderDeposits)
    .where(eq(orderDeposits.orderId, orderId));
  return depositsHeldOf(rows.map((r) => r.amount));
}

export interface DepositEntry {
  orderId: number;
  kind: DepositKind;
  date: string;
  amount: string;
  method: PaymentMethod;
  reference?: string;
  note?: string;
  reason?: string;
  invoicePaymentId?: number | null;
}

/** One entry of an order's deposit account; the account never goes below 0. */
export async function recordDepositEntry(
  ctx: SeedContext,
  actor: Actor,
  entry: DepositEntry,
  at: Date,
): Promise<number> {
  const held = await heldOn(ctx, entry.orderId);
  if (roundCents(held).plus(roundCents(entry.amount)).isNegative())
    throw new Error(`demo seed: order #${entry.orderId}'s deposits would go below 0`);
  const [row] = await ctx.tx
    .insert(orderDeposits)
    .values({
      orderId: entry.orderId,
      kind: entry.kind,
      date: entry.date,
      amount: toMoneyString(entry.amount),
      method: entry.method,
      reference: entry.reference ?? '',
      note: entry.note ?? '',
      reason: entry.reason ?? '',
      invoicePaymentId: entry.invoicePaymentId ?? null,
      recordedBy: actor,
      recordedByUsername: usernameOf(ctx, actor),
      recordedAt: at,
    })
    .returning({ id: orderDeposits.id });
  ctx.summary.depositEntries++;
  return row!.id;
}

/**
 * Invoicing: what each order holds moves onto the new invoice (credit/deposits.ts moveDepositsOntoInvoice):
 * a `deposit` ledger entry dated as the order's last deposit, with its method and reference, and the
 * order's `invoiced` entry pointing at it.
 */
export async function moveDepositsOntoInvoice(
  ctx: SeedContext,
  actor: Actor,
  orders_: readonly { id: number; doorNumber: string }[],
  invoiceId: number,
  at: Date,
): Promise<void> {
  for (const order of orders_) {
    const amount = await heldOn(ctx, order.id);
    if (!roundCents(amount).greaterThan(0)) continue;
    const [last] = await ctx.tx
      .select()
      .from(orderDeposits)
      .where(and(eq(orderDeposits.orderId, order.id), eq(orderDeposits.kind, 'deposit')))
      .orderBy(desc(orderDeposits.date), desc(orderDeposits.id))
      .limit(1);
    const entry = {
      date: last!.date,
      method: last!.method,
      reference: last!.reference,
    };
    const payment = await recordLedgerEntry(
      ctx,
      actor,
      { invoiceId, kind: 'deposit', amount, ...entry, note: `Deposits on order ${order.doorNumber}` },
      at,
      false,
    );
    await recordDepositEntry(
      ctx,
      actor,
      {
        orderId: order.id,
        kind: 'invoiced',
        amount: toMoneyString(roundCents(amount).negated()),
        ...entry,
        invoicePaymentId: payment.id,
      },
      at,
    );
  }
}
