import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { customerLinkClient, downloadThroughLink, useLinkToken, useSeller } from './customerLink';
import { formatDate, formatMoney } from '../../lib/format';
import { SellerContactLine } from './SellerContactLine';
import type { QuoteStatus } from '@icehouse/domain';

/**
 * The page a customer link opens (/customer/quote/:id#token; decision 161). Outside the signed-in
 * app: no session is read or made and nothing of the staff's is loaded; it calls only the
 * /api/customer/ routes, sending the token from the address's fragment (browsers never send a
 * fragment to a server) in the X-Customer-Link header.
 */
interface CustomerQuote {
  quote_number: string;
  company_name: string;
  status: QuoteStatus;
  date: string;
  valid_until: string;
  customer_name: string;
  line_items: { quantity: number; description: string; price_each: string; amount: string }[];
  totals: { subtotal: string; discount_amount: string; tax_rate: string; tax_amount: string; total: string };
  accepted: { name: string; at: string } | null;
  declined: { at: string } | null;
  can_respond: boolean;
  version: number;
}

const client = customerLinkClient;

export function CustomerQuotePage() {
  const { id } = useParams();
  const token = useLinkToken();
  const seller = useSeller();
  const [quote, setQuote] = useState<CustomerQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // Declining cannot be undone: it is asked once more, with the comment the seller will read.
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const base = `/api/customer/quotes/${id ?? '0'}/`;
  const headers = { 'X-Customer-Link': token, Accept: 'application/json' };

  const load = useCallback(async () => {
    const res = await client.fetch(base, { headers });
    const body = (await res.json().catch(() => ({}))) as CustomerQuote & { detail?: string };
    // A link repaired in the same tab loads again: what the broken one said goes, and so does the other way round.
    if (res.ok) {
      setQuote(body);
      setProblem(null);
    } else {
      setQuote(null);
      setProblem(body.detail ?? 'This link does not work.');
    }
  }, [base, token]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    void load();
  }, [load]);

  async function answer(path: 'accept' | 'decline') {
    setBusy(true);
    setNameError(undefined);
    try {
      const res = await client.fetch(`${base}${path}/`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(path === 'accept' ? { name, version: quote?.version } : { comment, version: quote?.version }),
      });
      const body = (await res.json().catch(() => ({}))) as CustomerQuote & { detail?: string; name?: string[] };
      if (res.ok) {
        setQuote(body);
        setDone(path === 'accept' ? 'Thank you: your acceptance has been recorded.' : 'Thank you: we have recorded that you declined this quote.');
      } else if (body.name) setNameError(body.name[0]);
      else setProblem(body.detail ?? 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function downloadPdf() {
    if (!(await downloadThroughLink(`${base}pdf/`, token, `quote-${quote?.quote_number ?? ''}.pdf`)))
      setProblem('The PDF could not be opened. Please try again.');
  }

  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-4 sm:p-8">
      {problem && (
        <Notice tone="error">
          <p>{problem}</p>
          {seller && <SellerContactLine seller={seller} lead="Whom to ask:" />}
        </Notice>
      )}
      {done && <Notice tone="success">{done}</Notice>}
      {quote && (
        <>
          <header className="flex flex-wrap items-baseline justify-between gap-2">
            <div>
              <p className="text-sm text-slate-600">{quote.company_name}</p>
              <h1 className="text-2xl font-semibold text-slate-900">{`Quote ${quote.quote_number}`}</h1>
              <p className="text-sm text-slate-600">{`For ${quote.customer_name} · dated ${formatDate(quote.date)} · valid until ${formatDate(quote.valid_until)}`}</p>
            </div>
          </header>
          {/* The staff's words for a quote's state (draft, sent) are theirs: the customer reads only what concerns them. */}
          {quote.status === 'expired' && <p className="text-sm font-medium text-slate-800">This quote has expired: ask us for a new one.</p>}
          {/* On a phone the amounts keep a gap between them and never wrap; a long line scrolls inside its box. */}
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Quote lines</caption>
              <thead>
                <tr className="border-b text-left">
                  <th className="py-1 pr-3">Description</th>
                  <th className="py-1 pl-3 text-right whitespace-nowrap">Qty</th>
                  <th className="py-1 pl-3 text-right whitespace-nowrap">Price Each</th>
                  <th className="py-1 pl-3 text-right whitespace-nowrap">Amount</th>
                </tr>
              </thead>
              <tbody>
                {quote.line_items.map((l, i) => (
                  <tr key={i} className="border-b border-slate-100">
                    <td className="py-1 pr-3 break-words">{l.description}</td>
                    <td className="py-1 pl-3 text-right tabular-nums whitespace-nowrap">{l.quantity}</td>
                    <td className="py-1 pl-3 text-right tabular-nums whitespace-nowrap">{formatMoney(l.price_each)}</td>
                    <td className="py-1 pl-3 text-right tabular-nums whitespace-nowrap">{formatMoney(l.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="ml-auto grid w-full max-w-64 grid-cols-2 gap-1 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-right tabular-nums">{formatMoney(quote.totals.subtotal)}</dd>
            {/* No discount, no line: "Discount -$0.00" only makes the customer wonder. */}
            {Number(quote.totals.discount_amount) !== 0 && (
              <>
                <dt>Discount</dt>
                <dd className="text-right tabular-nums">-{formatMoney(quote.totals.discount_amount)}</dd>
              </>
            )}
            <dt>{`Sales Tax (${quote.totals.tax_rate}%)`}</dt>
            <dd className="text-right tabular-nums">{formatMoney(quote.totals.tax_amount)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold tabular-nums">{formatMoney(quote.totals.total)}</dd>
          </dl>
          <div>
            <Button onClick={() => void downloadPdf()}>Download PDF</Button>
          </div>
          {quote.accepted && <p className="text-sm">{`Accepted by ${quote.accepted.name} on ${formatDate(quote.accepted.at)}.`}</p>}
          {quote.accepted && (
            <section aria-label="What happens next" className="flex flex-col gap-1 rounded-lg border border-slate-200 p-4">
              <h2 className="text-base font-semibold text-slate-900">What happens next</h2>
              <p className="text-sm">
                {`${quote.company_name} now makes your order from this quote and will contact you to confirm the details, the deposit and the delivery date.`}
              </p>
              {seller && <SellerContactLine seller={seller} lead="Questions? Reach us:" />}
            </section>
          )}
          {quote.declined && <p className="text-sm">{`Declined on ${formatDate(quote.declined.at)}.`}</p>}
          {quote.can_respond && (
            <div className="grid gap-4 sm:grid-cols-2">
              <section aria-label="Accept the quote" className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
                <Field label="Your name" required error={nameError} hint="Typing your name accepts this quote.">
                  {(control) => <TextInput {...control} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />}
                </Field>
                <Button variant="primary" disabled={busy} onClick={() => void answer('accept')}>
                  Accept Quote
                </Button>
              </section>
              <section aria-label="Decline the quote" className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
                <Field label="Comment (optional)">
                  {(control) => <textarea {...control} rows={3} className={inputClassName(false)} value={comment} onChange={(e) => setComment(e.target.value)} />}
                </Field>
                <Button variant="danger" disabled={busy} onClick={() => setConfirmingDecline(true)}>
                  Decline Quote
                </Button>
              </section>
            </div>
          )}
          <ConfirmDialog
            open={confirmingDecline}
            title={`Decline quote ${quote.quote_number}?`}
            confirmLabel="Decline Quote"
            confirmVariant="danger"
            cancelLabel="Keep the quote open"
            busy={busy}
            busyLabel="Declining..."
            onConfirm={() => {
              setConfirmingDecline(false);
              void answer('decline');
            }}
            onCancel={() => setConfirmingDecline(false)}
          >
            {comment.trim()
              ? `${quote.company_name} will see your comment: “${comment.trim()}”. A declined quote cannot be accepted afterwards.`
              : `A declined quote cannot be accepted afterwards. You can add a comment for ${quote.company_name} before declining.`}
          </ConfirmDialog>
        </>
      )}
    </main>
  );
}
