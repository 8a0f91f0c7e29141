import { useState } from 'react';
import {
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  formatMoney,
  todayIso,
  type PaymentMethod,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { MoneyInput } from '../../components/MoneyInput';
import { Notice } from '../../components/Notice';
import { serverFieldErrors } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { CREDIT_TEXT } from './texts';

type Credit = RouterOutputs['credit']['customerCredit'];
export type CreditSource = Credit['sources'][number];
export type CreditAction = 'apply' | 'refund';
type FieldName = 'amount' | 'date' | 'invoice_id' | 'method' | 'reference' | 'reason' | 'source';

/** Apply a credit to another open invoice of the customer, or refund it: amount, date, and what each needs. */
export function CreditActionModal({
  customerId,
  action,
  source,
  openInvoices,
  onClose,
  onDone,
}: {
  customerId: number;
  action: CreditAction;
  source: CreditSource;
  openInvoices: Credit['open_invoices'];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const apply = trpc.credit.applyCredit.useMutation();
  const refund = trpc.credit.refundCredit.useMutation();
  const [target, setTarget] = useState(openInvoices[0]?.invoice_id ?? 0);
  const due = openInvoices.find((i) => i.invoice_id === target)?.balance_due ?? source.amount;
  const [amount, setAmount] = useState(
    action === 'apply' && Number(due) < Number(source.amount) ? due : source.amount,
  );
  const [date, setDate] = useState(todayIso());
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failed, setFailed] = useState(false);
  const busy = apply.isPending || refund.isPending;
  const from = { source_invoice_id: source.invoice_id, source_order_id: source.order_id };

  async function submit() {
    setFailed(false);
    try {
      if (action === 'apply') {
        await apply.mutateAsync({
          id: customerId,
          data: { ...from, invoice_id: target, amount, date } as never,
        });
        const number = openInvoices.find((i) => i.invoice_id === target)?.invoice_number ?? '';
        onDone(CREDIT_TEXT.applied(formatMoney(amount), number));
      } else {
        await refund.mutateAsync({
          id: customerId,
          data: { ...from, amount, date, method, reference, reason } as never,
        });
        onDone(CREDIT_TEXT.refunded(formatMoney(amount)));
      }
    } catch (error) {
      const fields = serverFieldErrors(error) as Record<string, unknown> | null;
      if (fields) {
        const first = (k: string) => (Array.isArray(fields[k]) ? (fields[k] as string[])[0] : undefined);
        const found = {
          amount: first('amount'),
          date: first('date'),
          invoice_id: first('invoice_id'),
          method: first('method'),
          reference: first('reference'),
          reason: first('reason'),
          source: first('source_invoice_id') ?? first('source_order_id'),
        };
        if (Object.values(found).some(Boolean)) return setErrors(found);
      }
      setFailed(true);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={action === 'apply' ? CREDIT_TEXT.applyTitle : CREDIT_TEXT.refundTitle}
      description={`${source.kind === 'invoice' ? CREDIT_TEXT.creditSourceInvoice(source.invoice_number ?? '') : CREDIT_TEXT.creditSourceOrder(source.door_number ?? '')}: ${formatMoney(source.amount)}`}
      size="md"
      closeLabel={CREDIT_TEXT.cancel}
      actions={
        <>
          <Button disabled={busy} onClick={onClose}>
            {CREDIT_TEXT.cancel}
          </Button>
          <Button
            variant="primary"
            busy={busy}
            busyLabel={action === 'apply' ? CREDIT_TEXT.applying : CREDIT_TEXT.refunding}
            onClick={() => void submit()}
          >
            {action === 'apply' ? CREDIT_TEXT.apply : CREDIT_TEXT.refund}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {errors.source && <Notice tone="error">{errors.source}</Notice>}
        {failed && <Notice tone="error">{CREDIT_TEXT.actionError}</Notice>}
        {action === 'apply' && (
          <Field label={CREDIT_TEXT.applyTo} required error={errors.invoice_id}>
            {(control) => (
              <select
                {...control}
                value={target}
                onChange={(e) => setTarget(Number(e.target.value))}
                className={inputClassName(Boolean(errors.invoice_id))}
              >
                {openInvoices.map((i) => (
                  <option key={i.invoice_id} value={i.invoice_id}>
                    {`#${i.invoice_number} (${formatMoney(i.balance_due)} due)`}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label={CREDIT_TEXT.amount} required error={errors.amount}>
          {(control) => <MoneyInput {...control} value={amount} onChange={setAmount} />}
        </Field>
        <Field label={CREDIT_TEXT.date} required error={errors.date}>
          {(control) => (
            <TextInput {...control} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          )}
        </Field>
        {action === 'refund' && (
          <>
            <Field label={CREDIT_TEXT.method} required error={errors.method}>
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
            <Field label={CREDIT_TEXT.reference} error={errors.reference}>
              {(control) => (
                <TextInput {...control} value={reference} onChange={(e) => setReference(e.target.value)} />
              )}
            </Field>
            <Field label={CREDIT_TEXT.refundReason} required error={errors.reason}>
              {(control) => (
                <TextInput {...control} value={reason} onChange={(e) => setReason(e.target.value)} />
              )}
            </Field>
          </>
        )}
      </div>
    </Modal>
  );
}
