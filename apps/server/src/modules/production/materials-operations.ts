import { defineBinaryOperation, defineOperation } from '../../operations/define';
import { sendCsv } from '../../csv';
import { materialsAnswer, materialsInput, onHandAnswer, onHandList, setOnHandInput } from './materials-schemas';
import { listOnHand, materialsCsv, materialsForRange, materialsPdf, setOnHand } from './materials';
import { shopBoard } from './board';
import { boardAnswer, boardInput } from './board-schemas';
import { sendPdf } from '../documents/reply';

const TAG = 'Production';

/** Materials per ship week, the components' on-hand figures and the shop board (spread into the production set). */
export const materialsOperations = {
  materials: defineOperation({
    kind: 'query',
    access: 'user',
    input: materialsInput,
    output: materialsAnswer,
    run: ({ deps, input }) => materialsForRange(deps, input),
    rest: {
      method: 'GET',
      path: '/api/production/materials/',
      summary:
        'The components the orders shipping from..to need (default next week, Monday to Sunday; at most 366 days), for the orders ' +
        'with the given statuses (default pending, processed, scheduled_to_ship): needed, unit cost, total cost, on hand, to buy ' +
        '(never below 0) and the orders behind each figure; orders without a bill of materials listed apart.',
      tag: TAG,
      query: true,
    },
  }),
  materialsCsv: defineBinaryOperation({
    kind: 'query',
    access: 'user',
    input: materialsInput,
    trpc: false,
    run: async ({ deps, input }) => materialsCsv(await materialsForRange(deps, input)),
    rest: {
      method: 'GET',
      path: '/api/production/materials/csv/',
      summary: 'The materials list (same filters) as CSV: UTF-8 with BOM, decimals with a dot; each row names its orders; a Total line last.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  materialsPdf: defineBinaryOperation({
    kind: 'query',
    access: 'user',
    input: materialsInput,
    trpc: false,
    run: async ({ deps, input }) => materialsPdf(deps, await materialsForRange(deps, input)),
    rest: {
      method: 'GET',
      path: '/api/production/materials/pdf/',
      summary: 'The materials list (same filters) as an inline PDF, each component with its orders; 503 {detail} without a browser.',
      tag: TAG,
      query: true,
      produces: 'application/pdf',
      reply: (answer, reply) => sendPdf(reply, answer.pdf, 'inline', answer.filename),
    },
  }),
  onHand: defineOperation({
    kind: 'query',
    access: 'user',
    output: onHandList,
    run: ({ deps }) => listOnHand(deps),
    rest: { method: 'GET', path: '/api/production/on-hand/', summary: "Each component's quantity on hand that has been set (others are 0).", tag: TAG },
  }),
  setOnHand: defineOperation({
    kind: 'mutation',
    access: 'superuser',
    input: setOnHandInput,
    output: onHandAnswer,
    run: ({ deps, input }) => setOnHand(deps, input.id, input.on_hand),
    rest: {
      method: 'PUT',
      path: '/api/production/on-hand/{id}/',
      summary: "Sets a component's quantity on hand: a whole number, 0 or more (400 on on_hand otherwise); 404 for no such component.",
      tag: TAG,
      body: true,
    },
  }),
  board: defineOperation({
    kind: 'query',
    access: 'user',
    input: boardInput,
    output: boardAnswer,
    run: ({ deps, input }) => shopBoard(deps, input),
    rest: {
      method: 'GET',
      path: '/api/production/board/',
      summary:
        'The shop board of the ship week holding `week` (default this week, Monday to Sunday): one card per order shipping then, ' +
        'not voided, with its status, next status and what it lacks for it. A card moves with POST /api/orders/{id}/change-status/.',
      tag: TAG,
      query: true,
    },
  }),
};
