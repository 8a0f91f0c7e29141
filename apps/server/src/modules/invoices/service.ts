import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  LIMITS,
  MESSAGES,
  calculateInvoiceTotals,
  invoicePatchSchema,
  roundCents,
  statusLabel,
  toDecimal,
  toMoneyString,
  todayIso,
  zodIssuesToFieldErrors,
  type InvoiceEditableData,
  type InvoiceLineItem,
  type InvoiceTotals,
} from '@icehouse/domain';
import { isUniqueViolation } from '@icehouse/db';
import { history, invoiceLineItems, invoiceOrders, invoices, orders } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError, type FieldErrors } from '../../errors';
import type { AppDeps } from '../../deps';
import { bumpOrderVersion } from '../orders/order-write';
import { loadOrdersForInvoicing } from '../orders/invoicing-loader';
import type { Actor } from '../orders/service-common';
import { recordHistory } from '../orders/history';
import { salesTaxRate } from '../orders/views';
import { draftFromOrders, orderTotal, type InvoiceDraft } from './draft';
import {
  INVOICE_NUMBER_DELETED,
  INVOICE_NUMBER_TAKEN,
  allocateInvoiceNumber,
  bumpInvoiceSequence,
  invoiceNumberHolder,
  isInvoiceNumberTaken,
  lockOrders,
  withInvoiceNumberRetry,
} from './numbers';
import { recordDeletedInvoice } from './deleted';
import { billingCustomers, type BillingCustomer } from './customers';
import { INVOICE_NOT_FOUND, editableDataOf, getInvoice, loadInvoiceRecord, type InvoiceView } from './views';

/**
 * The one implementation of invoice writes: REST (rest.ts) and tRPC (router.ts) call these.
 * Every write is one transaction with its history entries; invoice numbers are allocated inside
 * it (numbers.ts) and the constraints decide races.
 */

type DbDeps = Pick<AppDeps, 'database' | 'log'>;

const ORDER_NOT_FOUND = 'Order not found.';

/** create-invoice errors carry `error` too: the order form shows the server's `error`. */
function createError(code: 'VALIDATION' | 'NOT_FOUND' | 'CONFLICT', message: string): AppError {
  return new AppError(code, message, { details: { error: message } });
}

export const INVOICE_MESSAGES = {
  voided: 'A voided order cannot be invoiced. Unvoid it first.',
  stale: 'This invoice was changed by someone else. Reload it and apply your changes again.',
  versionInvalid: 'A valid integer is required.',
  tooLarge: MESSAGES.amountTooLarge,
  completedOrder: (door: string) =>
    `Order ${door} is ${statusLabel('completed')}, and a completed order must keep its invoice. ` +
    `Change the order's status first, then delete the invoice.`,
  combined: {
    missing: (id: number) => `Order ${id} does not exist.`,
    voided: (door: string) => `Order ${door} is voided and cannot be invoiced.`,
    invoiced: (door: string, number: string) => `Order ${door} already has invoice #${number}.`,
    mixedCustomers: (groups: readonly BillingCustomer[]) =>
      `These orders are billed to different customers: ${groups
        .map((g) => `${g.name || '(no billing name)'} (order${g.doorNumbers.length > 1 ? 's' : ''} ${g.doorNumbers.join(', ')})`)
        .join('; ')}. The invoice's Bill To shows only the first. Confirm to combine them anyway.`,
    mixedTaxExempt: (exempt: string[], taxed: string[]) =>
      `These orders cannot share an invoice: ${exempt.join(', ')} ${exempt.length > 1 ? 'are' : 'is'} tax exempt and ` +
      `${taxed.join(', ')} ${taxed.length > 1 ? 'are' : 'is'} not. Invoice them separately.`,
  },
} as const;

// ------------------------------------------------------------------------------------- storing

interface InvoiceContent {
  invoiceNumber: string;
  date: string;
  draft: InvoiceDraft;
  isCombined: boolean;
  userId: number | null;
}

async function insertLines(tx: Db, invoiceId: number, lines: readonly InvoiceLineItem[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(invoiceLineItems).values(
    lines.map((l, position) => ({
      invoiceId,
      position,
      quantity: toDecimal(l.quantity).toFixed(2),
      description: l.description,
      priceEach: toMoneyString(l.price_each),
      isFreight: l.is_freight ?? null,
    })),
  );
}

function totalsColumns(t: InvoiceTotals) {
  return {
    subtotal: t.subtotal,
    discountAmount: t.discountAmount,
    taxAmount: t.taxAmount,
    totalAmount: t.total,
    balanceDue: t.balanceDue,
  };
}

function draftColumns(d: InvoiceDraft) {
  return {
    billTo: d.billTo,
    shipTo: d.shipTo,
    poJobName: d.poJobName,
    shipDate: d.shipDate,
    shipVia: d.shipVia,
    terms: d.terms,
    taxExempt: d.taxExempt,
    taxRate: d.taxRate,
    discount: d.discount,
    discountIsPercentage: d.discountIsPercentage,
  };
}

async function insertInvoice(tx: Db, orderIds: readonly number[], c: InvoiceContent): Promise<number> {
  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNumber: c.invoiceNumber,
      date: c.date,
      ...draftColumns(c.draft),
      dueDate: c.date,
      paymentsCredits: '0.00',
      ...totalsColumns(c.draft.totals),
      hasManualEdits: false,
      isCombined: c.isCombined,
      createdBy: c.userId,
    })
    .returning({ id: invoices.id });
  const invoiceId = invoice!.id;
  await tx.insert(invoiceOrders).values(orderIds.map((orderId) => ({ invoiceId, orderId })));
  await insertLines(tx, invoiceId, c.draft.lines);
  return invoiceId;
}

type LockedOrder = Awaited<ReturnType<typeof lockOrders>>[number];

/**
 * The orders now show the invoice's number in their Invoice Number field (as the seed and the
 * previous server did); an order whose field changes gets a new version and the history says so.
 */
async function recordInvoiceOnOrders(
  tx: Db,
  locked: readonly LockedOrder[],
  invoiceId: number,
  invoiceNumber: string,
  userId: number | null,
): Promise<void> {
  for (const o of locked) {
    if (o.invoiceNumber !== invoiceNumber) {
      await tx.update(orders).set({ invoiceNumber }).where(eq(orders.id, o.id));
      await bumpOrderVersion(tx, o.id, userId);
    }
    await recordHistory(tx, {
      orderId: o.id,
      invoiceId,
      action: 'invoice_created',
      changes: {
        invoice_number: { old: null, new: invoiceNumber },
        ...(locked.length > 1 ? { combined_with: { old: null, new: locked.filter((x) => x.id !== o.id).map((x) => x.doorNumber) } } : {}),
      },
      userId,
    });
  }
}

async function existingInvoiceOf(tx: Db, orderId: number): Promise<{ id: number; invoiceNumber: string } | null> {
  const [row] = await tx
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(eq(invoiceOrders.orderId, orderId))
    .limit(1);
  return row ?? null;
}

// ------------------------------------------------------------------------- invoice of one order

export interface CreatedInvoice {
  id: number;
  invoice_number: string;
  /** false when the order already had this invoice (nothing was written). */
  created: boolean;
}

/**
 * POST /api/orders/{id}/create-invoice/: the invoice of one order, made from the order with the
 * domain's rules. Idempotent: the order row is locked (SELECT ... FOR UPDATE) for the whole
 * transaction, so a double click, a retry or 50 parallel calls make one invoice and the others
 * answer it (created: false); invoice_orders.order_id UNIQUE backs this up.
 */
export async function createInvoiceForOrder(deps: DbDeps, actor: Actor, orderId: number): Promise<CreatedInvoice> {
  const userId = actor?.id ?? null;
  try {
    return await withInvoiceNumberRetry(() =>
      deps.database.db.transaction(async (tx) => {
        const [locked] = await lockOrders(tx, [orderId]);
        if (!locked) throw createError('NOT_FOUND', ORDER_NOT_FOUND);
        const existing = await existingInvoiceOf(tx, orderId);
        if (existing) return { id: existing.id, invoice_number: existing.invoiceNumber, created: false };
        if (locked.status === 'voided') throw createError('VALIDATION', INVOICE_MESSAGES.voided);

        const [order] = await loadOrdersForInvoicing(tx, [orderId]);
        const taxRate = await salesTaxRate(tx);
        const draft = draftFromOrders([order!], taxRate);
        const expected = orderTotal(order!, taxRate);
        if (draft.totals.total !== expected) {
          // The domain promises they agree (and a property test proves it); say so loudly if not.
          deps.log.error({ orderId, invoiceTotal: draft.totals.total, orderTotal: expected }, 'invoice total differs from the order total');
        }
        const invoiceNumber = await allocateInvoiceNumber(tx, locked.invoiceNumber, [orderId]);
        const id = await insertInvoice(tx, [orderId], { invoiceNumber, date: todayIso(), draft, isCombined: false, userId });
        await recordInvoiceOnOrders(tx, [locked], id, invoiceNumber, userId);
        return { id, invoice_number: invoiceNumber, created: true };
      }),
    );
  } catch (error) {
    // The unique order_id caught a race the lock did not (it cannot on one database): answer the winner.
    if (isUniqueViolation(error, 'invoice_orders_order_id_key')) {
      const existing = await existingInvoiceOf(deps.database.db, orderId);
      if (existing) return { id: existing.id, invoice_number: existing.invoiceNumber, created: false };
    }
    throw error;
  }
}

/**
 * Rebuilds an existing invoice from its order(s) as they are now (lines, addresses, terms,
 * totals), keeping its id, number, date, due date and payments. Manual edits are dropped
 * (has_manual_edits false) and the version moves on. The order form's SAVE & RECREATE INVOICE.
 */
export async function recreateInvoiceForOrder(deps: DbDeps, actor: Actor, orderId: number): Promise<CreatedInvoice> {
  const userId = actor?.id ?? null;
  const existing = await existingInvoiceOf(deps.database.db, orderId);
  if (!existing) return createInvoiceForOrder(deps, actor, orderId);
  return deps.database.db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, existing.id)).for('update');
    if (!invoice) throw createError('NOT_FOUND', INVOICE_NOT_FOUND);
    const links = await tx.select({ orderId: invoiceOrders.orderId }).from(invoiceOrders).where(eq(invoiceOrders.invoiceId, invoice.id));
    const locked = await lockOrders(
      tx,
      links.map((l) => l.orderId),
    );
    const exempt = locked.filter((o) => o.taxExempt).map((o) => o.doorNumber);
    if (exempt.length > 0 && exempt.length < locked.length) {
      const message = INVOICE_MESSAGES.combined.mixedTaxExempt(exempt, locked.filter((o) => !o.taxExempt).map((o) => o.doorNumber));
      throw createError('VALIDATION', message);
    }
    const loaded = await loadOrdersForInvoicing(tx, sortedForInvoice(locked).map((o) => o.id));
    const taxRate = await salesTaxRate(tx);
    const draft = draftFromOrders(loaded, taxRate);
    const totals = calculateInvoiceTotals({
      lineItems: draft.lines,
      discount: draft.discount,
      discountIsPercentage: draft.discountIsPercentage,
      taxRate: draft.taxRate,
      taxExempt: draft.taxExempt,
      paymentsCredits: invoice.paymentsCredits,
    });
    await tx
      .update(invoices)
      .set({
        ...draftColumns(draft),
        ...totalsColumns(totals),
        hasManualEdits: false,
        version: sql`${invoices.version} + 1`,
      })
      .where(eq(invoices.id, invoice.id));
    await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id));
    await insertLines(tx, invoice.id, draft.lines);
    for (const o of locked) {
      await recordHistory(tx, {
        orderId: o.id,
        invoiceId: invoice.id,
        action: 'invoice_updated',
        changes: { recreated_from_order: { old: null, new: true }, total_amount: { old: toMoneyString(invoice.totalAmount), new: totals.total } },
        userId,
      });
    }
    return { id: invoice.id, invoice_number: invoice.invoiceNumber, created: false };
  });
}

/** Orders on an invoice: oldest first (date, then id). */
function sortedForInvoice<T extends { id: number; date: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
}

// ------------------------------------------------------------------------------ combined invoice

export interface CombinedInvoiceInput {
  order_ids: number[];
  date: string;
  /** The user confirmed combining orders billed to different customers (decision 012). */
  confirm_mixed_customers?: boolean;
}

/**
 * POST /api/invoices/create-combined/: one invoice covering every order (at least 2, all existing,
 * none voided, none already invoiced, all tax exempt or none), their lines grouped by order
 * (oldest order first) and prefixed 'Order {door}: '. Refusals are 400 {order_ids: [...]}, every
 * problem at once; orders billed to different customers are refused with 400
 * {confirm_mixed_customers: [...]} naming them, unless input.confirm_mixed_customers (decision 012).
 */
export async function createCombinedInvoice(deps: DbDeps, actor: Actor, input: CombinedInvoiceInput): Promise<CreatedInvoice> {
  const userId = actor?.id ?? null;
  const ids = [...new Set(input.order_ids)];
  if (ids.length < LIMITS.combinedInvoiceMinOrders) throw AppError.validation({ order_ids: [MESSAGES.combinedInvoiceMinOrders] });
  return withInvoiceNumberRetry(() =>
    deps.database.db.transaction(async (tx) => {
      const locked = await lockOrders(tx, ids);
      const problems: string[] = [];
      for (const id of ids) if (!locked.some((o) => o.id === id)) problems.push(INVOICE_MESSAGES.combined.missing(id));
      const invoiced = await tx
        .select({ orderId: invoiceOrders.orderId, number: invoices.invoiceNumber })
        .from(invoiceOrders)
        .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
        .where(inArray(invoiceOrders.orderId, ids));
      for (const o of locked) {
        if (o.status === 'voided') problems.push(INVOICE_MESSAGES.combined.voided(o.doorNumber));
        const has = invoiced.find((i) => i.orderId === o.id);
        if (has) problems.push(INVOICE_MESSAGES.combined.invoiced(o.doorNumber, has.number));
      }
      const exempt = locked.filter((o) => o.taxExempt).map((o) => o.doorNumber);
      if (exempt.length > 0 && exempt.length < locked.length) {
        problems.push(INVOICE_MESSAGES.combined.mixedTaxExempt(exempt, locked.filter((o) => !o.taxExempt).map((o) => o.doorNumber)));
      }
      if (problems.length > 0) throw new AppError('VALIDATION', problems.join(' '), { fieldErrors: { order_ids: problems } });

      const ordered = sortedForInvoice(locked);
      const loaded = await loadOrdersForInvoicing(tx, ordered.map((o) => o.id));
      // Orders of different billing customers share an invoice only when the user said so.
      const customers = billingCustomers(loaded);
      if (customers.length > 1 && !input.confirm_mixed_customers) {
        const message = INVOICE_MESSAGES.combined.mixedCustomers(customers);
        throw AppError.validation({ confirm_mixed_customers: [message] }, message);
      }
      const draft = draftFromOrders(loaded, await salesTaxRate(tx));
      // A number typed on the orders is used when they all agree on it (and it is free).
      const typed = [...new Set(ordered.map((o) => o.invoiceNumber.trim()).filter(Boolean))];
      const invoiceNumber = await allocateInvoiceNumber(tx, typed.length === 1 ? typed[0]! : '', ids);
      const id = await insertInvoice(
        tx,
        ordered.map((o) => o.id),
        { invoiceNumber, date: input.date, draft, isCombined: true, userId },
      );
      await recordInvoiceOnOrders(tx, ordered, id, invoiceNumber, userId);
      return { id, invoice_number: invoiceNumber, created: true };
    }),
  );
}

/**
 * Undoes a combined invoice whose PDF could not be made, so the user can simply try again: the
 * invoice and its 'invoice_created' entries go, and the orders get their Invoice Number back.
 * Kept when someone has already edited it (version moved on).
 */
export async function discardNewInvoice(deps: DbDeps, actor: Actor, invoiceId: number, previousNumbers: ReadonlyMap<number, string>): Promise<boolean> {
  const userId = actor?.id ?? null;
  return deps.database.db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice || invoice.version !== 1) return false;
    const links = await tx.select({ orderId: invoiceOrders.orderId }).from(invoiceOrders).where(eq(invoiceOrders.invoiceId, invoiceId));
    const locked = await lockOrders(
      tx,
      links.map((l) => l.orderId),
    );
    await tx.delete(history).where(and(eq(history.invoiceId, invoiceId), eq(history.action, 'invoice_created')));
    await tx.delete(invoices).where(eq(invoices.id, invoiceId));
    for (const o of locked) {
      const previous = previousNumbers.get(o.id) ?? '';
      if (o.invoiceNumber === invoice.invoiceNumber && previous !== o.invoiceNumber) {
        await tx.update(orders).set({ invoiceNumber: previous }).where(eq(orders.id, o.id));
        await bumpOrderVersion(tx, o.id, userId);
      }
    }
    return true;
  });
}

/** The Invoice Number fields of these orders now (for discardNewInvoice). */
export async function orderInvoiceNumbers(deps: Pick<AppDeps, 'database'>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.database.db
    .select({ id: orders.id, invoiceNumber: orders.invoiceNumber })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.invoiceNumber]));
}

// ---------------------------------------------------------------------------------- editing

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseVersion(raw: unknown): { ok: true; version: number | null } | { ok: false } {
  if (raw === undefined || raw === null || raw === '') return { ok: true, version: null };
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? { ok: true, version: n } : { ok: false };
}

const MONEY_MAX = toDecimal(LIMITS.moneyMax);

/** Quantities are stored with two places: round them first, so the totals are those of the stored lines. */
function normaliseLines(lines: InvoiceEditableData['line_items']): InvoiceLineItem[] {
  return lines.map((l) => ({
    quantity: roundCents(l.quantity).toNumber(),
    description: l.description,
    price_each: l.price_each,
    ...(typeof l.is_freight === 'boolean' ? { is_freight: l.is_freight } : {}),
  }));
}

/** Amounts a numeric(12,2) column cannot hold, as field errors. */
function tooLargeErrors(lines: readonly InvoiceLineItem[], totals: InvoiceTotals): FieldErrors | null {
  const errors: FieldErrors[] = lines.map((l) =>
    roundCents(l.quantity).abs().greaterThan(MONEY_MAX) || roundCents(toDecimal(l.price_each).times(l.quantity)).abs().greaterThan(MONEY_MAX)
      ? ({ quantity: [INVOICE_MESSAGES.tooLarge] } as FieldErrors)
      : ({} as FieldErrors),
  );
  const lineProblem = errors.some((e) => Object.keys(e).length > 0);
  const totalProblem = [totals.subtotal, totals.total, totals.taxableSubtotal].some((v) => toDecimal(v).abs().greaterThan(MONEY_MAX));
  if (!lineProblem && !totalProblem) return null;
  return { editable_data: { line_items: lineProblem ? errors : [INVOICE_MESSAGES.tooLarge] } } as FieldErrors;
}

function sameLines(a: readonly InvoiceLineItem[], b: readonly { quantity: string; description: string; priceEach: string; isFreight: boolean | null }[]): boolean {
  return (
    a.length === b.length &&
    a.every((l, i) => {
      const s = b[i]!;
      return (
        toDecimal(l.quantity).equals(toDecimal(s.quantity)) &&
        l.description === s.description &&
        toDecimal(l.price_each).equals(toDecimal(s.priceEach)) &&
        (l.is_freight ?? null) === s.isFreight
      );
    })
  );
}

const lineText = (l: { quantity: unknown; description: string; price_each: unknown }) =>
  `${toDecimal(l.quantity).toString()} x ${l.description} @ ${toMoneyString(l.price_each)}`;

/**
 * PATCH /api/invoices/{id}/: invoice_number, date and editable_data (each optional; the keys of
 * editable_data that are sent replace the stored ones, the others are kept). Totals are computed
 * here with calculateInvoiceTotals, never taken from the client. A `version` that is not the
 * stored one answers 409; a number another invoice has answers 400 {invoice_number}. A save
 * that changes something sets has_manual_edits and moves the version on; one that changes
 * nothing changes nothing.
 */
export async function updateInvoice(deps: DbDeps, actor: Actor, id: number, raw: unknown): Promise<InvoiceView> {
  const userId = actor?.id ?? null;
  const db = deps.database.db;
  if (!isPlainObject(raw)) throw AppError.validation({ non_field_errors: ['Send the changes as a JSON object.'] });
  const current = await loadInvoiceRecord(db, id);
  if (!current) throw AppError.notFound(INVOICE_NOT_FOUND);
  const version = parseVersion(raw.version);
  if (!version.ok) throw AppError.validation({ version: [INVOICE_MESSAGES.versionInvalid] });
  // A stale editor is told first: fixing its other errors would only end in this conflict.
  if (version.version !== null && version.version !== current.row.version) throw new AppError('CONFLICT', INVOICE_MESSAGES.stale);

  const stored = editableDataOf(current.row, current.lines);
  const sentData = raw.editable_data;
  const candidate = {
    ...(raw.invoice_number !== undefined ? { invoice_number: raw.invoice_number } : {}),
    ...(raw.date !== undefined ? { date: raw.date } : {}),
    // The keys sent replace the stored ones; the totals are computed from the whole result.
    editable_data: sentData === undefined || sentData === null ? stored : isPlainObject(sentData) ? { ...stored, ...sentData } : sentData,
  };
  const parsed = invoicePatchSchema.safeParse(candidate);
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  const patch = parsed.data;
  const data: InvoiceEditableData = patch.editable_data!;
  const lines = normaliseLines(data.line_items);
  const totals = calculateInvoiceTotals({
    lineItems: lines,
    discount: data.discount,
    discountIsPercentage: data.discount_is_percentage,
    taxRate: data.tax_rate,
    taxExempt: data.tax_exempt,
    paymentsCredits: data.payments_credits,
  });
  const tooLarge = tooLargeErrors(lines, totals);
  if (tooLarge) throw AppError.validation(tooLarge);

  const invoiceNumber = patch.invoice_number ?? current.row.invoiceNumber;
  const date = patch.date ?? current.row.date;
  const columns = {
    invoiceNumber,
    date,
    billTo: data.bill_to,
    shipTo: data.ship_to,
    poJobName: data.po_job_name,
    shipDate: data.ship_date,
    shipVia: data.ship_via,
    terms: data.terms,
    dueDate: data.due_date,
    taxExempt: data.tax_exempt,
    taxRate: data.tax_rate,
    discount: data.discount,
    discountIsPercentage: data.discount_is_percentage,
    paymentsCredits: data.payments_credits,
    ...totalsColumns(totals),
  };

  // What changed, readable, for history (and to know whether anything did).
  const before = current.row;
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  const compare = (key: string, oldValue: unknown, newValue: unknown) => {
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes[key] = { old: oldValue, new: newValue };
  };
  compare('invoice_number', before.invoiceNumber, invoiceNumber);
  compare('date', before.date, date);
  for (const which of ['bill_to', 'ship_to'] as const) {
    const old = stored[which];
    const next = data[which];
    for (const field of ['name', 'street', 'city', 'state', 'zip_code', 'country'] as const) compare(`${which}.${field}`, old[field], next[field]);
  }
  compare('po_job_name', before.poJobName, data.po_job_name);
  compare('ship_date', before.shipDate, data.ship_date);
  compare('ship_via', before.shipVia, data.ship_via);
  compare('terms', before.terms, data.terms);
  compare('due_date', before.dueDate, data.due_date);
  compare('tax_exempt', before.taxExempt, data.tax_exempt);
  compare('tax_rate', toMoneyString(before.taxRate), data.tax_rate);
  compare('discount', toMoneyString(before.discount), data.discount);
  compare('discount_is_percentage', before.discountIsPercentage, data.discount_is_percentage);
  compare('payments_credits', toMoneyString(before.paymentsCredits), data.payments_credits);
  if (!sameLines(lines, current.lines)) {
    changes.line_items = { old: current.lines.map((l) => lineText({ quantity: l.quantity, description: l.description, price_each: l.priceEach })), new: lines.map(lineText) };
  }
  if (Object.keys(changes).length === 0) return getInvoice(deps, id);
  compare('total_amount', toMoneyString(before.totalAmount), totals.total);
  compare('balance_due', toMoneyString(before.balanceDue), totals.balanceDue);

  const numberChanged = invoiceNumber !== before.invoiceNumber;
  const numberTaken = () => AppError.validation({ invoice_number: [INVOICE_NUMBER_TAKEN] }, INVOICE_NUMBER_TAKEN);
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select({ version: invoices.version }).from(invoices).where(eq(invoices.id, id)).for('update');
      if (!locked) throw AppError.notFound(INVOICE_NOT_FOUND);
      // Changed since it was read above (by a save that sent no version, or between the two reads).
      if (locked.version !== before.version) throw new AppError('CONFLICT', INVOICE_MESSAGES.stale);
      const holder = numberChanged ? await invoiceNumberHolder(tx, invoiceNumber, id) : null;
      if (holder === 'invoice') throw numberTaken();
      if (holder === 'deleted') throw AppError.validation({ invoice_number: [INVOICE_NUMBER_DELETED] }, INVOICE_NUMBER_DELETED);
      await tx
        .update(invoices)
        .set({ ...columns, hasManualEdits: true, version: sql`${invoices.version} + 1` })
        .where(eq(invoices.id, id));
      await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, id));
      await insertLines(tx, id, lines);
      const orderIds = current.orders.map((o) => o.orderId);
      if (numberChanged) {
        await bumpInvoiceSequence(tx, invoiceNumber);
        // The orders' Invoice Number field follows the invoice's number.
        const lockedOrders = await lockOrders(tx, orderIds);
        for (const o of lockedOrders) {
          if (o.invoiceNumber === invoiceNumber) continue;
          await tx.update(orders).set({ invoiceNumber }).where(eq(orders.id, o.id));
          await bumpOrderVersion(tx, o.id, userId);
        }
      }
      for (const orderId of orderIds) await recordHistory(tx, { orderId, invoiceId: id, action: 'invoice_updated', changes, userId });
    });
  } catch (error) {
    if (isInvoiceNumberTaken(error)) throw numberTaken();
    throw error;
  }
  return getInvoice(deps, id);
}

// ---------------------------------------------------------------------------------- deleting

/**
 * DELETE /api/invoices/{id}/: the invoice goes (its lines and links with it) and its orders are
 * free to be invoiced again (has_invoice false). Refused (409) while one of its orders is
 * completed: a completed order must have an invoice, so its status is changed first. The invoice
 * is recorded in deleted_invoices and its number is never used again (decision 011): the orders
 * keep it in their Invoice Number field, and a new invoice of theirs gets a new number; their version moves on (has_invoice changed, and a form opened before must
 * not save 'completed' on the strength of an invoice that is gone). History: 'invoice_deleted'.
 */
export async function deleteInvoice(deps: DbDeps, actor: Actor, id: number): Promise<void> {
  const userId = actor?.id ?? null;
  await deps.database.db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!invoice) throw AppError.notFound(INVOICE_NOT_FOUND);
    const links = await tx.select({ orderId: invoiceOrders.orderId }).from(invoiceOrders).where(eq(invoiceOrders.invoiceId, id));
    const locked = await lockOrders(
      tx,
      links.map((l) => l.orderId),
    );
    const completed = locked.find((o) => o.status === 'completed');
    if (completed) throw new AppError('CONFLICT', INVOICE_MESSAGES.completedOrder(completed.doorNumber));
    // Kept for the books, and so its number is never given to another invoice (decision 011).
    await recordDeletedInvoice(tx, invoice, locked.map((o) => o.doorNumber), actor);
    await tx.delete(invoices).where(eq(invoices.id, id));
    for (const o of locked) {
      await bumpOrderVersion(tx, o.id, userId);
      await recordHistory(tx, {
        orderId: o.id,
        action: 'invoice_deleted',
        changes: {
          invoice_number: { old: invoice.invoiceNumber, new: null },
          total_amount: { old: toMoneyString(invoice.totalAmount), new: null },
        },
        userId,
      });
    }
  });
}
