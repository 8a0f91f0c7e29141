/**
 * Test support for the order form: an in-memory stand-in for the server's orders, catalogue and
 * lookups procedures (apps/server/src/modules/orders...), answering with the same shapes and the
 * domain's rules, and a renderer. Only tests import this file.
 */
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import {
  CUSTOM_PRODUCT,
  DEFAULT_COUNTRY,
  ORDER_STATUSES,
  calculateOrderPrice,
  orderPriceInputFromOrder,
  orderSchema,
  statusLabel,
  zodIssuesToFieldErrors,
  type OrderData,
  type OrderStatus,
} from '@icehouse/domain';
import {
  TrpcTestError,
  jsonResponse,
  trpcBatch,
  type FakeHandler,
  type SeenRequest,
  type TrpcProcedure,
} from '../../test/fakeFetch';
import { renderWithServer } from '../../test/render';
import { COMPANY } from '../company/testing';
import { AuthProvider } from '../../lib/auth';
import { LiveUpdates } from '../../lib/live';
import { OrderFormModal } from './OrderFormModal';
import type { HistoryEntry, OrderView, ProductRow, SettingRow } from './types';

const CATEGORY_LABELS: Record<string, string> = {
  ship_via: 'Ship Via',
  size: 'Size',
  thickness: 'Thickness',
  door_type: 'Door Type',
  door_cladding: 'Door Cladding',
  hinge_side: 'Hinge Side',
  roof_color: 'Roof Color',
  siding_color: 'Siding Color',
  additional_item: 'Additional Item',
};

function setting(id: number, category: SettingRow['category'], value: string, price = '0.00'): SettingRow {
  return { id, category, category_display: CATEGORY_LABELS[category] ?? category, value, price };
}

export const SETTINGS: SettingRow[] = [
  setting(1, 'ship_via', 'Customer Pickup'),
  setting(2, 'ship_via', 'Freight Carrier'),
  setting(10, 'size', '8x10'),
  setting(11, 'size', '8x12'),
  setting(20, 'thickness', '4"'),
  setting(21, 'thickness', '6"'),
  setting(30, 'door_type', 'Standard Swing 36"', '850.00'),
  setting(31, 'door_type', 'Sliding Cooler Door', '1650.00'),
  setting(40, 'door_cladding', 'Galvalume', '125.00'),
  setting(41, 'door_cladding', 'Stainless Steel', '475.00'),
  setting(50, 'hinge_side', 'Left'),
  setting(51, 'hinge_side', 'Right'),
  setting(60, 'roof_color', 'Charcoal'),
  setting(70, 'siding_color', 'Polar White'),
  setting(80, 'additional_item', 'Strip Curtain', '165.00'),
  setting(81, 'additional_item', 'Interior LED Light', '85.00'),
  setting(82, 'additional_item', 'Rod Holder Set', '45.00'),
];

function product(
  id: number,
  description: string,
  building_type: ProductRow['building_type'],
  price: string,
): ProductRow {
  return {
    id,
    description,
    building_type,
    building_type_display: building_type,
    is_simple: true,
    price,
    components: [],
    calculated_price: price,
    total_cost: '0.00',
  };
}

export const PRODUCTS: ProductRow[] = [
  product(1, 'Walk-in Cooler 8x10', 'FREEZER_COOLER_UNIT', '8950.00'),
  product(2, 'Ice House Kit 8x16', 'ICE_HOUSE_KIT', '1000'),
  product(3, 'Cooler Door Kit', 'DOOR_ONLY', '415.6'),
];

const settingLabel = (id: number | null) =>
  id === null ? '' : (SETTINGS.find((s) => s.id === id)?.value ?? '');

function address(id: number, data: OrderData['billing_address']) {
  return { id, ...data };
}

/** A full order answer from validated order data, as the server builds it. */
export function orderView(
  id: number,
  data: OrderData,
  extra: Partial<OrderView> & { version?: number; additional_info?: string } = {},
  taxRate = '0.00',
): OrderView {
  const b = data.building_info;
  const items = b.additional_items.map((item, i) => ({ id: id * 100 + i, ...item }));
  const productType =
    typeof b.product === 'number' ? (PRODUCTS.find((p) => p.id === b.product)?.building_type ?? null) : null;
  const building_type = b.building_type ?? productType;
  const priced = calculateOrderPrice(
    orderPriceInputFromOrder(
      { ...data, building_info: { ...b, additional_items: items } },
      { taxRate, buildingType: building_type },
    ),
  );
  const hasInvoice = extra.invoice_details != null;
  const hasBol = extra.bill_of_lading_details != null;
  const view: OrderView = {
    id,
    status: data.status,
    status_display: statusLabel(data.status),
    has_bol: hasBol,
    has_invoice: hasInvoice,
    can_change_status: false,
    missing_requirements: [],
    next_possible_status: null,
    date: data.date,
    ship_date: data.ship_date,
    ship_via: data.ship_via === null ? null : { value: data.ship_via, label: settingLabel(data.ship_via) },
    invoice_number: data.invoice_number,
    door_number: data.door_number,
    special_delivery_info: data.special_delivery_info,
    customer_po_job_name: data.customer_po_job_name,
    freight_cost: data.freight_cost,
    discount: data.discount,
    discount_is_percentage: data.discount_is_percentage,
    tax_exempt: data.tax_exempt,
    phone: data.phone,
    eps_po_number: data.eps_po_number,
    po_delivery_date: data.po_delivery_date,
    notes: data.notes,
    additional_info: extra.additional_info ?? '',
    bol_number: null,
    customer_name: data.billing_address.name || data.shipping_address.name,
    customer_id: null,
    blueprint: null,
    blueprint_filename: null,
    door_placement_drawing: null,
    door_placement_filename: null,
    invoice_details: null,
    bill_of_lading_details: null,
    billing_address: address(id * 10 + 1, data.billing_address),
    shipping_address: address(id * 10 + 2, data.shipping_address),
    building_info: {
      id,
      order: id,
      product: b.product,
      is_custom: b.product === CUSTOM_PRODUCT,
      price: b.price,
      building_type,
      building_description: b.building_description,
      size: b.size,
      custom_size: b.custom_size,
      thickness: b.thickness,
      door_type: b.door_type,
      door_type_price: b.door_type_price,
      door_cladding: b.door_cladding,
      door_cladding_price: b.door_cladding_price,
      hinge_side: b.hinge_side,
      roof_color: b.roof_color,
      siding_color: b.siding_color,
      door_placement: b.door_placement,
      additional_items: items,
    },
    additional_items: items,
    totals: {
      subtotal: priced.subtotal,
      discount_amount: priced.discountAmount,
      tax_amount: priced.taxAmount,
      total: priced.total,
      tax_rate: taxRate,
    },
    version: 1,
    created_at: '2024-03-05T15:00:00.000Z',
    updated_at: '2024-03-05T15:00:00.000Z',
    ...extra,
  };
  return view;
}

/** The sample order's billing address. */
export const SAMPLE_BILLING = {
  name: 'Acme Cold Storage',
  street: '1 Main St',
  city: 'Duluth',
  state: 'MN',
  zip_code: '55802',
};

/** A valid saved order: a catalogue Walk-in Cooler for Acme, pending. */
export function sampleOrder(id = 7, overrides: Record<string, unknown> = {}, extra: Partial<OrderView> = {}) {
  const data = orderSchema.parse({
    status: 'pending',
    date: '2024-03-05',
    door_number: '1007',
    billing_address: SAMPLE_BILLING,
    shipping_address: { name: 'Acme Cold Storage' },
    building_info: { product: 1, price: '8950.00', building_type: 'FREEZER_COOLER_UNIT' },
    ...overrides,
  });
  return orderView(id, data, extra);
}

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

function record(input: unknown): Record<string, unknown> {
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

export interface RenderOrderFormOptions {
  orderId?: number | null;
  server?: OrderServer;
  invoiceMode?: boolean;
  /** Inside the session and the live feed (issue 17), as the app's pages are; the server then needs auth.check. */
  live?: boolean;
}

/** The order form over the fake server, inside a router (the invoice buttons navigate). */
export async function renderOrderForm({
  orderId = null,
  server = createOrderServer(),
  invoiceMode = false,
  live = false,
}: RenderOrderFormOptions = {}) {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <OrderFormModal
            orderId={orderId}
            invoiceMode={invoiceMode}
            onClose={onClose}
            onDeleted={onDeleted}
          />
        ),
      },
    ],
    { initialEntries: ['/orders'] },
  );
  const app = <RouterProvider router={router} />;
  const rendered = renderWithServer(
    live ? (
      <AuthProvider>
        <LiveUpdates>{app}</LiveUpdates>
      </AuthProvider>
    ) : (
      app
    ),
    server.handler,
  );
  const title = orderId === null ? 'New Order' : 'Edit Order';
  const form = await screen.findByRole('form', { name: title }, { timeout: 3000 });
  return { ...rendered, router, server, onClose, onDeleted, form };
}

// ------------------------------------------------------------------- queries and actions

export const dialog = (name: string | RegExp = /Order$/) => screen.getByRole('dialog', { name });
export const combobox = (name: string, root: HTMLElement = document.body) =>
  within(root).getByRole('combobox', { name });
export const textbox = (name: string | RegExp, root: HTMLElement = document.body) =>
  within(root).getByRole('textbox', { name });
export const money = (name: string | RegExp, root: HTMLElement = document.body) =>
  within(root).getByRole('spinbutton', { name });
export const group = (name: string) => screen.getByRole('group', { name });
export const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** Opens a select and picks an option by its exact label. */
export async function choose(box: HTMLElement, option: string) {
  await userEvent.click(box);
  const listbox = await screen.findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: option }));
}

/** The option labels an open select offers. */
export async function optionsOf(box: HTMLElement): Promise<string[]> {
  await userEvent.click(box);
  const listbox = await screen.findByRole('listbox');
  const labels = within(listbox)
    .queryAllByRole('option')
    .map((o) => o.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return labels;
}

/** The text of a labelled amount (an <output>). */
export const amount = (label: string | RegExp) => screen.getByLabelText(label).textContent;

/** The data a tRPC mutation sent (the single input of its batch). */
export function sentTo(requests: SeenRequest[], procedure: string): Record<string, unknown> | undefined {
  for (const request of [...requests].reverse()) {
    const names = callsIn(request);
    const index = names.indexOf(procedure);
    if (index === -1 || !request.body) continue;
    const parsed = JSON.parse(request.body) as Record<string, unknown>;
    return record(parsed[String(index)]);
  }
  return undefined;
}

/** The procedures a request called. */
export function callsIn(request: SeenRequest): string[] {
  if (!request.path.startsWith('/trpc/')) return [];
  return decodeURIComponent(request.path.slice('/trpc/'.length)).split(',');
}

export function called(requests: SeenRequest[], procedure: string): boolean {
  return requests.some((request) => callsIn(request).includes(procedure));
}

export async function waitForCall(requests: SeenRequest[], procedure: string) {
  await waitFor(() => expect(called(requests, procedure)).toBe(true));
}
