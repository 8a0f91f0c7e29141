import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { InvoiceStatus } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { formatDate, formatMoney } from '../../lib/format';
import { customerLinkClient, downloadThroughLink, useLinkToken, useSeller } from '../quotes/customerLink';
import { SellerContactLine } from '../quotes/SellerContactLine';
import { PaymentStatusBadge } from './PaymentStatusBadge';

/**
 * The page an invoice's customer link opens (/customer/invoice/:id#token; decisions 161, 210). Outside
 * the signed-in app: no session is read or made, nothing of the staff's is loaded; it calls only the
 * /api/customer/invoices/ routes. It shows the invoice's key figures, how to pay (remit-to, terms) and
 * the PDF. No online payment.
 */
interface CustomerInvoice {
  invoice_number: string;
  company_name: string;
  customer_name: string;
  date: string;
  due_date: string | null;
  terms: string;
  total: string;
  paid: string;
  credit: string;
  balance_due: string;
  status: InvoiceStatus;
  remit_to: { name: string; street: string; city: string; state: string; zip_code: string };
}

export function CustomerInvoicePage() {
  const { id } = useParams();
  const token = useLinkToken();
  const seller = useSeller();
  const [invoice, setInvoice] = useState<CustomerInvoice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const base = `/api/customer/invoices/${id ?? '0'}/`;

  useEffect(() => {
    void (async () => {
      const res = await customerLinkClient.fetch(base, { headers: { 'X-Customer-Link': token, Accept: 'application/json' } });
      const body = (await res.json().catch(() => ({}))) as CustomerInvoice & { detail?: string };
      // A link repaired in the same tab loads again, and what the broken one said goes.
      setInvoice(res.ok ? body : null);
      setProblem(res.ok ? null : (body.detail ?? 'This link does not work.'));
    })();
  }, [base, token]);

  async function downloadPdf() {
    if (!(await downloadThroughLink(`${base}pdf/`, token, `invoice-${invoice?.invoice_number ?? ''}.pdf`)))
      setProblem('The PDF could not be opened. Please try again.');
  }

  const remit = invoice?.remit_to;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-4 sm:p-8">
      {problem && (
        <Notice tone="error">
          <p>{problem}</p>
          {seller && <SellerContactLine seller={seller} lead="Whom to ask:" />}
        </Notice>
      )}
      {invoice && remit && (
        <>
          <header className="flex flex-wrap items-baseline justify-between gap-2">
            <div>
              <p className="text-sm text-slate-600">{invoice.company_name}</p>
              <h1 className="text-2xl font-semibold text-slate-900">{`Invoice ${invoice.invoice_number}`}</h1>
              <p className="text-sm text-slate-600">{`For ${invoice.customer_name} · dated ${formatDate(invoice.date)}`}</p>
            </div>
            <PaymentStatusBadge status={invoice.status} />
          </header>
          <dl aria-label="Invoice figures" className="grid w-full max-w-sm grid-cols-2 gap-1 text-sm">
            <dt>Total</dt>
            <dd className="text-right tabular-nums">{formatMoney(invoice.total)}</dd>
            <dt>Payments/Credits</dt>
            <dd className="text-right tabular-nums">{formatMoney(invoice.paid)}</dd>
            {invoice.credit !== '0.00' && (
              <>
                <dt>Credit</dt>
                <dd className="text-right tabular-nums">{formatMoney(invoice.credit)}</dd>
              </>
            )}
            <dt className="font-semibold">Balance Due</dt>
            <dd className="text-right font-semibold tabular-nums">{formatMoney(invoice.balance_due)}</dd>
            <dt>Due Date</dt>
            <dd className="text-right">{invoice.due_date ? formatDate(invoice.due_date) : '—'}</dd>
          </dl>
          <section aria-label="How to pay" className="flex flex-col gap-1 rounded-lg border border-slate-200 p-4 text-sm">
            <h2 className="font-semibold text-slate-900">How to pay</h2>
            <p>{`Terms: ${invoice.terms}`}</p>
            <p>Please send payment to:</p>
            <address className="not-italic">
              {remit.name && <span className="block">{remit.name}</span>}
              {remit.street && <span className="block">{remit.street}</span>}
              <span className="block">{[remit.city, [remit.state, remit.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</span>
            </address>
            <p>{`Please write invoice number ${invoice.invoice_number} with your payment.`}</p>
          </section>
          <div>
            <Button onClick={() => void downloadPdf()}>Download PDF</Button>
          </div>
        </>
      )}
    </main>
  );
}
