import { z } from 'zod';
import { DEPOSIT_KINDS, PAYMENT_METHODS, depositFormSchema, depositRefundSchema } from '@icehouse/domain';
import { idField } from '../../operations/input';

/** Schemas of an order's deposits (decisions 170, 240): inputs from the domain, answers here. */

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const date = z.string().describe('YYYY-MM-DD');

// ------------------------------------------------------------------------------------- inputs

export const orderIdInput = z.object({ orderId: idField });
export const depositIdInput = z.object({ id: idField });
export const recordDepositInput = z.object({ orderId: idField, data: depositFormSchema });
export const refundDepositInput = z.object({ orderId: idField, data: depositRefundSchema });

// ------------------------------------------------------------------------------------- answers

export const depositAnswer = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  door_number: z.string(),
  kind: z
    .enum(DEPOSIT_KINDS)
    .describe(
      "deposit (> 0), refund (< 0, paid back), invoiced (< 0: moved onto the order's invoice), applied (< 0: a voided order's deposit applied to another invoice)",
    ),
  date,
  amount: money.describe(
    'Positive: money taken; negative: money leaving the order (refunded, invoiced, applied)',
  ),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  note: z.string(),
  reason: z.string(),
  invoice_payment_id: z
    .number()
    .int()
    .nullable()
    .describe('The ledger entry on an invoice this entry became'),
  invoice_id: z.number().int().nullable().describe('The invoice of that ledger entry'),
  invoice_number: z.string().nullable(),
  recorded_by: z.string().nullable(),
  recorded_at: z.string().describe('ISO 8601 timestamp'),
});

/** An order's deposit account. */
export const orderDepositsAnswer = z.object({
  order_id: z.number().int(),
  order_status: z.string(),
  /** What the order still holds: the entries' sum. On a voided order, a credit owed to the customer until refunded. */
  held: money,
  /** True on a voided order: what it holds is owed to the customer (customer credit). */
  owed_to_customer: z.boolean(),
  deposit_limit: money
    .nullable()
    .describe(
      'The most a new deposit may be: what the order still needs (its total less what it holds, never below 0). ' +
        'Null when the order takes no deposit (voided, or invoiced: record the payment on its invoice).',
    ),
  results: z.array(depositAnswer),
});

/** A deposit entry as recorded: the entry and its order's account (the deposit.recorded event's body). */
export const depositRecordedAnswer = z.object({
  deposit: depositAnswer,
  order: orderDepositsAnswer.omit({ results: true }),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const depositsAnswers = {
  'credit.orderDeposits': orderDepositsAnswer,
  'credit.recordDeposit': depositRecordedAnswer,
  'credit.refundDeposit': depositRecordedAnswer,
  'credit.deposit': depositRecordedAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const depositsRestAnswers = {
  'GET /api/orders/{id}/deposits/': depositsAnswers['credit.orderDeposits'],
  'POST /api/orders/{id}/deposits/': depositsAnswers['credit.recordDeposit'],
  'POST /api/orders/{id}/deposits/refund/': depositsAnswers['credit.refundDeposit'],
  'GET /api/deposits/{id}/': depositsAnswers['credit.deposit'],
};
