import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS, MESSAGES } from '@icehouse/domain';
import { AppError } from '../../errors';
import { defineRoute } from '../../rest/route';
import { idParams } from '../../rest/params';
import {
  blueprintAnswer,
  byMonthAnswer,
  changeStatusBody,
  doorNumberAnswer,
  doorPlacementAnswer,
  historyAnswer,
  initialDataAnswer,
  orderAnswer,
  orderListAnswer,
  orderListQuery,
  orderWriteInput,
  type OrderFileKind,
} from './schemas';
import {
  proposeDoorNumber,
  changeOrderStatus,
  createOrder,
  deleteOrder,
  getOrder,
  initialData,
  listOrders,
  orderHistory,
  ordersByMonth,
  unvoidOrder,
  updateOrder,
  voidOrder,
  type OrderListPage,
} from './service';
import { FILE_LABELS, assertOrderTakesFiles, inlineContentDisposition, readOrderFile, removeOrderFile, uploadOrderFile } from './files';

const TAG = 'Orders';

/** DRF-style page links: full URLs with the same filters, page 1 without `page`. */
function pageUrl(req: FastifyRequest, page: number | null, pathname?: string): string | null {
  if (page === null) return null;
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  if (pathname) url.pathname = pathname;
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

const LIST_VIEW_PATH = '/api/orders/list-view/';

function restList(req: FastifyRequest, page: OrderListPage) {
  return { count: page.count, next: pageUrl(req, page.next_page), previous: pageUrl(req, page.previous_page), results: page.results };
}

const UNREADABLE_UPLOAD = 'The upload could not be read (malformed multipart/form-data). Please choose the file again.';

function uploadRoute(path: string, kind: OrderFileKind, summary: string) {
  const labels = FILE_LABELS[kind];
  return defineRoute({
    method: 'POST',
    path,
    summary,
    tag: TAG,
    access: 'user',
    params: idParams,
    consumes: ['multipart/form-data'],
    body: z
      .object({ [labels.field]: z.string().meta({ format: 'binary' }) })
      .describe(`One file part (${labels.field}); PDF content only, at most ${LIMITS.uploadMaxBytes} bytes. 413 too large, 415 not a PDF.`),
    response: kind === 'blueprint' ? blueprintAnswer : doorPlacementAnswer,
    handler: async ({ deps, params, user, req }) => {
      await assertOrderTakesFiles(deps, params.id);
      // A body the multipart parser cannot read (no boundary, cut short) is the client's: 400, not 500.
      const unreadable = (error: unknown): unknown => {
        const status = (error as { statusCode?: unknown } | null)?.statusCode;
        if (error instanceof AppError || (typeof status === 'number' && status < 500)) return error;
        return AppError.validation({ [labels.field]: [UNREADABLE_UPLOAD] }, UNREADABLE_UPLOAD);
      };
      const part = await req.file({ limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20, parts: 40 } }).catch((error: unknown) => {
        throw unreadable(error);
      });
      if (!part) throw AppError.validation({ [labels.field]: [MESSAGES.uploadNoFile] }, MESSAGES.uploadNoFile);
      return uploadOrderFile(deps, user, params.id, kind, part).catch((error: unknown) => {
        throw unreadable(error);
      });
    },
  });
}

function removeRoute(path: string, kind: OrderFileKind, summary: string) {
  return defineRoute({
    method: 'DELETE',
    path,
    summary,
    tag: TAG,
    access: 'user',
    params: idParams,
    response: kind === 'blueprint' ? blueprintAnswer : doorPlacementAnswer,
    handler: ({ deps, params, user }) => removeOrderFile(deps, user, params.id, kind),
  });
}

function serveRoute(path: string, kind: OrderFileKind, summary: string) {
  return defineRoute({
    method: 'GET',
    path,
    summary,
    tag: TAG,
    access: 'user',
    params: idParams,
    produces: 'application/pdf',
    handler: async ({ deps, params, req, reply }) => {
      const file = await readOrderFile(deps, params.id, kind, req.headers['if-none-match']);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', inlineContentDisposition(file.filename))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('etag', `"${file.sha256}"`);
      if (!file.stream) return reply.code(304).send();
      // Streamed from the blob store: memory stays at a chunk whatever the file's size.
      return reply.header('content-length', file.size).send(file.stream);
    },
  });
}

export const ordersRestRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/orders/',
    summary: 'Create an order with its addresses, building info and additional items (one transaction)',
    tag: TAG,
    access: 'user',
    body: orderWriteInput,
    response: orderAnswer,
    successStatus: 201,
    handler: ({ deps, body, user }) => createOrder(deps, user, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/orders/',
    summary: 'Orders, newest first, 25 a page (the same list as /api/orders/list-view/)',
    tag: TAG,
    access: 'user',
    query: orderListQuery,
    response: orderListAnswer,
    handler: async ({ deps, query, req }) => restList(req, await listOrders(deps, query)),
  }),
  defineRoute({
    method: 'GET',
    path: LIST_VIEW_PATH,
    summary:
      'Order list rows, newest first (date, then id), 25 a page. Filters: year, month (1-12), status, customer ' +
      '(billing or shipping name contains, any case), serial (door number contains), include_voided. ' +
      'Voided orders only with status=voided or include_voided=true. A page past the end is a 404.',
    tag: TAG,
    access: 'user',
    query: orderListQuery,
    response: orderListAnswer,
    handler: async ({ deps, query, req }) => restList(req, await listOrders(deps, query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/orders/initial_data/',
    summary: 'The order list screen in one call: years with orders, statuses, and the first page (same filters as list-view)',
    tag: TAG,
    access: 'user',
    query: orderListQuery,
    response: initialDataAnswer,
    handler: async ({ deps, query, req }) => {
      const data = await initialData(deps, query);
      return {
        years: data.years,
        statuses: data.statuses,
        orders: { count: data.orders.count, results: data.orders.results, next: pageUrl(req, data.orders.next_page, LIST_VIEW_PATH) },
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/orders/by-month/',
    summary: 'Order counts per month, newest first (voided orders not counted)',
    tag: TAG,
    access: 'user',
    response: byMonthAnswer,
    handler: ({ deps }) => ordersByMonth(deps),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/orders/get-next-door-number/',
    summary: 'The next free door number, proposed without taking it (saving an order with it takes it; a number taken meanwhile answers 400 {door_number})',
    tag: TAG,
    access: 'user',
    response: doorNumberAnswer,
    handler: ({ deps }) => proposeDoorNumber(deps),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/',
    summary: 'An order with every field, its addresses, building info, additional items and totals',
    tag: TAG,
    access: 'user',
    params: idParams,
    response: orderAnswer,
    handler: ({ deps, params }) => getOrder(deps, params.id),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/orders/{id}/',
    summary:
      'Replace an order (nested addresses, building info and items in one transaction). Send the version you read: ' +
      'missing -> 400 {version}, stale -> 409 {detail}.',
    tag: TAG,
    access: 'user',
    params: idParams,
    body: orderWriteInput,
    response: orderAnswer,
    handler: ({ deps, params, body, user }) => updateOrder(deps, user, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/orders/{id}/',
    summary: 'Delete an order (409 while it has an invoice)',
    tag: TAG,
    access: 'user',
    params: idParams,
    successStatus: 204,
    handler: async ({ deps, params, user }) => {
      await deleteOrder(deps, user, params.id);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/orders/{id}/change-status/',
    summary:
      'Move the order to its next_possible_status. Refused: 400 {detail, error, missing_requirements, current_status, next_possible_status}',
    tag: TAG,
    access: 'user',
    params: idParams,
    body: changeStatusBody,
    response: orderAnswer,
    handler: ({ deps, params, body, user }) => changeOrderStatus(deps, user, params.id, body.new_status),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/orders/{id}/void/',
    summary: 'Void a pending order (400 {detail, error} from any other status)',
    tag: TAG,
    access: 'user',
    params: idParams,
    response: orderAnswer,
    handler: ({ deps, params, user }) => voidOrder(deps, user, params.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/orders/{id}/unvoid/',
    summary: 'Restore a voided order to pending (400 {detail, error} from any other status)',
    tag: TAG,
    access: 'user',
    params: idParams,
    response: orderAnswer,
    handler: ({ deps, params, user }) => unvoidOrder(deps, user, params.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/history/',
    summary: "The order's history, newest first: [{id, action, changes {path: {old, new}}, user {id, username}, created_at}]",
    tag: TAG,
    access: 'user',
    params: idParams,
    response: historyAnswer,
    handler: ({ deps, params }) => orderHistory(deps, params.id),
  }),
  uploadRoute('/api/orders/{id}/blueprint/', 'blueprint', 'Upload the blueprint PDF (multipart field blueprint)'),
  uploadRoute(
    '/api/orders/{id}/door-placement-drawing/',
    'door_placement',
    'Upload the door placement drawing PDF (multipart field door_placement_drawing)',
  ),
  uploadRoute('/api/orders/{id}/door-placement/', 'door_placement', 'Older path of /api/orders/{id}/door-placement-drawing/'),
  removeRoute('/api/orders/{id}/remove-blueprint/', 'blueprint', 'Remove the blueprint PDF'),
  removeRoute('/api/orders/{id}/remove-door-placement/', 'door_placement', 'Remove the door placement drawing PDF'),
  serveRoute('/api/orders/{id}/serve-blueprint/', 'blueprint', 'The blueprint PDF (inline)'),
  serveRoute('/api/orders/{id}/serve-door-placement/', 'door_placement', 'The door placement drawing PDF (inline)'),
];
