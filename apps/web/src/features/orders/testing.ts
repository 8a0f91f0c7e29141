/**
 * Test support: an in-memory stand-in for the server's orders procedures (apps/server/src/modules/
 * orders) and lookups.statusChoices, answering with the same shapes and the domain's status rules,
 * so the dashboard and the orders list are tested through the real tRPC and HTTP clients.
 * Only tests import this file.
 */
import {
  MONTH_NAMES,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  canChangeStatus,
  missingRequirements,
  nextStatus,
  statusLabel,
  type OrderStatus,
} from '@icehouse/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TrpcTestError, type SeenRequest, type TrpcProcedure, trpcInputs } from '../../test/fakeFetch';
import { STAFF, createFakeServer, type FakeServer, type FakeServerOptions } from '../../test/fakeServer';
import type { OrderListRow } from './types';
import type { OrderView } from '../order-form/types';
import { SAMPLE_BILLING, sampleOrder } from '../order-form/testing/sampleOrders';
import { fakeMonthlyFigures } from '../schedule/testing';

/** What the status rules look at, as the server knows it. */
export interface OrderFacts {
  eps_po_number: string;
  ship_date: string | null;
  ship_via: number | null;
  has_invoice: boolean;
  has_bol: boolean;
}

export interface FakeOrder {
  id: number;
  status: OrderStatus;
  date: string;
  customer_name: string;
  door_number: string;
  facts: OrderFacts;
  invoice_details: { id: number; invoice_number: string; date: string } | null;
  deposits_held?: string;
}

const NO_FACTS: OrderFacts = {
  eps_po_number: '',
  ship_date: null,
  ship_via: null,
  has_invoice: false,
  has_bol: false,
};

/** An order; `facts` default to none (a pending order without an EPS PO number cannot progress). */
export function fakeOrder(
  id: number,
  fields: Partial<Omit<FakeOrder, 'facts'>> & { facts?: Partial<OrderFacts> } = {},
): FakeOrder {
  const facts = { ...NO_FACTS, ...fields.facts };
  return {
    id,
    status: fields.status ?? 'pending',
    date: fields.date ?? '2024-03-05',
    customer_name: fields.customer_name ?? `Customer ${id}`,
    door_number: fields.door_number ?? String(1000 + id),
    facts,
    invoice_details:
      fields.invoice_details !== undefined
        ? fields.invoice_details
        : facts.has_invoice
          ? { id: 500 + id, invoice_number: String(2000 + id), date: fields.date ?? '2024-03-05' }
          : null,
    deposits_held: fields.deposits_held ?? '0.00',
  };
}

/** The list row the server would answer for an order. */
export function toListRow(order: FakeOrder): OrderListRow {
  const facts = { ...order.facts, status: order.status };
  const next = nextStatus(order.status);
  return {
    id: order.id,
    status: order.status,
    status_display: statusLabel(order.status),
    date: order.date,
    customer_name: order.customer_name,
    door_number: order.door_number,
    has_bol: order.facts.has_bol,
    has_invoice: order.facts.has_invoice,
    can_change_status: canChangeStatus(facts),
    missing_requirements: next ? missingRequirements(facts, next) : [],
    next_possible_status: next,
    invoice_details: order.invoice_details,
    updated_at: '2024-03-05T12:00:00.000Z',
    deposits_held: order.deposits_held ?? '0.00',
  };
}

/** The whole order the server answers (orders.get, orders.changeStatus): the order form's sample order with these facts. */
export function toOrderView(order: FakeOrder): OrderView {
  // The list's deposits figure is the list's own (the order answers its deposits on their own call).
  const { deposits_held: _listOnly, ...row } = toListRow(order);
  const { eps_po_number, ship_date, ship_via } = order.facts;
  // Built as pending (the domain's order rules check a status's requirements), then given its status.
  return sampleOrder(
    order.id,
    {
      date: order.date,
      door_number: order.door_number,
      eps_po_number,
      ship_date,
      ship_via,
      billing_address: { ...SAMPLE_BILLING, name: order.customer_name },
      shipping_address: { name: order.customer_name },
    },
    row,
  );
}

function asRecord(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
}

export interface OrdersState {
  orders: FakeOrder[];
}

export interface FakeOrdersOptions {
  /** Rows a page (the server's is 25). */
  pageSize?: number;
}

const notFound = (message: string) => new TrpcTestError({ message, code: 'NOT_FOUND', appCode: 'NOT_FOUND' });

export function ordersProcedures(
  state: OrdersState,
  options: FakeOrdersOptions = {},
): Record<string, TrpcProcedure> {
  const pageSize = options.pageSize ?? 25;

  function filtered(input: Record<string, unknown>): FakeOrder[] {
    const customer = typeof input.customer === 'string' ? input.customer.trim().toLowerCase() : '';
    const serial = typeof input.serial === 'string' ? input.serial.trim().toLowerCase() : '';
    return state.orders
      .filter((o) => (typeof input.year === 'number' ? Number(o.date.slice(0, 4)) === input.year : true))
      .filter((o) => (typeof input.month === 'number' ? Number(o.date.slice(5, 7)) === input.month : true))
      .filter((o) =>
        typeof input.status === 'string'
          ? o.status === input.status
          : input.include_voided === true || o.status !== 'voided',
      )
      .filter((o) => (customer ? o.customer_name.toLowerCase().includes(customer) : true))
      .filter((o) => (serial ? o.door_number.toLowerCase().includes(serial) : true))
      .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
  }

  function page(input: Record<string, unknown>) {
    const all = filtered(input);
    const number = typeof input.page === 'number' ? input.page : 1;
    const pages = Math.max(1, Math.ceil(all.length / pageSize));
    if (number > pages) throw notFound('Invalid page.');
    return {
      count: all.length,
      next: number < pages ? number + 1 : null,
      previous: number > 1 ? number - 1 : null,
      results: all.slice((number - 1) * pageSize, number * pageSize).map(toListRow),
    };
  }

  const statuses = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));

  return {
    'lookups.statusChoices': () => statuses,
    'orders.list': (input) => page(asRecord(input)),
    'orders.initialData': (input) => {
      const first = page({ ...asRecord(input), page: 1 });
      const years = [...new Set(state.orders.map((o) => Number(o.date.slice(0, 4))))].sort((a, b) => b - a);
      return { years, statuses, orders: { count: first.count, results: first.results, next: first.next } };
    },
    'orders.byMonth': () => {
      const counts = new Map<string, { year: number; month: number; total: number }>();
      for (const o of state.orders) {
        if (o.status === 'voided') continue;
        const year = Number(o.date.slice(0, 4));
        const month = Number(o.date.slice(5, 7));
        const key = `${year}-${month}`;
        const entry = counts.get(key) ?? { year, month, total: 0 };
        entry.total += 1;
        counts.set(key, entry);
      }
      return [...counts.values()]
        .sort((a, b) => b.year - a.year || b.month - a.month)
        .map((e) => ({
          year: e.year,
          month: e.month,
          month_name: MONTH_NAMES[e.month - 1],
          total_orders: e.total,
        }));
    },
    // The dashboard's chart: counts from these orders, no invoices.
    'schedule.monthly': (input) => fakeMonthlyFigures(state.orders, input),
    'orders.get': (input) => {
      const order = state.orders.find((o) => o.id === asRecord(input).id);
      if (!order) throw notFound('Not found.');
      return toOrderView(order);
    },
    'orders.changeStatus': (input) => {
      const { id, new_status: newStatus } = asRecord(input);
      const order = state.orders.find((o) => o.id === id);
      if (!order) throw notFound('Not found.');
      const next = nextStatus(order.status);
      const facts = { ...order.facts, status: order.status };
      const missing = next ? missingRequirements(facts, next) : [];
      const refuse = (message: string) =>
        new TrpcTestError({
          message,
          code: 'BAD_REQUEST',
          appCode: 'VALIDATION',
          details: {
            error: message,
            missing_requirements: missing,
            current_status: order.status,
            next_possible_status: next,
          },
        });
      if (next === null) throw refuse(`A ${statusLabel(order.status)} order cannot change status.`);
      if (newStatus !== next) throw refuse(`Cannot change status to ${String(newStatus)}.`);
      if (missing.length > 0) throw refuse(`Missing requirements: ${missing.join(', ')}`);
      order.status = next;
      return toOrderView(order);
    },
  };
}

export interface FakeOrdersServer extends FakeServer {
  orders: OrdersState;
}

/** A signed-in staff session with these orders (and the auth procedures of the shared fake). */
export function createOrdersServer(
  orders: FakeOrder[],
  options: FakeServerOptions & FakeOrdersOptions = {},
): FakeOrdersServer {
  const state: OrdersState = { orders };
  const server = createFakeServer({
    session: STAFF,
    ...options,
    procedures: { ...ordersProcedures(state, options), ...options.procedures },
  });
  return { ...server, orders: state };
}

/** The inputs of every call of one procedure, in order. */
export function inputsOf(requests: SeenRequest[], procedure: string): unknown[] {
  return requests.flatMap((request) => {
    if (!request.path.startsWith('/trpc/')) return [];
    const names = decodeURIComponent(request.path.slice('/trpc/'.length)).split(',');
    const inputs = trpcInputs(request);
    return names.flatMap((name, index) => (name === procedure ? [inputs[index]] : []));
  });
}

/** Opens a react-select (by its combobox) and picks the option with this label. */
export async function chooseOption(combobox: HTMLElement, label: string | RegExp): Promise<void> {
  await userEvent.click(combobox);
  await userEvent.click(await screen.findByRole('option', { name: label }));
}
