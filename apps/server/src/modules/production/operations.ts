import { seesMoney } from '@icehouse/domain';
import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { sendCsv } from '../../csv';
import {
  boardAnswer,
  boardInput,
  marginReportAnswer,
  marginReportInput,
  materialsAnswer,
  materialsInput,
  onHandAnswer,
  onHandList,
  orderBomAnswer,
  orderCostingAnswer,
  productionOrderInput,
  setOnHandInput,
} from './schemas';
import { orderBillOfMaterials, orderCosting } from './costing';
import { marginReport } from './margin-report';
import { marginCsv } from './margin-csv';
import { buildSheetPdf } from './build-sheet';
import { sendArchivedPdf, sendPdf } from '../documents/reply';
import { listOnHand, materialsCsv, materialsForRange, materialsPdf } from './materials';
import { setCountedStock } from '../stock/adjust';
import { shopBoard } from './board';
import { buildSheetsInput, buildSheetsPdf } from './build-sheets';

const TAG = 'Production';

/** Make to order: what an order is built from, what it cost, and the margin it makes. */
export const productionOperations = operationSet('production', {
  billOfMaterials: defineOperation({
    kind: 'query',
    access: 'work',
    input: productionOrderInput,
    output: orderBomAnswer,
    run: ({ deps, input }) => orderBillOfMaterials(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/production/orders/{id}/bill-of-materials/',
      summary:
        "The order's bill of materials at the catalogue's current costs: each component of its product × quantity, the door type, " +
        'cladding and additional items; kind says when there is none to list (custom, simple product, no product). 404 for no such order.',
      tag: TAG,
    },
  }),
  buildSheet: defineBinaryOperation({
    kind: 'query',
    access: 'work',
    input: productionOrderInput,
    trpc: false,
    run: ({ deps, user, input }) => buildSheetPdf(deps, input.id, user.id),
    rest: {
      method: 'GET',
      path: '/api/production/orders/{id}/build-sheet/',
      summary:
        "The order's build sheet for the shop (inline PDF): building, options, door placement, items, bill of materials with " +
        'quantities and notes, then its blueprint and door drawing as pages; a drawing that is not a readable PDF is named in a note. ' +
        'Archived: an unchanged order answers its stored sheet. Strong ETag; 404 for no such order; 503 {detail} without a browser.',
      tag: TAG,
      produces: 'application/pdf',
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'inline'),
    },
  }),
  buildSheets: defineBinaryOperation({
    kind: 'query',
    access: 'work',
    input: buildSheetsInput,
    trpc: false,
    run: ({ deps, user, input }) => buildSheetsPdf(deps, input.orders, user.id),
    rest: {
      method: 'GET',
      path: '/api/production/build-sheets/',
      summary:
        'The build sheets of several orders (orders=12,15,19; at most 50) as one inline PDF, each with its drawings; each sheet ' +
        'is archived on its own. 400 on orders for a bad list or an unknown order.',
      tag: TAG,
      query: true,
      produces: 'application/pdf',
      reply: (answer, reply) => sendPdf(reply, answer.pdf, 'inline', answer.filename),
    },
  }),
  costing: defineOperation({
    kind: 'query',
    access: 'admin',
    input: productionOrderInput,
    output: orderCostingAnswer,
    run: ({ deps, input }) => orderCosting(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/production/orders/{id}/costing/',
      summary:
        "The order's materials cost as kept at its last save and at today's costs, its price before tax and margin (both ways when " +
        'they differ). Superusers only (403 otherwise); 404 for no such order.',
      tag: TAG,
    },
  }),
  marginReport: defineOperation({
    kind: 'query',
    access: 'admin',
    input: marginReportInput,
    output: marginReportAnswer,
    run: ({ deps, input }) => marginReport(deps, input),
    rest: {
      method: 'GET',
      path: '/api/reports/margin/',
      summary:
        'Margin of the orders dated from..to (default this year; voided ones aside) by month or by product (group): price before tax, ' +
        'materials cost as kept at each save, margin and margin %, and how many orders have no known cost. Superusers only.',
      tag: TAG,
      query: true,
    },
  }),
  marginReportCsv: defineBinaryOperation({
    kind: 'query',
    access: 'admin',
    input: marginReportInput,
    trpc: false,
    run: async ({ deps, input }) => marginCsv(await marginReport(deps, input)),
    rest: {
      method: 'GET',
      path: '/api/reports/margin/csv/',
      summary: 'The margin report (same filters) as CSV: UTF-8 with BOM, decimals with a dot; a Total line last. Superusers only.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  materials: defineOperation({
    kind: 'query',
    access: 'work',
    input: materialsInput,
    output: materialsAnswer,
    run: ({ deps, input }) => materialsForRange(deps, input),
    rest: {
      method: 'GET',
      path: '/api/production/materials/',
      summary:
        'The components the orders shipping from..to need (default the next ship week, Sunday to Saturday; at most 366 days), for the orders ' +
        'with the given statuses (default pending, processed, scheduled_to_ship): needed, of it consumed (already taken from stock), unit cost, ' +
        'total cost, on hand (the stock ledger), on order (open purchase orders, with their expected dates), available (on hand + on order − ' +
        'what is still needed), to buy (never below 0), and the orders and purchase orders behind each figure; orders without a bill of ' +
        'materials listed apart.',
      tag: TAG,
      query: true,
    },
  }),
  materialsCsv: defineBinaryOperation({
    kind: 'query',
    access: 'work',
    input: materialsInput,
    trpc: false,
    run: async ({ deps, user, input }) => materialsCsv(await materialsForRange(deps, input), { money: seesMoney(user.role) }),
    rest: {
      method: 'GET',
      path: '/api/production/materials/csv/',
      summary: 'The materials list (same filters) as CSV: UTF-8 with BOM, decimals with a dot; each row names its orders; a Total line last. For the shop role, without the cost columns and the Total line.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  materialsPdf: defineBinaryOperation({
    kind: 'query',
    access: 'work',
    input: materialsInput,
    trpc: false,
    run: async ({ deps, user, input }) => materialsPdf(deps, await materialsForRange(deps, input), { money: seesMoney(user.role) }),
    rest: {
      method: 'GET',
      path: '/api/production/materials/pdf/',
      summary: 'The materials list (same filters) as an inline PDF, each component with its orders; without its cost columns for the shop role; 503 {detail} without a browser.',
      tag: TAG,
      query: true,
      produces: 'application/pdf',
      reply: (answer, reply) => sendPdf(reply, answer.pdf, 'inline', answer.filename),
    },
  }),
  onHand: defineOperation({
    kind: 'query',
    access: 'work',
    output: onHandList,
    run: ({ deps }) => listOnHand(deps),
    rest: { method: 'GET', path: '/api/production/on-hand/', summary: "Each component's quantity on hand that has been set (others are 0).", tag: TAG },
  }),
  setOnHand: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: setOnHandInput,
    output: onHandAnswer,
    run: ({ deps, user, input }) => setCountedStock(deps, user.id, input.id, input.on_hand, `On hand set to ${input.on_hand}`),
    rest: {
      method: 'PUT',
      path: '/api/production/on-hand/{id}/',
      summary:
        "Sets a component's quantity on hand to a count: a whole number, 0 or more (400 on on_hand otherwise), written to the stock " +
        "ledger as an adjustment of the difference (POST /api/stock/{id}/adjustments/ gives the reason); 404 for no such component.",
      tag: TAG,
      body: true,
    },
  }),
  board: defineOperation({
    kind: 'query',
    access: 'work',
    input: boardInput,
    output: boardAnswer,
    run: ({ deps, input }) => shopBoard(deps, input),
    rest: {
      method: 'GET',
      path: '/api/production/board/',
      summary:
        'The shop board of the ship week holding `week` (default this week; Sunday to Saturday): one card per order shipping then, ' +
        'not voided, with its status, next status and what it lacks for it, and the orders still waiting for a ship date ' +
        '(`unscheduled`). A card moves with POST /api/orders/{id}/change-status/.',
      tag: TAG,
      query: true,
    },
  }),
});
