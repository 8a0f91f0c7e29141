import { useId, useState } from 'react';
import {
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  formatMoney,
  overpaymentOf,
  paymentFormSchema,
  roundCents,
  todayIso,
  type PaymentMethod,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { MoneyInput } from '../../components/MoneyInput';
import { Notice } from '../../components/Notice';
import { serverFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PAYMENT_TEXT } from './paymentTexts';

export type PaymentRecorded = Awaited<
  ReturnType<ReturnType<typeof trpc.payments.record.useMutation>['mutateAsync']>
>;

type FieldName = 'amount' | 'date' | 'method' | 'reference' | 'reason';
type Errors = Partial<Record<FieldName, string>>;

export interface RecordPaymentFormProps {
  invoiceId: number;
  /** Prefills the amount (the balance due). */
  balanceDue: string;
  onRecorded: (answer: PaymentRecorded) => void;
}

/**
 * Record a payment in one click: amount (the balance due), payment date (today), method and an
 * optional reference (the check number), checked by the domain's paymentFormSchema before it is
 * sent; the server's field errors land on the same fields. A negative amount is a refund and asks
 * for its reason. An amount past the balance due asks first: the rest stays as a credit (decision 135).
 */
export function RecordPaymentForm({ invoiceId, balanceDue, onRecorded }: RecordPaymentFormProps) {
  const record = trpc.payments.record.useMutation();
  const utils = trpc.useUtils();
  const [amount, setAmount] = useState(roundCents(balanceDue).toFixed(2));
  const [date, setDate] = useState(todayIso());
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState(false);
  /** The overpayment the user was asked about (cleared when the amount changes). */
  const [asking, setAsking] = useState<string | null>(null);
  const formId = useId();
  const refund = roundCents(amount).isNegative();
  const over = overpaymentOf(balanceDue, amount);

  async function submit(confirmed = false) {
    setFailed(false);
    const data = { amount, date, method, reference, reason };
    const parsed = paymentFormSchema.safeParse(data);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    if (over !== '0.00' && !confirmed) {
      setAsking(over);
      return;
    }
    setAsking(null);
    try {
      const answer = await record.mutateAsync({ invoiceId, data });
      void utils.payments.forInvoice.invalidate({ invoiceId });
      void utils.invoices.list.invalidate();
      setReason('');
      setReference('');
      setAmount(answer.invoice.balance_due);
      onRecorded(answer);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) {
        const found: Errors = {};
        for (const key of ['amount', 'date', 'method', 'reference', 'reason'] as const) {
          const list = fields[key];
          if (Array.isArray(list) && typeof list[0] === 'string') found[key] = list[0];
        }
        setErrors(found);
        if (Object.keys(found).length > 0) return;
      }
      setFailed(true);
    }
  }

  return (
    <form
      aria-label={PAYMENT_TEXT.recordPayment}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={PAYMENT_TEXT.amount} required error={errors.amount} hint={PAYMENT_TEXT.refundHint}>
          {(control) => (
            <MoneyInput
              {...control}
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setAsking(null);
              }}
            />
          )}
        </Field>
        <Field label={PAYMENT_TEXT.paymentDate} required error={errors.date}>
          {(control) => (
            <TextInput {...control} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          )}
        </Field>
        <Field label={PAYMENT_TEXT.method} required error={errors.method} id={`${formId}-method`}>
          {(control) => (
            <select
              {...control}
              value={method}
              onChange={(e) => setMethod(e.target.value as PaymentMethod)}
              className={inputClassName(Boolean(errors.method))}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={PAYMENT_TEXT.referenceField} error={errors.reference} hint={PAYMENT_TEXT.referenceHint}>
          {(control) => (
            <TextInput
              {...control}
              autoComplete="off"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          )}
        </Field>
      </div>
      {refund && (
        <Field label={PAYMENT_TEXT.reason} required error={errors.reason}>
          {(control) => <TextInput {...control} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
      )}
      {failed && <Notice tone="error">{PAYMENT_TEXT.recordError}</Notice>}
      {asking && (
        <Notice
          tone="info"
          action={
            <span className="flex gap-2">
              <Button
                size="sm"
                variant="primary"
                busy={record.isPending}
                busyLabel={PAYMENT_TEXT.recording}
                onClick={() => void submit(true)}
              >
                {PAYMENT_TEXT.recordWithCredit}
              </Button>
              <Button size="sm" disabled={record.isPending} onClick={() => setAsking(null)}>
                {PAYMENT_TEXT.changeAmount}
              </Button>
            </span>
          }
        >
          {PAYMENT_TEXT.overpayment(formatMoney(asking), formatMoney(balanceDue))}
        </Notice>
      )}
      <div>
        <Button type="submit" variant="primary" busy={record.isPending} busyLabel={PAYMENT_TEXT.recording}>
          {PAYMENT_TEXT.recordPayment}
        </Button>
        <span className="ml-3 text-sm text-slate-600">
          {PAYMENT_TEXT.balanceLine(formatMoney(balanceDue))}
        </span>
      </div>
    </form>
  );
}
