import { useState } from 'react';
import { formatMoney } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { trpc } from '../../lib/trpc';
import { CustomerSection } from '../customers/CustomerFields';
import { CreditActionModal, type CreditAction, type CreditSource } from './CreditActionModal';
import { CREDIT_TEXT } from './texts';

/**
 * The customer page's Credit panel (decision 174): the credit available and where it sits (an overpaid
 * invoice, a voided order's deposits), each with Apply (to another open invoice) and Refund.
 */
export function CustomerCreditPanel({ customerId }: { customerId: number }) {
  const credit = trpc.credit.customerCredit.useQuery({ id: customerId });
  const utils = trpc.useUtils();
  const [action, setAction] = useState<{ kind: CreditAction; source: CreditSource } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const sourceLabel = (s: CreditSource) =>
    s.kind === 'invoice'
      ? CREDIT_TEXT.creditSourceInvoice(s.invoice_number ?? '')
      : CREDIT_TEXT.creditSourceOrder(s.door_number ?? '');

  return (
    <CustomerSection title={CREDIT_TEXT.creditTitle}>
      {credit.isError && <Notice tone="error">{CREDIT_TEXT.loadError}</Notice>}
      {done && (
        <Notice tone="success" onDismiss={() => setDone(null)}>
          {done}
        </Notice>
      )}
      {credit.data && credit.data.sources.length === 0 && (
        <p className="text-sm text-slate-600">{CREDIT_TEXT.creditNone}</p>
      )}
      {credit.data && credit.data.sources.length > 0 && (
        <>
          <p className="text-sm font-medium text-slate-900">
            {CREDIT_TEXT.creditAmount(formatMoney(credit.data.credit))}
          </p>
          <ul className="flex flex-col gap-2 text-sm">
            {credit.data.sources.map((s) => (
              <li
                key={`${s.kind}-${s.invoice_id ?? s.order_id}`}
                className="flex flex-wrap items-center gap-3"
              >
                <span>{sourceLabel(s)}</span>
                <span className="tabular-nums font-medium">{formatMoney(s.amount)}</span>
                <Button
                  size="xs"
                  disabled={credit.data.open_invoices.every((i) => i.invoice_id === s.invoice_id)}
                  onClick={() => setAction({ kind: 'apply', source: s })}
                  aria-label={`${CREDIT_TEXT.apply}: ${sourceLabel(s)}`}
                >
                  {CREDIT_TEXT.apply}
                </Button>
                <Button
                  size="xs"
                  onClick={() => setAction({ kind: 'refund', source: s })}
                  aria-label={`${CREDIT_TEXT.refund}: ${sourceLabel(s)}`}
                >
                  {CREDIT_TEXT.refund}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {action && credit.data && (
        <CreditActionModal
          customerId={customerId}
          action={action.kind}
          source={action.source}
          openInvoices={credit.data.open_invoices.filter((i) => i.invoice_id !== action.source.invoice_id)}
          onClose={() => setAction(null)}
          onDone={(message) => {
            setAction(null);
            setDone(message);
            void utils.credit.customerCredit.invalidate({ id: customerId });
            void utils.customers.get.invalidate({ id: customerId });
            void utils.invoices.list.invalidate();
          }}
        />
      )}
    </CustomerSection>
  );
}
