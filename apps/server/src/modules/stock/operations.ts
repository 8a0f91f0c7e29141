import { seesMoney } from '@icehouse/domain';
import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { sendCsv } from '../../csv';
import { adjustStockInput, componentIdInput, movementsAnswer, movementsCsvInput, stockAnswer, stockListAnswer } from './schemas';
import { getStock, listMovements, listStock } from './stock-read';
import { adjustStock } from './adjust';
import { movementsCsv } from './movements-csv';

const TAG = 'Stock';

/**
 * The stock ledger (decision 261): on hand is the sum of movements (receipts, consumption by orders and
 * their returns, adjustments with a reason), never typed. Quantities are the shop's too; costs are money.
 */
export const stockOperations = operationSet('stock', {
  list: defineOperation({
    kind: 'query',
    access: 'work',
    output: stockListAnswer,
    run: ({ deps }) => listStock(deps),
    rest: {
      method: 'GET',
      path: '/api/stock/',
      summary: "Every component's on hand (the sum of its movements), on order (open purchase orders' lines not yet received) and the soonest expected date, by name.",
      tag: TAG,
    },
  }),
  get: defineOperation({
    kind: 'query',
    access: 'work',
    input: componentIdInput,
    output: stockAnswer,
    run: ({ deps, input }) => getStock(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/stock/{id}/',
      summary: "A component's stock: on hand, on order and the open purchase orders behind it with their expected dates (what the stock.* events carry); 404 for no such component.",
      tag: TAG,
    },
  }),
  movements: defineOperation({
    kind: 'query',
    access: 'work',
    input: componentIdInput,
    output: movementsAnswer,
    run: ({ deps, input }) => listMovements(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/stock/{id}/movements/',
      summary:
        "A component's stock history, newest first: each movement's quantity (+ in, − out), on hand after it, source (receipt, consumption, " +
        'consumption_return, adjustment), reason, order, purchase order, who and when; unit_cost left out for the shop role. 404 for no such component.',
      tag: TAG,
    },
  }),
  adjust: defineOperation({
    kind: 'mutation',
    access: 'receiving',
    input: adjustStockInput,
    output: stockAnswer,
    run: ({ deps, user, input }) => adjustStock(deps, user.id, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/stock/{id}/adjustments/',
      summary:
        'Adjust a component’s stock: quantity (a whole number other than 0, negative takes stock out) and reason (required, ' +
        'up to 200 characters); 400 on quantity when it would leave less than 0 on hand; 404 for no such component. 201 with the stock.',
      tag: TAG,
      body: 'data',
      successStatus: 201,
    },
  }),
  movementsCsv: defineBinaryOperation({
    kind: 'query',
    access: 'work',
    input: movementsCsvInput,
    trpc: false,
    run: async ({ deps, user, input }) => movementsCsv(deps, input?.component_id, { money: seesMoney(user.role) }),
    rest: {
      method: 'GET',
      path: '/api/stock/movements/csv/',
      summary:
        'The stock movements (every component, or ?component_id=) as CSV, newest first (UTF-8 with BOM; decimals with a dot): date, component, ' +
        'quantity, on hand after, unit cost (not for the shop role), source, reason, order, purchase order, by.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
});
