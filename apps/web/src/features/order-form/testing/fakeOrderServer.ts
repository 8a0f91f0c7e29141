/**
 * Test support for the order form: an in-memory stand-in for the server's orders, catalogue and
 * lookups procedures (apps/server/src/modules/orders...), answering with the same shapes and the
 * domain's rules. Only tests import this file.
 */
import {
  DEFAULT_COUNTRY,
  ORDER_STATUSES,
  orderSchema,
  statusLabel,
  zodIssuesToFieldErrors,
  type OrderStatus,
} from '@icehouse/domain';
import {
  TrpcTestError,
  jsonResponse,
  trpcBatch,
  type FakeHandler,
  type SeenRequest,
  type TrpcProcedure,
} from '../../../test/fakeFetch';
import { COMPANY } from '../../company/testing';
import type { HistoryEntry, OrderView } from '../types';
import { SETTINGS, PRODUCTS, orderView } from './sampleOrders';

export interface OrderServerOptions {
  orders?: OrderView[];
  taxRate?: string;
  nextDoorNumbers?: string[];
  history?: HistoryEntry[];
  procedures?: Record<string, TrpcProcedure>;
  /** REST paths other than CSRF (binaries: the print PDF, the BOL PDF). */
  rest?: FakeHandler;
}

export interface OrderServer {
  handler: FakeHandler;
  state: { orders: Map<number, OrderView>; doorNumbers: string[] };
}

export function record(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
}

function validationError(issues: Parameters<typeof zodIssuesToFieldErrors>[0]) {
  return new TrpcTestError({
    message: 'Validation failed. Please check the required fields.',
    code: 'BAD_REQUEST',
    appCode: 'VALIDATION',
    fieldErrors: zodIssuesToFieldErrors(issues) as Record<string, unknown>,
  });
}

/** The server's field error for a door number another order has (orders/validation.ts). */
export const DOOR_NUMBER_TAKEN = 'An order with this door number already exists.';

const notFound = () =>
  new TrpcTestError({ message: 'Order not found.', code: 'NOT_FOUND', appCode: 'NOT_FOUND' });

export function createOrderServer(options: OrderServerOptions = {}): OrderServer {
  const taxRate = options.taxRate ?? '8.25';
  const state = {
    orders: new Map((options.orders ?? []).map((o) => [o.id, o])),
    doorNumbers: [...(options.nextDoorNumbers ?? ['1042', '1043', '1044'])],
  };
  let nextId = Math.max(100, ...state.orders.keys()) + 1;

  const find = (input: unknown) => {
    const order = state.orders.get(Number(record(input).id));
    if (!order) throw notFound();
    return order;
  };

  const procedures: Record<string, TrpcProcedure> = {
    'catalogue.settings.list': () => SETTINGS,
    'catalogue.products.list': () => PRODUCTS,
    'lookups.statusChoices': () => ORDER_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
    'lookups.countries': () => [
      { value: 'US', label: 'United States' },
      { value: 'CA', label: 'Canada' },
    ],
    'lookups.regions': (input) => {
      const country = String(record(input).country ?? DEFAULT_COUNTRY).toUpperCase();
      return country === 'CA'
        ? [
            { value: 'ON', label: 'Ontario' },
            { value: 'QC', label: 'Quebec' },
          ]
        : [
            { value: 'MN', label: 'Minnesota' },
            { value: 'WI', label: 'Wisconsin' },
          ];
    },
    'company.get': () => ({ ...COMPANY, sales_tax_rate: taxRate }),
    'orders.get': (input) => find(input),
    // Proposes without taking (like the server): saving an order with the number takes it.
    'orders.nextDoorNumber': () => ({ door_number: state.doorNumbers[0] ?? '9999' }),
    'orders.create': (input) => {
      const body = record(input);
      const parsed = orderSchema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error);
      const door = parsed.data.door_number;
      if ([...state.orders.values()].some((o) => o.door_number === door)) {
        throw validationError({ issues: [{ path: ['door_number'], message: DOOR_NUMBER_TAKEN }] });
      }
      if (state.doorNumbers[0] === door) state.doorNumbers.shift();
      const id = nextId++;
      const view = orderView(
        id,
        parsed.data,
        { additional_info: String(body.additional_info ?? '') },
        taxRate,
      );
      state.orders.set(id, view);
      return view;
    },
    'orders.update': (input) => {
      const { id, data } = record(input);
      const current = find({ id });
      const body = record(data);
      if (body.version !== current.version) {
        throw new TrpcTestError({
          message:
            'This order was changed by someone else since you opened it. Reload it to see their changes.',
          code: 'CONFLICT',
          appCode: 'CONFLICT',
        });
      }
      const parsed = orderSchema.safeParse({ ...body, has_invoice: current.has_invoice });
      if (!parsed.success) throw validationError(parsed.error);
      const view = orderView(
        current.id,
        parsed.data,
        {
          additional_info: String(body.additional_info ?? current.additional_info),
          invoice_details: current.invoice_details,
          bill_of_lading_details: current.bill_of_lading_details,
          has_invoice: current.has_invoice,
          has_bol: current.has_bol,
          blueprint: current.blueprint,
          blueprint_filename: current.blueprint_filename,
          version: current.version + 1,
        },
        taxRate,
      );
      state.orders.set(current.id, view);
      return view;
    },
    'orders.void': (input) => {
      const order = find(input);
      const next = {
        ...order,
        status: 'voided' as OrderStatus,
        status_display: 'Voided',
        version: order.version + 1,
      };
      state.orders.set(order.id, next);
      return next;
    },
    'orders.unvoid': (input) => {
      const order = find(input);
      const next = {
        ...order,
        status: 'pending' as OrderStatus,
        status_display: 'Pending',
        version: order.version + 1,
      };
      state.orders.set(order.id, next);
      return next;
    },
    'orders.delete': (input) => {
      const order = find(input);
      if (order.invoice_details) {
        throw new TrpcTestError({
          message: `This order has an invoice (#${order.invoice_details.invoice_number}) and cannot be deleted. Delete the invoice first.`,
          code: 'CONFLICT',
          appCode: 'CONFLICT',
        });
      }
      state.orders.delete(order.id);
      return { success: true };
    },
    'orders.history': () => options.history ?? [],
    'documents.forOrder': () => ({ results: [] }),
    'email.log': () => ({ results: [] }),
    // Deposits and customer credit (decisions 171, 174): none, unless a test says otherwise.
    'credit.orderDeposits': (input) => ({
      order_id: find({ id: record(input).orderId }).id,
      order_status: find({ id: record(input).orderId }).status,
      held: '0.00',
      owed_to_customer: false,
      deposit_limit: null,
      results: [],
    }),
    'credit.customerCredit': (input) => ({
      customer_id: Number(record(input).id),
      credit: '0.00',
      sources: [],
      open_invoices: [],
      payment_terms: '',
    }),
    'orders.removeFile': (input) => {
      const order = find(input);
      const kind = record(input).kind;
      const next =
        kind === 'blueprint'
          ? { ...order, blueprint: null, blueprint_filename: null }
          : { ...order, door_placement_drawing: null, door_placement_filename: null };
      state.orders.set(order.id, next);
      return kind === 'blueprint'
        ? { blueprint: null, blueprint_filename: null }
        : { door_placement_drawing: null, door_placement_filename: null };
    },
    ...options.procedures,
  };

  const rest: FakeHandler = (request: SeenRequest) => {
    if (request.path === '/api/auth/csrf/') return jsonResponse({ csrfToken: 'test-token' });
    if (options.rest) return options.rest(request);
    return jsonResponse({ detail: 'Not found.' }, 404);
  };

  return { handler: splitBatches(trpcBatch(procedures, rest)), state };
}

/**
 * Answers a tRPC batch one procedure at a time, so each gets the input at its own index (the
 * shared trpcInputs lists only the inputs present, which shifts them when a batch mixes calls
 * with and without input).
 */
function splitBatches(inner: FakeHandler): FakeHandler {
  return async (request) => {
    if (!request.path.startsWith('/trpc/')) return inner(request);
    const names = decodeURIComponent(request.path.slice('/trpc/'.length)).split(',');
    if (names.length === 1) return inner(request);
    const raw =
      request.method === 'GET'
        ? new URL(request.url, 'http://localhost').searchParams.get('input')
        : request.body;
    const inputs = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const answers = await Promise.all(
      names.map(async (name, index) => {
        const single = JSON.stringify(String(index) in inputs ? { 0: inputs[String(index)] } : {});
        const response = await inner({
          ...request,
          url: `/trpc/${name}?batch=1&input=${encodeURIComponent(single)}`,
          path: `/trpc/${name}`,
          body: request.method === 'GET' ? null : single,
        });
        const body = (await response.json()) as unknown[];
        return { status: response.status, item: body[0] };
      }),
    );
    const statuses = new Set(answers.map((a) => a.status));
    return jsonResponse(
      answers.map((a) => a.item),
      statuses.size === 1 ? answers[0]!.status : 207,
    );
  };
}
