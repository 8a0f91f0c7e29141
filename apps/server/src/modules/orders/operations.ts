import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { successAnswer } from '../../operations/answers';
import { sendCsv } from '../../csv';
import { ordersCsv } from './export';
import { pageUrl, restPage } from '../../rest/pages';
import {
  byMonthAnswer,
  changeStatusInput,
  doorNumberAnswer,
  historyAnswer,
  initialDataAnswer,
  initialDataRestAnswer,
  orderAnswer,
  orderIdInput,
  orderListAnswer,
  orderListInput,
  orderListRestAnswer,
  orderPatchInput,
  orderUpdateInput,
  orderWriteInput,
} from './schemas';
import { getOrder, initialData, orderHistory, ordersByMonth } from './order-read';
import { listOrders } from './list-query';
import { createOrder, deleteOrder, updateOrder } from './order-write';
import { patchOrder } from './order-patch';
import { ifMatchVersion } from '../../rest/if-match';
import { changeOrderStatus, unvoidOrder, voidOrder } from './order-status';
import { proposeDoorNumber } from './door-numbers';
import { orderPrintPdf } from './documents';
import { PRINTING_TAG as PRINT_TAG, sendArchivedPdf } from '../documents/reply';

const TAG = 'Orders';
const STALE_ANSWER = 'The order was changed by someone else since the version you read: GET it again and reapply your change';
const IF_MATCH_HEADER = {
  name: 'If-Match',
  description: 'The version you read ("3", W/"3" or 3), instead of version in the body; both must agree when both are sent.',
  schema: { type: 'string' },
};
const LIST_VIEW_PATH = '/api/orders/list-view/';
const LIST_SUMMARY =
  'Order list rows, newest first (date, then id), 25 a page (page_size: 1 to 100). Filters: year, month (1-12), status, customer ' +
  '(billing or shipping name contains, any case), serial (door number contains), include_voided. ' +
  'Voided orders only with status=voided or include_voided=true. A page past the end is a 404. ' +
  'Incremental sync: updated_since (ISO 8601 timestamp; orders changed at or after it, inclusive) and/or ' +
  'ordering=updated_at (oldest change first) or -updated_at order the rows by (updated_at, id) instead; each row ' +
  'carries updated_at. Deletions are in GET /api/events/.';

export const ordersOperations = operationSet('orders', {
  get: defineOperation({
    kind: 'query',
    access: 'work',
    input: orderIdInput,
    output: orderAnswer,
    run: ({ deps, input }) => getOrder(deps, input.id),
    rest: { method: 'GET', path: '/api/orders/{id}/', summary: 'An order with every field, its addresses, building info, additional items and totals', tag: TAG },
  }),
  create: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: orderWriteInput,
    output: orderAnswer,
    run: ({ deps, user, input }) => createOrder(deps, user, input),
    rest: {
      method: 'POST',
      path: '/api/orders/',
      summary: 'Create an order with its addresses, building info and additional items (one transaction)',
      tag: TAG,
      body: true,
      successStatus: 201,
    },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: orderUpdateInput,
    output: orderAnswer,
    run: ({ deps, user, input }) => updateOrder(deps, user, input.id, input.data),
    rest: {
      method: 'PUT',
      path: '/api/orders/{id}/',
      summary:
        'Replace an order (nested addresses, building info and items in one transaction). Send the version you read: ' +
        'missing -> 400 {version}, stale -> 409 {detail}.',
      tag: TAG,
      body: 'data',
      answers: { 409: STALE_ANSWER },
    },
  }),
  /** A partial update saved by the PUT's own service (order-patch.ts, decision 133). */
  patch: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: orderPatchInput,
    output: orderAnswer,
    run: ({ deps, user, input, req }) =>
      patchOrder(deps, user, input.id, input.data, { ifMatch: ifMatchVersion(req.headers['if-match']) }),
    rest: {
      method: 'PATCH',
      path: '/api/orders/{id}/',
      summary:
        'Change some fields of an order: only the fields sent change (billing_address, shipping_address and building_info ' +
        'field by field; building_info.additional_items as a whole list). Send the version you read in the body or in ' +
        'If-Match: missing -> 400 {version}, stale -> 409 {detail} (as PUT). History, events and webhooks as for PUT.',
      tag: TAG,
      body: 'data',
      headers: [IF_MATCH_HEADER],
      answers: { 409: STALE_ANSWER },
    },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: orderIdInput,
    output: successAnswer,
    run: async ({ deps, user, input }) => {
      await deleteOrder(deps, user, input.id);
      return { success: true as const };
    },
    rest: {
      method: 'DELETE',
      path: '/api/orders/{id}/',
      summary: 'Delete an order (409 while it has an invoice)',
      tag: TAG,
      successStatus: 204,
      answers: { 409: 'The order has an invoice: delete the invoice first ({detail} names it)' },
    },
  }),
  /** tRPC answers page numbers (next/previous) where REST answers URLs. */
  list: defineOperation({
    kind: 'query',
    access: 'work',
    input: orderListInput,
    output: orderListAnswer,
    run: ({ deps, input }) => listOrders(deps, input ?? {}),
    rest: [
      { path: '/api/orders/', summary: 'Orders, newest first, 25 a page or page_size (1 to 100) (the same list as /api/orders/list-view/)' },
      { path: LIST_VIEW_PATH, summary: LIST_SUMMARY },
    ].map(({ path, summary }) => ({ method: 'GET' as const, path, summary, tag: TAG, query: true as const, shape: restPage, output: orderListRestAnswer })),
  }),
  /** The list as a CSV download: the same filters, every matching order (not a page). */
  exportCsv: defineBinaryOperation({
    kind: 'query',
    access: 'prices',
    input: orderListInput,
    trpc: false,
    run: async ({ deps, input }) => ordersCsv(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/orders/export.csv',
      summary:
        "The orders list as CSV (UTF-8 with BOM; ISO dates; decimals with a dot; text cells starting with = + - @ prefixed with '): " +
        'the list filters (year, month, status, customer, serial, include_voided), every matching order, newest first, streamed.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  initialData: defineOperation({
    kind: 'query',
    access: 'work',
    input: orderListInput,
    output: initialDataAnswer,
    run: async ({ deps, input }) => {
      const data = await initialData(deps, input ?? {});
      return { years: data.years, statuses: data.statuses, orders: { count: data.orders.count, results: data.orders.results, next: data.orders.next } };
    },
    rest: {
      method: 'GET',
      path: '/api/orders/initial_data/',
      summary: 'The order list screen in one call: years with orders, statuses, and the first page (same filters as list-view)',
      tag: TAG,
      query: true,
      shape: (answer, req) => ({ ...answer, orders: { ...answer.orders, next: pageUrl(req, answer.orders.next, LIST_VIEW_PATH) } }),
      output: initialDataRestAnswer,
    },
  }),
  byMonth: defineOperation({
    kind: 'query',
    access: 'work',
    output: byMonthAnswer,
    run: ({ deps }) => ordersByMonth(deps),
    rest: { method: 'GET', path: '/api/orders/by-month/', summary: 'Order counts per month, newest first (voided orders not counted)', tag: TAG },
  }),
  /** Proposes the next free number without taking it (decision 010): a query on both doors. */
  nextDoorNumber: defineOperation({
    kind: 'query',
    access: 'work',
    output: doorNumberAnswer,
    run: ({ deps }) => proposeDoorNumber(deps),
    rest: {
      method: 'GET',
      path: '/api/orders/get-next-door-number/',
      summary: 'The next free door number, proposed without taking it (saving an order with it takes it; a number taken meanwhile answers 400 {door_number})',
      tag: TAG,
    },
  }),
  changeStatus: defineOperation({
    kind: 'mutation',
    access: ['sales', 'production'],
    input: changeStatusInput,
    output: orderAnswer,
    run: ({ deps, user, input }) => changeOrderStatus(deps, user, input.id, input.new_status),
    rest: {
      method: 'POST',
      path: '/api/orders/{id}/change-status/',
      summary:
        'Move the order to its next_possible_status. Refused: 400 {detail, error, missing_requirements, current_status, next_possible_status}',
      tag: TAG,
      body: true,
    },
  }),
  void: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: orderIdInput,
    output: orderAnswer,
    run: ({ deps, user, input }) => voidOrder(deps, user, input.id),
    rest: { method: 'POST', path: '/api/orders/{id}/void/', summary: 'Void a pending order (400 {detail, error} from any other status)', tag: TAG },
  }),
  unvoid: defineOperation({
    kind: 'mutation',
    access: 'sales',
    input: orderIdInput,
    output: orderAnswer,
    run: ({ deps, user, input }) => unvoidOrder(deps, user, input.id),
    rest: {
      method: 'POST',
      path: '/api/orders/{id}/unvoid/',
      summary: 'Restore a voided order to pending (400 {detail, error} from any other status)',
      tag: TAG,
    },
  }),
  history: defineOperation({
    kind: 'query',
    access: 'work',
    input: orderIdInput,
    output: historyAnswer,
    run: ({ deps, input }) => orderHistory(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/orders/{id}/history/',
      summary: "The order's history, newest first: [{id, action, changes {path: {old, new}}, user {id, username}, created_at}]",
      tag: TAG,
    },
  }),
  /** The order on paper for the shop floor (orders/documents.ts), in the OpenAPI group of the bill of lading. */
  print: defineBinaryOperation({
    kind: 'query',
    access: 'prices',
    input: orderIdInput,
    trpc: false,
    run: ({ deps, user, input }) => orderPrintPdf(deps, input.id, user.id),
    rest: {
      method: 'GET',
      path: '/api/orders/{id}/print/',
      summary:
        'The order as a PDF for the shop floor (inline; filename="order-{door number}.pdf"), archived: an unchanged order ' +
        'answers its stored print. Strong ETag; If-None-Match -> 304. 503 {detail} without a browser.',
      tag: PRINT_TAG,
      produces: 'application/pdf',
      reply: (pdf, reply) => sendArchivedPdf(reply, pdf, 'inline'),
    },
  }),
});
