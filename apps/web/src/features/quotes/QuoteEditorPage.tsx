import { useMemo, useState } from 'react';
import { FormProvider, get, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { listFieldErrors } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { useLiveChanges } from '../../lib/live';
import { trpc } from '../../lib/trpc';
import { useAdoptLoaded } from '../../lib/useAdoptLoaded';
import { useOrderLookups } from '../order-form/lookups';
import { SentLog } from '../email/SentLog';
import { QuoteActions } from './QuoteActions';
import { QuoteForm } from './QuoteForm';
import { QuoteStatusBadge } from './QuoteStatusBadge';
import { emptyQuote, payloadOf, priceOfQuoteValues, valuesOfQuote, type QuoteFormValues } from './formValues';
import { QUOTE_TEXT } from './texts';

/**
 * /quotes/new and /quotes/:id: the quote's fields (the order form's), its price by the order's rules
 * as typed, and what can be done with it (email, link, convert). The customer's answer arrives live.
 */
export function QuoteEditorPage() {
  const params = useParams();
  const id = params.id && params.id !== 'new' ? Number(params.id) : null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const lookups = useOrderLookups();
  const quote = trpc.quotes.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const create = trpc.quotes.create.useMutation();
  const update = trpc.quotes.update.useMutation();
  // The order form's values and sections (decision 253); the server's messages land on the fields of the same path.
  const form = useForm<QuoteFormValues>({ defaultValues: emptyQuote() });
  const values = useWatch({ control: form.control }) as QuoteFormValues;
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);

  const loaded = quote.data;
  const [customerName, setCustomerName] = useState('');
  // Read into the form once the catalogue is known too: the door prices' manual flags and the product's type need it.
  const ready = loaded !== undefined && !lookups.loading;
  useAdoptLoaded(ready ? `${loaded.id}:${loaded.version}` : null, () => {
    const settingPrice = (optionId: number | null) => (optionId === null ? null : (lookups.settingById.get(optionId)?.price ?? null));
    form.reset(valuesOfQuote(loaded!, settingPrice, lookups.productById));
    setCustomerName(loaded!.customer_name ?? '');
  });

  // The customer's answer (or anyone's change) shows at once.
  useLiveChanges((change) => {
    if (change.entity !== 'quote' || change.id !== id) return;
    void utils.quotes.invalidate();
    if (change.action === 'accepted' || change.action === 'declined') setMessage({ tone: 'info', text: QUOTE_TEXT.liveAnswered });
  });

  const locked = loaded ? ['accepted', 'declined', 'converted'].includes(loaded.status) : false;
  const busy = create.isPending || update.isPending;

  // The price as typed, by the order's own rule (the server computes the same on save).
  const preview = useMemo(
    () => priceOfQuoteValues(values, lookups.taxRate, lookups.productById),
    [values, lookups.productById, lookups.taxRate],
  );
  // An answered quote stands at the price it was answered at (its tax rate then); an open one shows what a save would store.
  const totals =
    locked && loaded
      ? { subtotal: loaded.totals.subtotal, discountAmount: loaded.totals.discount_amount, taxAmount: loaded.totals.tax_amount, total: loaded.totals.total }
      : preview;

  /** The server's field errors on their fields (the first message each); any without a field go in the notice. */
  function showFieldErrors(fieldErrors: NonNullable<ReturnType<typeof serverFieldErrors>>): string[] {
    const current = form.getValues();
    const others: string[] = [];
    for (const { path, messages } of listFieldErrors(fieldErrors)) {
      const first = messages[0];
      if (!first) continue;
      if (path !== '' && get(current, path) !== undefined) form.setError(path as FieldPath<QuoteFormValues>, { type: 'server', message: first });
      else others.push(first);
    }
    return others;
  }

  async function save() {
    setMessage(null);
    form.clearErrors();
    const values = form.getValues();
    try {
      if (id === null) {
        const created = await create.mutateAsync(payloadOf(values));
        void utils.quotes.list.invalidate();
        navigate(`/quotes/${created.id}`, { replace: true });
      } else {
        await update.mutateAsync({ id, data: { ...payloadOf(values), version: loaded?.version } });
        void utils.quotes.invalidate();
      }
      setMessage({ tone: 'success', text: QUOTE_TEXT.saved });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      const others = fieldErrors ? showFieldErrors(fieldErrors) : [];
      setMessage({
        tone: 'error',
        text: fieldErrors ? [QUOTE_TEXT.saveFailed, ...others].join(' ') : (serverMessage(error) ?? QUOTE_TEXT.saveFailed),
      });
    }
  }

  if (id !== null && quote.isError) return <Notice tone="error">{serverMessage(quote.error) ?? QUOTE_TEXT.fetchError}</Notice>;

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title={loaded ? QUOTE_TEXT.editTitle(loaded.quote_number) : QUOTE_TEXT.newTitle}
        actions={
          <>
            <Link to="/quotes" className="text-sm font-medium text-sky-700 hover:underline">
              {QUOTE_TEXT.title}
            </Link>
            {!locked && (
              <Button variant="primary" onClick={() => void save()} disabled={busy || (id !== null && !ready)}>
                {busy ? QUOTE_TEXT.saving : QUOTE_TEXT.save}
              </Button>
            )}
          </>
        }
      />
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {loaded && (
        <div role="group" className="flex flex-wrap items-center gap-3 text-sm text-slate-700" aria-label="Quote status">
          <QuoteStatusBadge status={loaded.status} />
          {loaded.accepted && <span>{QUOTE_TEXT.accepted(loaded.accepted.name, formatDate(loaded.accepted.at))}</span>}
          {loaded.declined && (
            <span>
              {QUOTE_TEXT.declined(formatDate(loaded.declined.at))}
              {loaded.declined.comment && ` — ${QUOTE_TEXT.declinedComment}: ${loaded.declined.comment}`}
            </span>
          )}
          {loaded.order_id !== null && loaded.order_door_number && (
            <Link to={`/orders?order=${loaded.order_id}`} className="font-medium text-sky-700 hover:underline">
              {QUOTE_TEXT.openOrder(loaded.order_door_number)}
            </Link>
          )}
        </div>
      )}
      {locked && <Notice tone="info">{QUOTE_TEXT.locked}</Notice>}
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <FormProvider {...form}>
          <QuoteForm lookups={lookups} customerName={customerName} onCustomerName={setCustomerName}
            disabled={locked || busy || (id !== null && !ready)} />
        </FormProvider>
        <aside className="flex flex-col gap-4">
          <div role="group" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Quote totals">
            <dl className="grid grid-cols-2 gap-1 text-sm">
              <dt>Subtotal</dt>
              <dd className="text-right tabular-nums">{formatMoney(totals.subtotal)}</dd>
              <dt>Discount</dt>
              <dd className="text-right tabular-nums">-{formatMoney(totals.discountAmount)}</dd>
              <dt>Sales Tax</dt>
              <dd className="text-right tabular-nums">{formatMoney(totals.taxAmount)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid="quote-total">
                {formatMoney(totals.total)}
              </dd>
            </dl>
          </div>
          {loaded && <QuoteActions quote={loaded} onMessage={setMessage} />}
        </aside>
      </div>
      {/* "The sent log shows when it is sent", as the email dialog says: each email with its outcome. */}
      {loaded && <SentLog kind="quote" id={loaded.id} />}
    </section>
  );
}
