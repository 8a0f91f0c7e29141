import { useState } from 'react';
import {
  LINKED_PAYMENT_KINDS,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  formatMoney,
  formatUsDate,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { trpc } from '../../lib/trpc';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { RecordPaymentForm, type PaymentRecorded } from './RecordPaymentForm';
import { PAYMENT_TEXT } from './paymentTexts';

type Summary = PaymentRecorded['invoice'];

export interface PaymentsSectionProps {
  invoiceId: number;
  /** A payment was recorded or reversed: the invoice's new money and version. */
  onChanged: (summary: Summary) => void;
}

/**
 * The invoice editor's payments: status, balance or credit, the ledger (oldest first) with a
 * Reverse action per entry (asks first; records the negating entry), and the record form.
 */
export function PaymentsSection({ invoiceId, onChanged }: PaymentsSectionProps) {
  const ledger = trpc.payments.forInvoice.useQuery({ invoiceId });
  const reverse = trpc.payments.reverse.useMutation();
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function changed(summary: Summary) {
    void utils.payments.forInvoice.invalidate({ invoiceId });
    void utils.invoices.list.invalidate();
    onChanged(summary);
  }

  async function confirmReverse(id: number) {
    setError(null);
    try {
      const answer = await reverse.mutateAsync({ id, data: {} });
      setAsking(null);
      changed(answer.invoice);
    } catch {
      setAsking(null);
      setError(PAYMENT_TEXT.reverseError);
    }
  }

  const summary = ledger.data?.invoice;
  return (
    <section
      aria-labelledby="invoice-payments"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="invoice-payments" className="text-base font-semibold text-slate-900">
          {PAYMENT_TEXT.historyTitle}
        </h2>
        {summary && <PaymentStatusBadge status={summary.status} />}
        {summary && summary.credit !== '0.00' && (
          <span className="text-sm text-slate-700">
            {PAYMENT_TEXT.creditLine(formatMoney(summary.credit))}
          </span>
        )}
      </div>
      {error && (
        <Notice tone="error" onDismiss={() => setError(null)}>
          {error}
        </Notice>
      )}
      {ledger.isError && <Notice tone="error">{PAYMENT_TEXT.loadError}</Notice>}
      {ledger.data && ledger.data.results.length === 0 && (
        <p className="text-sm text-slate-600">{PAYMENT_TEXT.historyEmpty}</p>
      )}
      {ledger.data && ledger.data.results.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{PAYMENT_TEXT.historyCaption}</caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="py-1 pr-3 font-medium">
                  {PAYMENT_TEXT.date}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {PAYMENT_TEXT.kind}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {PAYMENT_TEXT.method}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {PAYMENT_TEXT.reference}
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  {PAYMENT_TEXT.amount}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {PAYMENT_TEXT.recordedBy}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {PAYMENT_TEXT.actions}
                </th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.results.map((p) => (
                <tr key={p.id} className="border-t border-slate-100">
                  <td className="py-1 pr-3 tabular-nums">{formatUsDate(p.date)}</td>
                  <td className="py-1 pr-3">
                    {PAYMENT_KIND_LABELS[p.kind]}
                    {p.reason && <span className="block text-xs text-slate-500">{p.reason}</span>}
                    {LINKED_PAYMENT_KINDS.includes(p.kind) && p.note && (
                      <span className="block text-xs text-slate-500">{p.note}</span>
                    )}
                  </td>
                  <td className="py-1 pr-3">{PAYMENT_METHOD_LABELS[p.method]}</td>
                  <td className="py-1 pr-3">{p.reference}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{formatMoney(p.amount)}</td>
                  <td className="py-1 pr-3">{p.recorded_by ?? ''}</td>
                  <td className="py-1 text-right whitespace-nowrap">
                    {p.kind === 'reversal' ||
                    LINKED_PAYMENT_KINDS.includes(p.kind) ? null : p.reversed_by_id !== null ? (
                      <span className="text-xs text-slate-500">{PAYMENT_TEXT.reversed}</span>
                    ) : asking === p.id ? (
                      <span className="inline-flex items-center gap-1.5">
                        <span className="text-xs font-medium text-red-700">
                          {PAYMENT_TEXT.confirmReverse}
                        </span>
                        <Button
                          size="xs"
                          variant="danger"
                          busy={reverse.isPending}
                          busyLabel={PAYMENT_TEXT.reversing}
                          onClick={() => void confirmReverse(p.id)}
                        >
                          {PAYMENT_TEXT.confirm}
                        </Button>
                        <Button size="xs" disabled={reverse.isPending} onClick={() => setAsking(null)}>
                          {PAYMENT_TEXT.cancel}
                        </Button>
                      </span>
                    ) : (
                      <Button
                        size="xs"
                        onClick={() => setAsking(p.id)}
                        aria-label={`${PAYMENT_TEXT.reverse} ${formatMoney(p.amount)}`}
                      >
                        {PAYMENT_TEXT.reverse}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {summary && (
        <RecordPaymentForm
          key={`${summary.version}`}
          invoiceId={invoiceId}
          balanceDue={summary.balance_due}
          onRecorded={(answer) => changed(answer.invoice)}
        />
      )}
    </section>
  );
}
