import { useState } from 'react';
import {
  DEPOSIT_KIND_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  formatMoney,
  formatUsDate,
  todayIso,
  type PaymentMethod,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { MoneyInput } from '../../components/MoneyInput';
import { Notice } from '../../components/Notice';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CREDIT_TEXT } from './texts';

type FieldName = 'amount' | 'date' | 'method' | 'reference';

/**
 * The order form's deposits (decision 171): what the order holds, its entries (deposits, refunds, moved
 * onto the invoice), and Record deposit (amount, date, method, reference) while the order is neither
 * invoiced nor voided; the amount's hint says the most it may be (decision 240), and the server's
 * refusal of more shows on the amount. Not a <form>: it sits inside the order form, and Enter there saves the order.
 */
export function DepositsSection({ orderId, invoiced }: { orderId: number; invoiced: boolean }) {
  const account = trpc.credit.orderDeposits.useQuery({ orderId });
  const record = trpc.credit.recordDeposit.useMutation();
  const utils = trpc.useUtils();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(todayIso());
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const voided = account.data?.order_status === 'voided';

  async function submit() {
    setFailed(null);
    try {
      await record.mutateAsync({ orderId, data: { amount, date, method, reference } as never });
      setErrors({});
      setAmount('');
      setReference('');
      void utils.credit.orderDeposits.invalidate({ orderId });
      void utils.orders.list.invalidate();
    } catch (error) {
      const fields = serverFieldErrors(error) as Record<string, unknown> | null;
      if (fields) {
        const first = (k: FieldName) => (Array.isArray(fields[k]) ? (fields[k] as string[])[0] : undefined);
        const found = {
          amount: first('amount'),
          date: first('date'),
          method: first('method'),
          reference: first('reference'),
        };
        if (Object.values(found).some(Boolean)) return setErrors(found);
      }
      setFailed(serverMessage(error) ?? CREDIT_TEXT.depositError);
    }
  }

  return (
    <section
      aria-labelledby={`order-deposits-${orderId}`}
      className="mt-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`order-deposits-${orderId}`} className="text-base font-semibold text-slate-900">
          {CREDIT_TEXT.depositsTitle}
        </h3>
        {account.data && (
          <span className="text-sm tabular-nums text-slate-700">
            {CREDIT_TEXT.depositsHeld(formatMoney(account.data.held))}
          </span>
        )}
      </div>
      {account.isError && <Notice tone="error">{CREDIT_TEXT.loadError}</Notice>}
      {account.data?.owed_to_customer && (
        <Notice tone="info">{CREDIT_TEXT.depositsOwed(formatMoney(account.data.held))}</Notice>
      )}
      {account.data && account.data.results.length === 0 && (
        <p className="text-sm text-slate-600">{CREDIT_TEXT.depositsEmpty}</p>
      )}
      {account.data && account.data.results.length > 0 && (
        <table className="min-w-full text-sm">
          <caption className="sr-only">{CREDIT_TEXT.depositsCaption}</caption>
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">
                {CREDIT_TEXT.date}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {CREDIT_TEXT.kindLabel}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {CREDIT_TEXT.method}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {CREDIT_TEXT.reference}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {CREDIT_TEXT.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {account.data.results.map((d) => (
              <tr key={d.id} className="border-t border-slate-100">
                <td className="py-1 pr-3 tabular-nums">{formatUsDate(d.date)}</td>
                <td className="py-1 pr-3">
                  {DEPOSIT_KIND_LABELS[d.kind]}
                  {d.invoice_number && (
                    <span className="block text-xs text-slate-500">{`#${d.invoice_number}`}</span>
                  )}
                </td>
                <td className="py-1 pr-3">{PAYMENT_METHOD_LABELS[d.method]}</td>
                <td className="py-1 pr-3">{d.reference}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(d.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {invoiced && <p className="text-sm text-slate-600">{CREDIT_TEXT.depositsInvoiced}</p>}
      {!invoiced && !voided && account.data && (
        <div role="group" aria-label={CREDIT_TEXT.recordDeposit} className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Field
              label={CREDIT_TEXT.depositAmount}
              required
              hint={
                account.data.deposit_limit !== null
                  ? CREDIT_TEXT.depositLimit(formatMoney(account.data.deposit_limit))
                  : undefined
              }
              error={errors.amount}
            >
              {(control) => <MoneyInput {...control} value={amount} onChange={setAmount} />}
            </Field>
            <Field label={CREDIT_TEXT.depositDate} required error={errors.date}>
              {(control) => (
                <TextInput {...control} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
              )}
            </Field>
            <Field label={CREDIT_TEXT.depositMethod} required error={errors.method}>
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
            <Field label={CREDIT_TEXT.depositReference} error={errors.reference}>
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
          {failed && <Notice tone="error">{failed}</Notice>}
          <div>
            <Button
              type="button"
              variant="primary"
              busy={record.isPending}
              busyLabel={CREDIT_TEXT.recordingDeposit}
              onClick={() => void submit()}
            >
              {CREDIT_TEXT.recordDeposit}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
