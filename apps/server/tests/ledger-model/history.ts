import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { InvoicesTestContext } from '../invoices-test-support';
import { orderPayload } from '../orders-test-support';
import { quotePayload } from '../quotes-support';
import {
  addDays,
  fmt,
  toCents,
  type Cents,
  type Invoice,
  type Ledger,
  type LedgerEntry,
  type Line,
  type Order,
  type Period,
} from './model';

/**
 * Random histories (fast-check) and the driver that plays one through the REST API, recording in the
 * reference ledger (model.ts) whatever the product accepted. Each step is an intent ("pay the 2nd
 * invoice 40% of what it asks"), resolved against the model's records when it is played, so a history
 * stays meaningful when fast-check shrinks it. A refusal the model predicts is sent anyway and must be
 * refused with the same status; a disagreement is a mismatch (the model then follows the product, so
 * the rest of the history is still compared); a 5xx ends the test at once.
 */

// ------------------------------------------------------------------------------------------ histories

export interface InvoiceShape {
  lines: { qty: number; price: number; freight: boolean }[];
  /** Fixed discount as a share (%) of the non-freight lines. */
  discountPct: number;
  exempt: boolean;
  /** Days after the invoice date (null: no due date). */
  dueDays: number | null;
}

export type Op =
  | { t: 'order'; c: number; quote: boolean }
  | { t: 'deposit'; o: number; amount: number; any: boolean; /** this order (a step made it) */ key?: number }
  | { t: 'depositRefund'; o: number; pct: number }
  | { t: 'invoice'; o: number; any: boolean; shape: InvoiceShape; key?: number }
  | { t: 'combine'; o1: number; o2: number; mixed: boolean; confirm: boolean; shape: InvoiceShape }
  | { t: 'edit'; i: number; shape: InvoiceShape }
  | { t: 'pay'; i: number; mode: 'part' | 'exact' | 'over'; pct: number; key?: number }
  | { t: 'refund'; i: number; pct: number }
  | { t: 'reverse'; i: number; e: number }
  | { t: 'adjust'; i: number; delta: number }
  | { t: 'creditNote'; i: number; pct: number; freight: boolean }
  | { t: 'voidCreditNote'; i: number; n: number }
  | { t: 'apply'; src: number; fromOrder: boolean; target: number; pct: number; foreign: boolean }
  | { t: 'creditRefund'; src: number; fromOrder: boolean; pct: number }
  | { t: 'void'; o: number; key?: number }
  | { t: 'unvoid'; o: number }
  | { t: 'deleteInvoice'; i: number }
  | { t: 'deleteOrder'; o: number };

export interface Step {
  op: Op;
  /** Days the history's clock moves on before this step (0: the same day as the previous step). */
  gap: number;
  /** Days this record is dated before the clock (a late entry). */
  back: number;
}

export interface History {
  customers: number;
  steps: Step[];
  checks: {
    /** Statement periods: `to` this many days before today, `from` len days before `to`. */
    periods: { toBack: number; len: number }[];
    /** The aging report's past date, days before today. */
    agingBack: number;
    taxPeriod: Period;
    /** The sales tax report's and the accountant export's range. */
    rangeToBack: number;
    rangeLen: number;
    /** Print the statement PDF of one customer (when Chromium is there). */
    pdf: boolean;
  };
}

/** How many days before today a history starts. */
export const HISTORY_DAYS = 150;

const pct = (min = 1, max = 100) => fc.integer({ min, max });
const idx = fc.nat({ max: 30 });

const shapeArb: fc.Arbitrary<InvoiceShape> = fc.record({
  lines: fc.array(
    fc.record({
      qty: fc.integer({ min: 1, max: 3 }),
      price: fc.integer({ min: 1, max: 250_000 }),
      freight: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  discountPct: fc.oneof(fc.constant(0), pct(1, 40)),
  exempt: fc.boolean(),
  dueDays: fc.oneof(fc.constant(null), fc.constantFrom(0, 10, 30, 45)),
});

const orderOp = fc.record({ t: fc.constant('order' as const), c: fc.nat({ max: 5 }), quote: fc.boolean() });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: orderOp },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('deposit' as const),
      o: idx,
      amount: fc.integer({ min: 100, max: 200_000 }),
      any: fc.constant(false),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('deposit' as const), o: idx, amount: fc.integer({ min: 100, max: 50_000 }), any: fc.constant(true) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('depositRefund' as const), o: idx, pct: pct(1, 120) }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('invoice' as const), o: idx, any: fc.constant(false), shape: shapeArb }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('invoice' as const), o: idx, any: fc.constant(true), shape: shapeArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('combine' as const),
      o1: idx,
      o2: idx,
      mixed: fc.oneof({ weight: 2, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      confirm: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      shape: shapeArb,
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('edit' as const), i: idx, shape: shapeArb }) },
  {
    weight: 6,
    arbitrary: fc.record({ t: fc.constant('pay' as const), i: idx, mode: fc.constantFrom('part' as const, 'part' as const, 'exact' as const, 'over' as const), pct: pct() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('refund' as const), i: idx, pct: pct(1, 120) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('reverse' as const), i: idx, e: idx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('adjust' as const), i: idx, delta: fc.integer({ min: -30_000, max: 30_000 }).filter((d) => d !== 0) }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('creditNote' as const), i: idx, pct: pct(1, 110), freight: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('voidCreditNote' as const), i: idx, n: idx }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('apply' as const),
      src: idx,
      fromOrder: fc.boolean(),
      target: idx,
      pct: pct(1, 110),
      foreign: fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('creditRefund' as const), src: idx, fromOrder: fc.boolean(), pct: pct(1, 110) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('void' as const), o: idx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('unvoid' as const), o: idx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('deleteInvoice' as const), i: idx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('deleteOrder' as const), o: idx }) },
);

const gapArb = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 7, arbitrary: fc.integer({ min: 1, max: 25 }) });
const backArb = fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }) });
const stepOf = (op: fc.Arbitrary<Op>) => fc.record({ op, gap: gapArb, back: backArb });

/** A history: 2-3 customers, two orders to start with, then 4-13 random steps (6-15 in all). */
export function historyArb(options: { minSteps: number; maxSteps: number }): fc.Arbitrary<History> {
  return fc.record({
    customers: fc.integer({ min: 2, max: 3 }),
    steps: fc
      .tuple(
        stepOf(orderOp),
        stepOf(orderOp),
        fc.array(stepOf(opArb), { minLength: options.minSteps - 2, maxLength: options.maxSteps - 2 }),
      )
      .map(([a, b, rest]) => [a, b, ...rest]),
    checks: fc.record({
      periods: fc.array(fc.record({ toBack: fc.integer({ min: 0, max: HISTORY_DAYS }), len: fc.integer({ min: 0, max: 120 }) }), {
        minLength: 2,
        maxLength: 2,
      }),
      agingBack: fc.integer({ min: 1, max: HISTORY_DAYS }),
      taxPeriod: fc.constantFrom('month' as const, 'quarter' as const),
      rangeToBack: fc.integer({ min: 0, max: 60 }),
      rangeLen: fc.integer({ min: 10, max: 200 }),
      pdf: fc.boolean(),
    }),
  });
}

// ------------------------------------------------------------------------------------------ mismatches

export interface Mismatch {
  /** What was compared, e.g. "statement.rows", "page.balance", "refusal.apply" (the survey counts these). */
  area: string;
  /** Where: the customer, period, step. */
  where: string;
  expected: string;
  actual: string;
}

export class ServerError extends Error {}

// ------------------------------------------------------------------------------------------ the driver

type Res = LightMyRequestResponse;
type Prediction = { ok: true } | { ok: false; status: number; why: string };
const OK: Prediction = { ok: true };
const refuse = (status: number, why: string): Prediction => ({ ok: false, status, why });

let doorCounter = 0;
let referenceCounter = 0;

export interface Played {
  log: string[];
  mismatches: Mismatch[];
}

/** Plays a history through the REST API into `model` (whose customers are created here). */
export async function playHistory(ctx: InvoicesTestContext, model: Ledger, h: History, tag: string): Promise<Played> {
  const log: string[] = [];
  const mismatches: Mismatch[] = [];
  const today = model.today;
  const start = addDays(today, -HISTORY_DAYS);

  for (let c = 0; c < h.customers; c++) {
    const name = `${tag} ${String.fromCharCode(65 + c)}`;
    const res = await ctx.staff.post('/api/customers/', { name, email: '' });
    expectStatus(res, 201, `create customer ${name}`);
    model.addCustomer(res.json().id, name);
  }
  log.push(`customers: ${model.customers.map((c) => `${c.label}=#${c.id} "${c.name}"`).join(', ')}`);

  let clock = start;
  for (const [n, step] of h.steps.entries()) {
    clock = minDate(addDays(clock, step.gap), today);
    const date = maxDate(addDays(clock, -step.back), start);
    const line = await playStep(ctx, model, step.op, date, mismatches, `step ${n + 1}`);
    log.push(`${String(n + 1).padStart(2)}. ${date} ${line}`);
  }
  return { log, mismatches };
}

const minDate = (a: string, b: string) => (a < b ? a : b);
const maxDate = (a: string, b: string) => (a > b ? a : b);

function expectStatus(res: Res, status: number, what: string) {
  if (res.statusCode >= 500) throw new ServerError(`${what}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  if (res.statusCode !== status) throw new Error(`${what}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 500)}`);
}

const pick = <T>(items: readonly T[], i: number): T | undefined => (items.length === 0 ? undefined : items[i % items.length]);
const pctOf = (amount: Cents, p: number) => Math.max(1, Math.floor((amount * p) / 100));

function orderLabel(model: Ledger, o: Order): string {
  return `O${o.key + 1}(${model.customers[o.customer]!.label}${o.status === 'voided' ? ',void' : ''})`;
}
function invoiceLabel(model: Ledger, inv: Invoice): string {
  const customers = [...new Set(inv.orders.map((k) => model.customers[model.order(k).customer]!.label))];
  return `I${inv.key + 1}(${customers.join('+')} #${inv.number})`;
}

/** The invoice lines, discount, exemption and due date a shape gives (and the PATCH body saying so). */
function shapeBody(shape: InvoiceShape, date: string | null, invoiceDate: string) {
  const lines: Line[] = shape.lines.map((l, i) => ({
    qty: l.qty,
    price: l.price,
    freight: l.freight,
    description: l.freight ? 'Freight' : `Panel ${i + 1}`,
  }));
  const taxable = lines.filter((l) => !l.freight).reduce((s, l) => s + l.qty * l.price, 0);
  const discount = Math.floor((taxable * shape.discountPct) / 100);
  const due = shape.dueDays === null ? null : addDays(invoiceDate, shape.dueDays);
  const body = {
    ...(date ? { date } : {}),
    editable_data: {
      line_items: lines.map((l) => ({ quantity: l.qty, description: l.description, price_each: fmt(l.price), is_freight: l.freight })),
      discount: fmt(discount),
      discount_is_percentage: false,
      tax_exempt: shape.exempt,
      due_date: due,
    },
  };
  return { lines, discount, due, body };
}

/** The invoice a step makes when it needed one and there was none yet. */
const fallbackShape = (n: number): InvoiceShape => ({
  lines: [{ qty: 1 + (n % 2), price: 40_000 + (n % 17) * 7_919, freight: false }],
  discountPct: 0,
  exempt: false,
  dueDays: 30,
});

async function playStep(ctx: InvoicesTestContext, model: Ledger, intended: Op, date: string, mismatches: Mismatch[], where: string): Promise<string> {
  // A step about an invoice (or an entry) when there is none yet invoices an order first: a history stays busy.
  let op = intended;
  let prefix = '';
  const number = 'i' in op ? op.i : 0;
  if (['edit', 'pay', 'refund', 'reverse', 'adjust', 'creditNote', 'deleteInvoice'].includes(op.t) && model.liveInvoices().length === 0) {
    op = { t: 'invoice', o: number, any: false, shape: fallbackShape(number) };
    prefix = `(${intended.t}: no invoice yet) `;
  } else if (op.t === 'reverse' && !model.liveInvoices().some((i) => i.ledger.length > 0)) {
    op = { t: 'pay', i: op.i, mode: 'part', pct: 50 };
    prefix = '(reverse: no entry yet) ';
  } else if (op.t === 'voidCreditNote' && !model.liveInvoices().some((i) => i.notes.some((n) => !n.voided))) {
    // Nothing to void yet: a credit note first (on an invoice made first when there is none).
    op = model.liveInvoices().length === 0 ? { t: 'invoice', o: op.i, any: false, shape: fallbackShape(op.i) } : { t: 'creditNote', i: op.i, pct: 40, freight: false };
    prefix = '(void credit note: none yet) ';
  }
  return prefix + (await playOp(ctx, model, op, date, mismatches, where));
}

async function playOp(ctx: InvoicesTestContext, model: Ledger, op: Op, date: string, mismatches: Mismatch[], where: string): Promise<string> {
  const staff = ctx.staff;
  const today = model.today;

  /** Sends, checks the status against the prediction; answers whether the product accepted. */
  const send = async (what: string, prediction: Prediction, request: () => Promise<Res>, okStatus = 201): Promise<{ res: Res; accepted: boolean; note: string }> => {
    const res = await request();
    if (res.statusCode >= 500) throw new ServerError(`${where} ${what}: ${res.statusCode} ${res.body.slice(0, 800)}`);
    const accepted = res.statusCode >= 200 && res.statusCode < 300;
    if (accepted && res.statusCode !== okStatus) throw new Error(`${where} ${what}: expected ${okStatus}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
    let note = ` → ${res.statusCode}`;
    if (prediction.ok && !accepted) {
      mismatches.push({ area: `refusal.${op.t}`, where: `${where} ${what}`, expected: `accepted (${okStatus})`, actual: `${res.statusCode} ${res.body.slice(0, 300)}` });
      note += ' MISMATCH: the model expected it accepted';
    } else if (!prediction.ok && accepted) {
      mismatches.push({ area: `refusal.${op.t}`, where: `${where} ${what}`, expected: `${prediction.status} (${prediction.why})`, actual: `${res.statusCode} accepted` });
      note += ` MISMATCH: the model expected ${prediction.status} (${prediction.why})`;
    } else if (!prediction.ok && res.statusCode !== prediction.status) {
      mismatches.push({ area: `refusal.${op.t}`, where: `${where} ${what}`, expected: `${prediction.status} (${prediction.why})`, actual: `${res.statusCode} ${res.body.slice(0, 300)}` });
      note += ` MISMATCH: expected ${prediction.status}`;
    } else if (!prediction.ok) note += ` (refused as predicted: ${prediction.why})`;
    return { res, accepted, note };
  };

  /** After an invoice was made: its lines PATCHed, and what the model says its totals and moved deposits are. */
  const shapeInvoice = async (inv: Invoice, shape: InvoiceShape, invoiceDate: string, setDate: boolean) => {
    const { lines, discount, due, body } = shapeBody(shape, setDate ? invoiceDate : null, invoiceDate);
    const res = await staff.patch(`/api/invoices/${inv.id}/`, body);
    expectStatus(res, 200, `${where} PATCH invoice ${inv.number}`);
    if (setDate) inv.date = invoiceDate;
    inv.lines = lines;
    inv.discount = discount;
    inv.exempt = shape.exempt;
    inv.due = due;
    const t = model.totals(inv);
    const answer = res.json().totals as Record<string, string>;
    const got = { subtotal: toCents(answer.subtotal!), discount: toCents(answer.discount_amount!), tax: toCents(answer.tax_amount!), total: toCents(answer.total!) };
    const want = { subtotal: t.subtotal, discount: t.discount, tax: t.tax, total: t.total };
    if (JSON.stringify(got) !== JSON.stringify(want))
      mismatches.push({ area: 'step.invoice-totals', where: `${where} invoice ${inv.number}`, expected: JSON.stringify(want), actual: JSON.stringify(got) });
    return `total ${fmt(t.total)} (tax ${fmt(t.tax)}${shape.exempt ? ', exempt' : ''}, due ${due ?? '-'})`;
  };

  /** The deposits moved onto a new invoice: compared with the product's ledger, and their ids taken. */
  const checkMoves = async (inv: Invoice) => {
    const moved = inv.ledger.filter((e) => e.kind === 'deposit');
    if (moved.length === 0) return '';
    const res = await staff.get(`/api/invoices/${inv.id}/payments/`);
    expectStatus(res, 200, `${where} payments of ${inv.number}`);
    const product = (res.json().results as { id: number; kind: string; date: string; amount: string }[]).filter((p) => p.kind === 'deposit').sort((a, b) => a.id - b.id);
    const got = product.map((p) => `${p.date} ${p.amount}`);
    const want = moved.map((e) => `${e.date} ${fmt(e.amount)}`);
    if (JSON.stringify(got) !== JSON.stringify(want))
      mismatches.push({ area: 'step.deposits-moved', where: `${where} invoice ${inv.number}`, expected: want.join(', '), actual: got.join(', ') });
    moved.forEach((e, i) => (e.id = product[i]?.id ?? null));
    return `; deposits moved ${want.join(', ')}`;
  };

  const liveOrders = model.liveOrders();
  const liveInvoices = model.liveInvoices();
  /** Plays another step when this one has nothing to work on (a history stays busy). */
  const instead = async (reason: string, next: Op) => `(${op.t}: ${reason}) ${await playOp(ctx, model, next, date, mismatches, where)}`;
  const newOrder = (c: number): Op => ({ t: 'order', c, quote: false });
  /** Something that makes customer credit: a voided order holding deposits, or an overpaid invoice. */
  const makeCredit = (fromOrder: boolean, n: number, p: number): Op => {
    const pending = liveOrders.filter((o) => o.status === 'pending' && o.invoice === null);
    if (fromOrder && pending.some((o) => model.held(o) > 0)) return { t: 'void', o: n };
    if (fromOrder && pending.length) return { t: 'deposit', o: n, amount: 1_000 + p * 997, any: false };
    return { t: 'pay', i: n, mode: 'over', pct: p };
  };
  switch (op.t) {
    // ---------------------------------------------------------------------------------- orders
    case 'order': {
      const customer = model.customers[op.c % model.customers.length]!;
      doorCounter += 1;
      const door = `LM${doorCounter}`;
      const billing = { name: customer.name, street: '1 Model St', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' };
      let orderId: number;
      if (op.quote) {
        const q = await staff.post('/api/quotes/', quotePayload(ctx.cat, { customer_id: customer.id, date, billing_address: billing, tax_exempt: false }));
        expectStatus(q, 201, `${where} quote`);
        const quoteId = q.json().id as number;
        const link = await staff.post(`/api/quotes/${quoteId}/links/`, {});
        expectStatus(link, 201, `${where} quote link`);
        const token = String(link.json().url).split('#')[1]!;
        expectStatus(await staff.post(`/api/quotes/${quoteId}/mark-sent/`), 200, `${where} quote sent`);
        const accepted = await ctx.anonymous.post(`/api/customer/quotes/${quoteId}/accept/`, { name: 'Model Buyer' }, { headers: { 'x-customer-link': token } });
        expectStatus(accepted, 200, `${where} quote accept`);
        const converted = await staff.post(`/api/quotes/${quoteId}/convert/`, { door_number: door, date });
        expectStatus(converted, 200, `${where} quote convert`);
        orderId = converted.json().order_id as number;
        const order = await staff.get(`/api/orders/${orderId}/`);
        expectStatus(order, 200, `${where} converted order`);
        if (order.json().customer_id !== customer.id)
          mismatches.push({ area: 'step.quote-customer', where, expected: `customer_id ${customer.id}`, actual: `customer_id ${order.json().customer_id}` });
      } else {
        const res = await staff.post('/api/orders/', orderPayload(ctx.cat, { door_number: door, date, customer_id: customer.id, billing_address: billing, tax_exempt: false }));
        expectStatus(res, 201, `${where} order`);
        orderId = res.json().id as number;
      }
      const o = model.addOrder(orderId, door, customer.idx, date);
      return `order ${orderLabel(model, o)} #${orderId}${op.quote ? ' (quote accepted and converted)' : ''}`;
    }
    case 'void':
    case 'unvoid': {
      // Voiding an order that holds deposits makes customer credit: those first.
      const holding = liveOrders.filter((o) => o.status === 'pending' && o.invoice === null && model.held(o) > 0);
      const voided = liveOrders.filter((o) => o.status === 'voided');
      const o = 'key' in op && op.key !== undefined ? model.order(op.key) : pick(op.t === 'void' && holding.length ? holding : op.t === 'unvoid' && voided.length ? voided : liveOrders, op.o);
      if (!o) return `${op.t}: no order (skipped)`;
      const want = op.t === 'void' ? 'pending' : 'voided';
      const prediction = o.status === want ? OK : refuse(400, `order is ${o.status}`);
      const r = await send(`${op.t} ${orderLabel(model, o)}`, prediction, () => staff.post(`/api/orders/${o.id}/${op.t}/`, {}), 200);
      if (r.accepted) o.status = op.t === 'void' ? 'voided' : 'pending';
      return `${op.t} ${orderLabel(model, o)}${r.note}`;
    }
    case 'deleteOrder': {
      const o = pick(liveOrders, op.o);
      if (!o) return 'delete order: none (skipped)';
      const prediction = o.invoice !== null ? refuse(409, 'it has an invoice') : o.deposits.length > 0 ? refuse(409, 'it has deposits') : OK;
      const r = await send(`delete ${orderLabel(model, o)}`, prediction, () => staff.delete(`/api/orders/${o.id}/`), 204);
      if (r.accepted) o.deleted = true;
      return `delete ${orderLabel(model, o)}${r.note}`;
    }

    // ---------------------------------------------------------------------------------- deposits
    case 'deposit': {
      const eligible = liveOrders.filter((o) => o.status === 'pending' && o.invoice === null);
      const o = op.key !== undefined ? model.order(op.key) : pick(op.any ? liveOrders : eligible, op.o);
      if (!o) return instead('no order to take it on', newOrder(op.o));
      const prediction = o.status === 'voided' ? refuse(409, 'voided order') : o.invoice !== null ? refuse(409, 'order invoiced') : OK;
      const reference = `DEP${++referenceCounter}`;
      const r = await send(`deposit on ${orderLabel(model, o)}`, prediction, () =>
        staff.post(`/api/orders/${o.id}/deposits/`, { amount: fmt(op.amount), date, method: 'check', reference }),
      );
      if (r.accepted) model.addDeposit(o, 'deposit', date, op.amount);
      return `deposit ${fmt(op.amount)} on ${orderLabel(model, o)}${r.note}`;
    }
    case 'depositRefund': {
      const holding = liveOrders.filter((o) => model.held(o) > 0);
      const o = pick(holding.length ? holding : liveOrders, op.o);
      if (!o) return 'deposit refund: no order (skipped)';
      const held = model.held(o);
      const amount = held > 0 ? pctOf(held, op.pct) : 1000;
      const prediction = amount > held ? refuse(400, `more than held ${fmt(held)}`) : OK;
      const r = await send(`deposit refund on ${orderLabel(model, o)}`, prediction, () =>
        staff.post(`/api/orders/${o.id}/deposits/refund/`, { amount: fmt(amount), date, method: 'check', reason: 'Order changed' }),
      );
      if (r.accepted) model.addDeposit(o, 'refund', date, -amount);
      return `refund deposit ${fmt(amount)} of ${orderLabel(model, o)}${r.note}`;
    }

    // ---------------------------------------------------------------------------------- invoices
    case 'invoice': {
      const uninvoiced = liveOrders.filter((o) => o.invoice === null);
      const o = op.key !== undefined ? model.order(op.key) : pick(op.any ? uninvoiced : uninvoiced.filter((x) => x.status === 'pending'), op.o);
      if (!o) return instead('no order to invoice', newOrder(op.o));
      const prediction = o.status === 'voided' ? refuse(400, 'voided order') : OK;
      const r = await send(`invoice ${orderLabel(model, o)}`, prediction, () => staff.post(`/api/orders/${o.id}/create-invoice/`, { return_json: true }));
      if (!r.accepted) return `invoice ${orderLabel(model, o)}${r.note}`;
      const inv = model.addInvoice(r.res.json().id, r.res.json().invoice_number, [o.key], today);
      const totals = await shapeInvoice(inv, op.shape, date, true);
      const moves = await checkMoves(inv);
      return `invoice ${invoiceLabel(model, inv)} of ${orderLabel(model, o)}: ${totals}${moves}${r.note}`;
    }
    case 'combine': {
      // Two orders not invoiced yet (of two customers when `mixed`); missing ones are made in this step, the
      // second one with a deposit now and then, so that a deposit of one customer moves onto another's invoice.
      const before: string[] = [];
      // Now and then a voided order among them (refused); mostly orders that can be invoiced.
      const anyStatus = op.o1 % 6 === 5;
      const uninvoiced = () => model.liveOrders().filter((o) => o.invoice === null && (anyStatus || o.status === 'pending'));
      let a = pick(uninvoiced(), op.o1);
      if (!a) {
        before.push(await playOp(ctx, model, newOrder(op.o1), date, mismatches, where));
        a = model.orders[model.orders.length - 1]!;
      }
      const first = a;
      const others = uninvoiced().filter((o) => o !== first && (op.mixed ? o.customer !== first.customer : o.customer === first.customer));
      const holding = others.filter((o) => model.held(o) > 0);
      let b = pick(holding.length ? holding : others, op.o2);
      if (!b) {
        const other = op.mixed ? (first.customer + 1 + (op.o2 % (model.customers.length - 1))) % model.customers.length : first.customer;
        before.push(await playOp(ctx, model, newOrder(other), date, mismatches, where));
        b = model.orders[model.orders.length - 1]!;
        if (op.o2 % 2 === 0) before.push(await playOp(ctx, model, { t: 'deposit', o: 0, key: b.key, amount: 2_500 + op.o2 * 1_013, any: true }, date, mismatches, where));
      }
      const second = b;
      const mixed = first.customer !== second.customer;
      const prediction =
        first.status === 'voided' || second.status === 'voided'
          ? refuse(400, 'a voided order')
          : mixed && !op.confirm
            ? refuse(400, 'different customers, not confirmed')
            : OK;
      const body = { order_ids: [first.id, second.id], date, ...(op.confirm ? { confirm_mixed_customers: true } : {}) };
      const what = `${before.map((x) => `${x}; `).join('')}combine ${orderLabel(model, first)} + ${orderLabel(model, second)}${op.confirm ? ' (confirmed)' : ''}`;
      const r = await send(what, prediction, () => staff.post('/api/invoices/create-combined/', body));
      if (!r.accepted) return `${what}${r.note}`;
      const id = Number(r.res.headers['x-invoice-id']);
      const number = decodeURIComponent(String(r.res.headers['x-invoice-number']));
      const inv = model.addInvoice(id, number, [first.key, second.key], date);
      const totals = await shapeInvoice(inv, op.shape, date, true);
      const moves = await checkMoves(inv);
      return `${what}: ${invoiceLabel(model, inv)} owed by ${model.customers[model.ownerOf(inv)]!.label}, ${totals}${moves}${r.note}`;
    }
    case 'edit': {
      const inv = pick(liveInvoices, op.i);
      if (!inv) return 'edit: no invoice (skipped)';
      const before = model.totals(inv).total;
      const totals = await shapeInvoice(inv, op.shape, inv.date, false);
      return `edit ${invoiceLabel(model, inv)} lines: ${fmt(before)} → ${totals}`;
    }
    case 'deleteInvoice': {
      const inv = pick(liveInvoices, op.i);
      if (!inv) return 'delete invoice: none (skipped)';
      const prediction = inv.ledger.length > 0 ? refuse(409, 'it has ledger entries') : OK;
      const r = await send(`delete ${invoiceLabel(model, inv)}`, prediction, () => staff.delete(`/api/invoices/${inv.id}/`), 204);
      if (r.accepted) {
        inv.deleted = true;
        for (const k of inv.orders) model.order(k).invoice = null;
      }
      return `delete ${invoiceLabel(model, inv)}${r.note}`;
    }

    // ---------------------------------------------------------------------------------- payments ledger
    case 'pay': {
      const inv = op.key !== undefined ? model.invoice(op.key) : pick(liveInvoices, op.i);
      if (!inv) return 'pay: no invoice (skipped)';
      const due = model.balanceDue(inv);
      const amount = op.mode === 'exact' && due > 0 ? due : op.mode === 'over' || due === 0 ? due + pctOf(50_000, op.pct) : pctOf(due, op.pct);
      const reference = `CHK${++referenceCounter}`;
      const r = await send(`pay ${invoiceLabel(model, inv)}`, OK, () =>
        staff.post(`/api/invoices/${inv.id}/payments/`, { amount: fmt(amount), date, method: 'check', reference }),
      );
      if (r.accepted) model.addLedger(inv, { id: r.res.json().payment.id, date, kind: 'payment', amount });
      return `pay ${fmt(amount)} on ${invoiceLabel(model, inv)} (due ${fmt(due)})${r.note}`;
    }
    case 'refund': {
      const inv = pick(liveInvoices, op.i);
      if (!inv) return 'refund: no invoice (skipped)';
      const paid = model.paid(inv);
      const amount = paid > 0 ? pctOf(paid, op.pct) : 500;
      const prediction = paid - amount < 0 ? refuse(400, `more than paid ${fmt(paid)}`) : OK;
      const r = await send(`refund on ${invoiceLabel(model, inv)}`, prediction, () =>
        staff.post(`/api/invoices/${inv.id}/payments/`, { amount: fmt(-amount), date, method: 'check', reason: 'Returned' }),
      );
      if (r.accepted) model.addLedger(inv, { id: r.res.json().payment.id, date, kind: 'refund', amount: -amount });
      return `refund ${fmt(amount)} on ${invoiceLabel(model, inv)}${r.note}`;
    }
    case 'reverse': {
      const withEntries = liveInvoices.filter((i) => i.ledger.length > 0);
      const inv = pick(withEntries, op.i);
      if (!inv) return 'reverse: no entry (skipped)';
      const e = pick(inv.ledger, op.e)!;
      if (e.id === null) return `reverse: entry of ${invoiceLabel(model, inv)} without a known id (skipped)`;
      const prediction =
        e.kind === 'reversal'
          ? refuse(409, 'a reversal')
          : e.kind === 'deposit' || e.kind === 'credit_note' || e.kind === 'credit' || e.kind === 'credit_note_void'
            ? refuse(409, `linked kind ${e.kind}`)
            : e.reversedBy !== undefined
              ? refuse(409, 'already reversed')
              : model.paid(inv) - e.amount < 0
                ? refuse(409, 'paid sum below 0')
                : OK;
      const r = await send(`reverse ${e.kind} ${fmt(e.amount)} on ${invoiceLabel(model, inv)}`, prediction, () =>
        staff.post(`/api/payments/${e.id}/reverse/`, { reason: 'Entered twice' }),
      );
      if (r.accepted) {
        const rev = model.addLedger(inv, { id: r.res.json().payment.id, date: today, kind: 'reversal', amount: -e.amount, reverses: e.seq });
        e.reversedBy = rev.seq;
      }
      return `reverse ${e.kind} ${fmt(e.amount)} of ${invoiceLabel(model, inv)} (dated today)${r.note}`;
    }
    case 'adjust': {
      const inv = pick(liveInvoices, op.i);
      if (!inv) return 'adjust: no invoice (skipped)';
      const paid = model.paid(inv);
      const next = paid + op.delta;
      const prediction = next < 0 ? refuse(400, 'payments_credits below 0') : OK;
      const r = await send(`adjust ${invoiceLabel(model, inv)}`, prediction, () =>
        staff.patch(`/api/invoices/${inv.id}/`, { editable_data: { payments_credits: fmt(next) } }), 200,
      );
      if (r.accepted) {
        const adjustment = r.res.json().payment_adjustment as { id: number; amount: string; date: string } | null;
        model.addLedger(inv, { id: adjustment?.id ?? null, date: today, kind: 'adjustment', amount: op.delta });
        if (!adjustment || toCents(adjustment.amount) !== op.delta || adjustment.date !== today)
          mismatches.push({ area: 'step.adjustment', where, expected: `${fmt(op.delta)} on ${today}`, actual: JSON.stringify(adjustment) });
      }
      return `set payments/credits of ${invoiceLabel(model, inv)} ${fmt(paid)} → ${fmt(next)} (adjustment dated today)${r.note}`;
    }

    // ---------------------------------------------------------------------------------- credit notes
    case 'creditNote': {
      const inv = pick(liveInvoices, op.i);
      if (!inv) return 'credit note: no invoice (skipped)';
      const creditable = model.creditable(inv);
      const target = creditable > 0 ? Math.max(1, Math.floor((creditable * op.pct) / 100)) : 100;
      // Before tax: target / (1 + rate) on a taxed invoice.
      const net = inv.exempt ? target : Math.max(1, Math.floor((target * model.rate.den * 100) / (model.rate.den * 100 + model.rate.num)));
      const freight = op.freight ? Math.floor(net / 3) : 0;
      const lines: Line[] = [{ qty: 1, price: net - freight, freight: false, description: 'Returned panel' }];
      if (freight > 0) lines.push({ qty: 1, price: freight, freight: true, description: 'Freight refund' });
      const totals = model.creditNoteTotals(lines, inv.exempt);
      const prediction = totals.total > creditable ? refuse(400, `above creditable ${fmt(creditable)}`) : OK;
      const r = await send(`credit note on ${invoiceLabel(model, inv)}`, prediction, () =>
        staff.post(`/api/invoices/${inv.id}/credit-notes/`, {
          date,
          reason: 'Returned panel',
          line_items: lines.map((l) => ({ quantity: l.qty, description: l.description, price_each: fmt(l.price), is_freight: l.freight })),
        }),
      );
      if (r.accepted) {
        const note = r.res.json().credit_note as { id: number; credit_note_number: string; total: string; payment_id: number | null };
        const seq = model.nextSeq();
        inv.notes.push({ seq, id: note.id, number: note.credit_note_number, date, lines, exempt: inv.exempt, ...totals });
        model.addLedger(inv, { id: note.payment_id, date, kind: 'credit_note', amount: totals.total, note: seq });
        if (toCents(note.total) !== totals.total)
          mismatches.push({ area: 'step.credit-note-total', where, expected: fmt(totals.total), actual: note.total });
      }
      return `credit note ${fmt(totals.total)} (tax ${fmt(totals.tax)}) on ${invoiceLabel(model, inv)} (creditable ${fmt(creditable)}, due ${fmt(model.balanceDue(inv))})${r.note}`;
    }

    case 'voidCreditNote': {
      const inv = pick(liveInvoices.filter((i) => i.notes.some((n) => !n.voided)), op.i);
      if (!inv) return 'void credit note: none (skipped)';
      const n = pick(inv.notes.filter((x) => !x.voided), op.n)!;
      const entry = inv.ledger.find((e) => e.kind === 'credit_note' && e.note === n.seq)!;
      // My reading: the void is the note's entry negated, dated as asked (not before the note), and refused
      // when the invoice's payments would fall below 0 (its credit refunded or applied elsewhere since).
      const prediction =
        date < n.date ? refuse(400, `dated before the note (${n.date})`) : model.paid(inv) - n.total < 0 ? refuse(409, 'paid sum below 0') : OK;
      const r = await send(
        `void ${n.number} on ${invoiceLabel(model, inv)}`,
        prediction,
        () => staff.post(`/api/credit-notes/${n.id}/void/`, { date, reason: 'Kept after all' }),
        200,
      );
      if (r.accepted) {
        const voided = r.res.json().credit_note as { void_payment_id: number | null };
        model.addLedger(inv, { id: voided.void_payment_id, date, kind: 'credit_note_void', amount: -n.total, reverses: entry.seq });
        n.voided = date;
      }
      return `void credit note ${n.number} ${fmt(n.total)} of ${invoiceLabel(model, inv)} (paid ${fmt(model.paid(inv))})${r.note}`;
    }

    // ---------------------------------------------------------------------------------- customer credit
    case 'apply':
      return applyCredit(op);
    case 'creditRefund':
      return refundCredit(op);
  }

  /**
   * Customer credit applied to another invoice of the customer. What it needs and is missing is made in
   * this step first: a voided order holding deposits (an order gets a deposit and is voided), or an overpaid
   * invoice (paid past its total); and an open invoice of the customer to apply it to (an order invoiced).
   * `foreign` aims at an invoice the customer does not owe (one holding an order of theirs first): refused.
   */
  async function applyCredit(op: Extract<Op, { t: 'apply' }>): Promise<string> {
    const before: string[] = [];
    const play = async (next: Op) => before.push(await playOp(ctx, model, next, date, mismatches, where));
    const lastOrder = () => model.orders[model.orders.length - 1]!;
    const pendingOf = (c?: number) => model.liveOrders().filter((o) => o.status === 'pending' && o.invoice === null && (c === undefined || o.customer === c));
    // `foreign` with a combined invoice of two customers: the credit is its second customer's (who does not owe it).
    const shared = model.liveInvoices().filter((i) => new Set(i.orders.map((k) => model.order(k).customer)).size > 1);
    const sharedOpen = shared.filter((i) => model.balanceDue(i) > 0);
    const sharedTarget = op.foreign ? pick(sharedOpen.length ? sharedOpen : shared, op.target) : undefined;
    const only = sharedTarget ? sharedTarget.orders.map((k) => model.order(k).customer).find((c) => c !== model.ownerOf(sharedTarget)) : undefined;
    const newOrderOf = (n: number) => newOrder(only ?? n);
    let sourceOrder: Order | null = null;
    let sourceInvoice: Invoice | null = null;
    if (op.fromOrder) {
      const holdingVoided = () => model.liveOrders().filter((o) => o.status === 'voided' && model.held(o) > 0 && (only === undefined || o.customer === only));
      if (holdingVoided().length === 0) {
        let o = pick(pendingOf(only).filter((x) => model.held(x) > 0), op.src);
        if (!o) {
          o = pick(pendingOf(only), op.src);
          if (!o) {
            await play(newOrderOf(op.src));
            o = lastOrder();
          }
          await play({ t: 'deposit', o: 0, key: o.key, amount: 1_000 + op.pct * 997, any: true });
        }
        await play({ t: 'void', o: 0, key: o.key });
      }
      sourceOrder = pick(holdingVoided(), op.src) ?? null;
    } else {
      const overpaid = () => model.liveInvoices().filter((i) => model.creditOn(i) > 0 && (only === undefined || model.ownerOf(i) === only));
      if (overpaid().length === 0) {
        let inv = pick(model.liveInvoices().filter((i) => only === undefined || model.ownerOf(i) === only), op.src);
        if (!inv) {
          let o = pick(pendingOf(only), op.src);
          if (!o) {
            await play(newOrderOf(op.src));
            o = lastOrder();
          }
          await play({ t: 'invoice', o: 0, key: o.key, any: false, shape: fallbackShape(op.src) });
          inv = model.invoices[model.invoices.length - 1];
        }
        if (inv && !inv.deleted) await play({ t: 'pay', i: 0, key: inv.key, mode: 'over', pct: op.pct });
      }
      sourceInvoice = pick(overpaid(), op.src) ?? null;
    }
    const done = (text: string) => `${before.map((x) => `${x}; `).join('')}${text}`;
    if (!sourceOrder && !sourceInvoice) return done('apply credit: no credit could be made (skipped)');
    const customer = sourceOrder ? sourceOrder.customer : model.ownerOf(sourceInvoice!);
    const available = sourceOrder ? model.held(sourceOrder) : model.creditOn(sourceInvoice!);
    const source = sourceOrder ? orderLabel(model, sourceOrder) : invoiceLabel(model, sourceInvoice!);
    const body = sourceOrder ? { source_order_id: sourceOrder.id } : { source_invoice_id: sourceInvoice!.id };
    const why: string[] = [];
    if (sourceOrder && sourceOrder.status !== 'voided') why.push('source order not voided');

    const own = () => model.liveInvoices().filter((i) => i !== sourceInvoice && model.ownerOf(i) === customer);
    const notOwn = model.liveInvoices().filter((i) => i !== sourceInvoice && model.ownerOf(i) !== customer);
    const sharing = notOwn.filter((i) => i.orders.some((k) => model.order(k).customer === customer));
    let target: Invoice | undefined;
    if (op.foreign) target = sharedTarget && sharedTarget !== sourceInvoice && !sharedTarget.deleted ? sharedTarget : pick(sharing.length ? sharing : notOwn, op.target);
    else {
      if (!own().some((i) => model.balanceDue(i) > 0)) {
        let o = pick(pendingOf(customer), op.target);
        if (!o) {
          await play(newOrder(customer));
          o = lastOrder();
        }
        await play({ t: 'invoice', o: 0, key: o.key, any: false, shape: fallbackShape(op.target) });
      }
      const open = own().filter((i) => model.balanceDue(i) > 0);
      target = pick(open.length ? open : own(), op.target);
    }
    if (!target) return done(`apply credit from ${source}: no invoice to apply it to (skipped)`);
    if (model.ownerOf(target) !== customer) why.push("target not the customer's");
    const due = model.balanceDue(target);
    const limit = Math.min(available, due);
    const amount = limit > 0 ? pctOf(limit, op.pct) : 100;
    if (amount > due) why.push(`above the target's balance due ${fmt(due)}`);
    if (amount > available) why.push(`above the credit ${fmt(available)}`);
    const c = model.customers[customer]!;
    const prediction = why.length ? refuse(400, why.join('; ')) : OK;
    const what = `apply ${fmt(amount)} credit of ${c.label} from ${source} to ${invoiceLabel(model, target)}`;
    const r = await send(what, prediction, () =>
      staff.post(`/api/customers/${c.id}/credit/apply/`, { ...body, invoice_id: target.id, amount: fmt(amount), date }),
    );
    if (r.accepted) {
      const answer = r.res.json() as { applied: { id: number }; source_payment: { id: number } | null };
      if (sourceOrder) model.applyFromOrder(sourceOrder, target, amount, date).id = answer.applied.id;
      else {
        const [out, into] = model.applyFromInvoice(sourceInvoice!, target, amount, date);
        out.id = answer.source_payment?.id ?? null;
        into.id = answer.applied.id;
      }
    }
    return done(`${what}${r.note}`);
  }

  async function refundCredit(op: Extract<Op, { t: 'creditRefund' }>): Promise<string> {
    let customer: number;
    let available: Cents;
    let body: Record<string, unknown>;
    let source: string;
    const why: string[] = [];
    let record: (amount: Cents, res: Res) => void;
    if (op.fromOrder) {
      const holding = liveOrders.filter((o) => o.status === 'voided' && model.held(o) > 0);
      const o = pick(holding, op.src);
      if (!o) return instead('no credit yet', makeCredit(true, op.src, op.pct));
      customer = o.customer;
      available = model.held(o);
      body = { source_order_id: o.id };
      source = orderLabel(model, o);
      if (o.status !== 'voided') why.push('source order not voided');
      record = (amount) => model.addDeposit(o, 'refund', date, -amount);
    } else {
      const overpaid = liveInvoices.filter((i) => model.creditOn(i) > 0);
      const inv = pick(overpaid, op.src);
      if (!inv) return instead('no credit yet', makeCredit(false, op.src, op.pct));
      customer = model.ownerOf(inv);
      available = model.creditOn(inv);
      body = { source_invoice_id: inv.id };
      source = invoiceLabel(model, inv);
      record = (amount, res) => model.addLedger(inv, { id: res.json().payment?.id ?? null, date, kind: 'refund', amount: -amount });
    }
    const amount = available > 0 ? pctOf(available, op.pct) : 100;
    if (amount > available) why.push(`above the credit ${fmt(available)}`);
    const c = model.customers[customer]!;
    const what = `refund ${fmt(amount)} credit of ${c.label} from ${source}`;
    const r = await send(what, why.length ? refuse(400, why.join('; ')) : OK, () =>
      staff.post(`/api/customers/${c.id}/credit/refund/`, { ...body, amount: fmt(amount), date, method: 'check', reason: 'Customer asked' }),
    );
    if (r.accepted) record(amount, r.res);
    return `${what}${r.note}`;
  }
}

export type { LedgerEntry };
