import { defineOperation, operationSet } from '../../operations/define';
import { depositIdInput, depositRecordedAnswer, orderDepositsAnswer, orderIdInput, recordDepositInput, refundDepositInput } from './schemas';
import { getDeposit, listOrderDeposits, recordDeposit, refundDeposit } from './deposits';

/** The OpenAPI group of deposits, credit notes and customer credit. */
export const CREDIT_TAG = 'Deposits and credit';
const TAG = CREDIT_TAG;

/**
 * An order's deposits (decisions 170, 240). Named `credit.*` with the credit notes and customer credit, as
 * they were declared together first (the tRPC paths the web calls).
 */
export const depositOperations = operationSet('credit', {
  orderDeposits: defineOperation({
    kind: 'query',
    access: ['sales', 'books'],
    input: orderIdInput,
    output: orderDepositsAnswer,
    run: ({ deps, input }) => listOrderDeposits(deps, input.orderId),
    rest: {
      method: 'GET',
      path: '/api/orders/{id}/deposits/',
      summary:
        "The order's deposit account, oldest first: deposits (+), refunds, and the amounts moved onto its invoice or applied " +
        'elsewhere (−); held = what it still holds (on a voided order: owed to the customer until refunded or applied).',
      tag: TAG,
      params: { id: 'orderId' },
    },
  }),
  recordDeposit: defineOperation({
    kind: 'mutation',
    access: ['sales', 'books'],
    input: recordDepositInput,
    output: depositRecordedAnswer,
    run: ({ deps, user, input }) => recordDeposit(deps, user, input.orderId, input.data),
    rest: {
      method: 'POST',
      path: '/api/orders/{id}/deposits/',
      summary:
        'Record a deposit on an order before it is invoiced: amount (> 0, two places), date (at most a year ahead), method, ' +
        "reference, note; at most what the order still needs (its total less what it holds: the account's deposit_limit), " +
        'else 400 {amount} naming it. 201 {deposit, order}. When the order is invoiced, what it holds moves onto the ' +
        "invoice's payments. 409 on a voided or already invoiced order (nothing recorded).",
      tag: TAG,
      params: { id: 'orderId' },
      body: 'data',
      successStatus: 201,
      answers: { 409: 'The order is voided, or already invoiced (record the payment on its invoice)' },
    },
  }),
  refundDeposit: defineOperation({
    kind: 'mutation',
    access: 'books',
    input: refundDepositInput,
    output: depositRecordedAnswer,
    run: ({ deps, user, input }) => refundDeposit(deps, user, input.orderId, input.data),
    rest: {
      method: 'POST',
      path: '/api/orders/{id}/deposits/refund/',
      summary:
        'Pay back money the order holds: amount (> 0, at most what it holds: else 400 {amount}), date, method, reference, reason (required). 201 {deposit, order}.',
      tag: TAG,
      params: { id: 'orderId' },
      body: 'data',
      successStatus: 201,
    },
  }),
  deposit: defineOperation({
    kind: 'query',
    access: ['sales', 'books'],
    input: depositIdInput,
    output: depositRecordedAnswer,
    run: ({ deps, input }) => getDeposit(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/deposits/{id}/',
      summary:
        "One entry of an order's deposit account with the order's account (the deposit.recorded event's body).",
      tag: TAG,
    },
  }),
});
