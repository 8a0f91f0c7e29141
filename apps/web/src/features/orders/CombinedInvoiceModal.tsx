import { useId, useState, type FormEvent } from 'react';
import { combinedInvoiceSchema, zodIssuesToFieldErrors, type FieldErrors } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Field, TextInput } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { StatusBadge } from '../../components/StatusBadge';
import { ApiError, apiFetch } from '../../lib/api';
import { formatDate, todayIso } from '../../lib/format';
import { useHttpClient } from '../../lib/httpContext';
import { fileNameFromDisposition } from './download';
import { saveBlob } from '../../lib/pdfFiles';
import { ORDERS_TEXT } from './texts';
import type { OrderListRow } from './types';

export const COMBINED_INVOICE_PATH = '/api/invoices/create-combined/';

export interface CombinedInvoiceModalProps {
  open: boolean;
  /** The selected orders (at least 2, none already invoiced). */
  orders: readonly OrderListRow[];
  onClose: () => void;
  /** The invoice was made and its PDF handed to the browser. */
  onCreated: (orderIds: number[]) => void;
}

/** The server's reasons for a refusal (400 `{order_ids: [...]}`, `{date: [...]}` or `{detail}`). */
function refusalOf(error: unknown): { errors: FieldErrors; reason: string | null } {
  if (!(error instanceof ApiError) || error.status !== 400) return { errors: {}, reason: null };
  const body: unknown = error.body;
  if (!body || typeof body !== 'object') return { errors: {}, reason: null };
  const record = body as Record<string, unknown>;
  const texts = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const errors: FieldErrors = {};
  const date = texts(record.date);
  if (date.length > 0) errors.date = date;
  // Orders of different billing customers: the user may confirm (decision 012); not a failure.
  const mixed = texts(record.confirm_mixed_customers);
  if (mixed.length > 0) errors.confirm_mixed_customers = mixed;
  const reasons = [...texts(record.order_ids), ...texts(record.non_field_errors)];
  if (typeof record.detail === 'string') reasons.push(record.detail);
  if (typeof record.error === 'string') reasons.push(record.error);
  return { errors, reason: reasons.length > 0 ? reasons.join(' ') : null };
}

/** The distinct customer names of the orders (case and spacing aside), as the list shows them. */
function customerNames(orders: readonly OrderListRow[]): string[] {
  const byKey = new Map<string, string>();
  for (const order of orders) {
    const name = order.customer_name.trim();
    const key = name.toLowerCase().replace(/\s+/g, ' ');
    if (!byKey.has(key)) byKey.set(key, name || '—');
  }
  return [...byKey.values()];
}

function firstMessage(errors: FieldErrors, key: string): string | undefined {
  const value = errors[key];
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
}

/**
 * The combined invoice dialog (invoices spec §2, §5, §7): the selected orders, a required Date, and
 * Create, which posts `{order_ids, date}` to /api/invoices/create-combined/ and downloads the PDF
 * it answers with (file name from Content-Disposition, else combined-invoice.pdf).
 */
export function CombinedInvoiceModal({ open, orders, onClose, onCreated }: CombinedInvoiceModalProps) {
  const httpClient = useHttpClient();
  const [date, setDate] = useState(todayIso);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmMixed, setConfirmMixed] = useState(false);
  /** The server's word that the orders have different billing customers (it compares addresses too). */
  const [serverMixed, setServerMixed] = useState<string | null>(null);
  const formId = useId();
  const names = customerNames(orders);
  const mixedWarning = names.length > 1 ? ORDERS_TEXT.mixedCustomersWarning(names) : serverMixed;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const orderIds = orders.map((order) => order.id);
    const parsed = combinedInvoiceSchema.safeParse({ order_ids: orderIds, date });
    if (!parsed.success) {
      setErrors(zodIssuesToFieldErrors(parsed.error));
      return;
    }
    if (mixedWarning && !confirmMixed) {
      setErrors({ confirm_mixed_customers: [ORDERS_TEXT.confirmMixedCustomersRequired] });
      return;
    }
    setErrors({});
    setFailed(false);
    setReason(null);
    setBusy(true);
    try {
      const response = await apiFetch(COMBINED_INVOICE_PATH, {
        method: 'POST',
        body: {
          order_ids: parsed.data.order_ids,
          date: parsed.data.date,
          ...(confirmMixed && mixedWarning ? { confirm_mixed_customers: true } : {}),
        },
        httpClient,
      });
      const fileName = fileNameFromDisposition(
        response.headers.get('Content-Disposition'),
        ORDERS_TEXT.combinedInvoiceFileName,
      );
      saveBlob(await response.blob(), fileName);
      onCreated(parsed.data.order_ids);
    } catch (error) {
      const refusal = refusalOf(error);
      const mixed = firstMessage(refusal.errors, 'confirm_mixed_customers');
      if (mixed && refusal.reason === null) {
        // Not a failure: the user is asked to confirm (the warning and its checkbox show).
        setServerMixed(mixed);
        setConfirmMixed(false);
        return;
      }
      // A refusal is the user's to fix; anything else is worth a line in the console.
      if (refusal.reason === null && Object.keys(refusal.errors).length === 0) {
        console.error('Creating the combined invoice failed', error);
      }
      setErrors(refusal.errors);
      setReason(refusal.reason);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const dateError = firstMessage(errors, 'date');
  const ordersError = firstMessage(errors, 'order_ids');
  const confirmError = firstMessage(errors, 'confirm_mixed_customers');

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={ORDERS_TEXT.combinedInvoiceTitle}
      size="md"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {ORDERS_TEXT.cancel}
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={busy} busyLabel={ORDERS_TEXT.creating}>
            {ORDERS_TEXT.create}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {failed && (
          <Notice tone="error">
            <p>{ORDERS_TEXT.combinedInvoiceError}</p>
            {reason && <p className="mt-1">{reason}</p>}
          </Notice>
        )}
        {ordersError && <Notice tone="error">{ordersError}</Notice>}
        <div>
          <p className="mb-2 text-sm text-slate-700">{ORDERS_TEXT.combinedInvoiceIntro(orders.length)}</p>
          <ul
            aria-label="Selected orders"
            className="divide-y divide-slate-100 rounded-md border border-slate-200"
          >
            {orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
                <span className="font-medium text-slate-900">
                  {ORDERS_TEXT.doorNumber} {order.door_number}
                </span>
                <span className="min-w-0 flex-1 truncate text-slate-700">{order.customer_name}</span>
                <span className="text-slate-600 tabular-nums">{formatDate(order.date)}</span>
                <StatusBadge status={order.status} label={order.status_display} />
              </li>
            ))}
          </ul>
        </div>
        {mixedWarning && (
          <div
            role="group"
            aria-label={ORDERS_TEXT.mixedCustomersTitle}
            className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <p>{mixedWarning}</p>
            <Checkbox
              label={ORDERS_TEXT.confirmMixedCustomers}
              checked={confirmMixed}
              error={confirmError && confirmError !== serverMixed ? confirmError : undefined}
              onChange={(checked) => {
                setConfirmMixed(checked);
                setErrors((current) => ({ ...current, confirm_mixed_customers: [] }));
              }}
            />
          </div>
        )}
        <Field label={ORDERS_TEXT.invoiceDate} required error={dateError} className="max-w-xs">
          {(control) => (
            <TextInput
              {...control}
              type="date"
              value={date}
              onChange={(event) => {
                setDate(event.target.value);
                if (dateError) setErrors((current) => ({ ...current, date: [] }));
              }}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
