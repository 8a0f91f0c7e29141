import { queueInvoiceRender, renderInvoiceJob } from './jobs';
import { eq, sql } from 'drizzle-orm';
import {
  LIMITS,
  PAYMENT_NOTES,
  calculateInvoiceTotals,
  dueDateAfterSave,
  todayIso,
  invoicePatchSchema,
  roundCents,
  toDecimal,
  toMoneyString,
  zodIssuesToFieldErrors,
  type InvoiceEditableData,
  type InvoiceLineItem,
  type InvoiceTotals,
} from '@icehouse/domain';
import { invoiceLineItems, invoices, orders } from '@icehouse/db/schema';
import { AppError, type FieldErrors } from '../../errors';
import { bumpOrderVersion } from '../orders/order-write';
import type { SessionUser } from '../../deps';
import { recordLedgerEntry, type PaymentView } from '../payments/ledger';
import { recordHistory } from '../orders/history';
import { announceChange, changeTransaction } from '../../changes';
import {
  INVOICE_NUMBER_DELETED,
  INVOICE_NUMBER_TAKEN,
  bumpInvoiceSequence,
  invoiceNumberHolder,
  isInvoiceNumberTaken,
  lockOrders,
} from './numbers';
import { INVOICE_NOT_FOUND, editableDataOf, getInvoice, loadInvoiceRecord, type InvoiceView } from './views';
import { INVOICE_MESSAGES, type InvoiceDeps } from './service-common';
import { insertLines, totalsColumns } from './invoice-store';
import type { InvoicePatchBody } from './schemas';

/** Editing an invoice: its lines, totals and fields, against the version the editor read. */

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseVersion(raw: unknown): { ok: true; version: number | null } | { ok: false } {
  if (raw === undefined || raw === null || raw === '') return { ok: true, version: null };
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
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
    roundCents(l.quantity).abs().greaterThan(MONEY_MAX) ||
    roundCents(toDecimal(l.price_each).times(l.quantity)).abs().greaterThan(MONEY_MAX)
      ? ({ quantity: [INVOICE_MESSAGES.tooLarge] } as FieldErrors)
      : ({} as FieldErrors),
  );
  const lineProblem = errors.some((e) => Object.keys(e).length > 0);
  const totalProblem = [totals.subtotal, totals.total, totals.taxableSubtotal].some((v) =>
    toDecimal(v).abs().greaterThan(MONEY_MAX),
  );
  if (!lineProblem && !totalProblem) return null;
  return { editable_data: { line_items: lineProblem ? errors : [INVOICE_MESSAGES.tooLarge] } } as FieldErrors;
}

function sameLines(
  a: readonly InvoiceLineItem[],
  b: readonly { quantity: string; description: string; priceEach: string; isFreight: boolean | null }[],
): boolean {
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
 * nothing changes nothing. A due date the save sets (other than the stored one) is kept as set by
 * hand; otherwise a new date or new terms give a new due date (decision 242). That the body is an object is checked at the door (invoicePatchBody).
 */
export type InvoiceUpdateView = InvoiceView & { payment_adjustment: PaymentView | null };

export async function updateInvoice(
  deps: InvoiceDeps,
  actor: SessionUser | null,
  id: number,
  raw: InvoicePatchBody,
): Promise<InvoiceUpdateView> {
  const userId = actor?.id ?? null;
  const db = deps.database.db;
  const current = await loadInvoiceRecord(db, id);
  if (!current) throw AppError.notFound(INVOICE_NOT_FOUND);
  const version = parseVersion(raw.version);
  if (!version.ok) throw AppError.validation({ version: [INVOICE_MESSAGES.versionInvalid] });
  // A stale editor is told first: fixing its other errors would only end in this conflict.
  if (version.version !== null && version.version !== current.row.version)
    throw new AppError('CONFLICT', INVOICE_MESSAGES.stale);

  const stored = editableDataOf(current.row, current.lines);
  const sentData = raw.editable_data;
  const candidate = {
    ...(raw.invoice_number !== undefined ? { invoice_number: raw.invoice_number } : {}),
    ...(raw.date !== undefined ? { date: raw.date } : {}),
    // The keys sent replace the stored ones; the totals are computed from the whole result.
    editable_data:
      sentData === undefined || sentData === null
        ? stored
        : isPlainObject(sentData)
          ? { ...stored, ...sentData }
          : sentData,
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
  // The due date follows the date and terms unless a save set it by hand (decision 242).
  const due = dueDateAfterSave(
    {
      date: current.row.date,
      terms: current.row.terms,
      dueDate: current.row.dueDate,
      setByHand: current.row.dueDateSetByHand,
    },
    { date, terms: data.terms, dueDate: data.due_date },
  );
  const columns = {
    invoiceNumber,
    date,
    billTo: data.bill_to,
    shipTo: data.ship_to,
    poJobName: data.po_job_name,
    shipDate: data.ship_date,
    shipVia: data.ship_via,
    terms: data.terms,
    dueDate: due.dueDate,
    dueDateSetByHand: due.setByHand,
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
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue))
      changes[key] = { old: oldValue, new: newValue };
  };
  compare('invoice_number', before.invoiceNumber, invoiceNumber);
  compare('date', before.date, date);
  for (const which of ['bill_to', 'ship_to'] as const) {
    const old = stored[which];
    const next = data[which];
    for (const field of ['name', 'street', 'city', 'state', 'zip_code', 'country'] as const)
      compare(`${which}.${field}`, old[field], next[field]);
  }
  compare('po_job_name', before.poJobName, data.po_job_name);
  compare('ship_date', before.shipDate, data.ship_date);
  compare('ship_via', before.shipVia, data.ship_via);
  compare('terms', before.terms, data.terms);
  compare('due_date', before.dueDate, due.dueDate);
  compare('tax_exempt', before.taxExempt, data.tax_exempt);
  compare('tax_rate', toMoneyString(before.taxRate), data.tax_rate);
  compare('discount', toMoneyString(before.discount), data.discount);
  compare('discount_is_percentage', before.discountIsPercentage, data.discount_is_percentage);
  compare('payments_credits', toMoneyString(before.paymentsCredits), data.payments_credits);
  if (!sameLines(lines, current.lines)) {
    changes.line_items = {
      old: current.lines.map((l) =>
        lineText({ quantity: l.quantity, description: l.description, price_each: l.priceEach }),
      ),
      new: lines.map(lineText),
    };
  }
  if (Object.keys(changes).length === 0) return { ...(await getInvoice(deps, id)), payment_adjustment: null };
  compare('total_amount', toMoneyString(before.totalAmount), totals.total);
  compare('balance_due', toMoneyString(before.balanceDue), totals.balanceDue);

  const numberChanged = invoiceNumber !== before.invoiceNumber;
  const numberTaken = () =>
    AppError.validation({ invoice_number: [INVOICE_NUMBER_TAKEN] }, INVOICE_NUMBER_TAKEN);
  let adjustment: PaymentView | null = null;
  try {
    await changeTransaction(deps, async (tx) => {
      const [locked] = await tx
        .select({ version: invoices.version })
        .from(invoices)
        .where(eq(invoices.id, id))
        .for('update');
      if (!locked) throw AppError.notFound(INVOICE_NOT_FOUND);
      // Changed since it was read above (by a save that sent no version, or between the two reads).
      if (locked.version !== before.version) throw new AppError('CONFLICT', INVOICE_MESSAGES.stale);
      const holder = numberChanged ? await invoiceNumberHolder(tx, invoiceNumber, id) : null;
      if (holder === 'invoice') throw numberTaken();
      if (holder === 'deleted')
        throw AppError.validation({ invoice_number: [INVOICE_NUMBER_DELETED] }, INVOICE_NUMBER_DELETED);
      // payments_credits is the ledger's sum: setting it to another value records one
      // adjustment entry for the difference, after the new totals are stored (the balance uses them).
      const { paymentsCredits: _sum, ...rest } = columns;
      const [saved] = await tx
        .update(invoices)
        .set({ ...rest, hasManualEdits: true, version: sql`${invoices.version} + 1` })
        .where(eq(invoices.id, id))
        .returning({ version: invoices.version });
      const difference = toDecimal(data.payments_credits).minus(toDecimal(before.paymentsCredits));
      if (!difference.isZero()) {
        const recorded = await recordLedgerEntry(
          tx,
          actor,
          {
            invoiceId: id,
            kind: 'adjustment',
            date: todayIso(),
            amount: toMoneyString(difference),
            method: 'other',
            note: PAYMENT_NOTES.adjustment(
              toMoneyString(before.paymentsCredits),
              toMoneyString(data.payments_credits),
            ),
          },
          'conflict',
          false,
        );
        adjustment = recorded.payment;
      }
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
      await queueInvoiceRender(deps.jobs, id, userId, tx);
      announceChange(tx, { entity: 'invoice', id, version: saved!.version, action: 'updated', by: userId });
    });
    deps.jobs?.wake(renderInvoiceJob);
  } catch (error) {
    if (isInvoiceNumberTaken(error)) throw numberTaken();
    throw error;
  }
  return { ...(await getInvoice(deps, id)), payment_adjustment: adjustment };
}
