import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { todayIso } from '../../lib/format';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { EmailDialog } from '../email/EmailDialog';
import { CustomerLinksSection } from './CustomerLinksSection';
import { customLinesOf } from './formValues';
import { QUOTE_TEXT } from './texts';
import type { QuoteView } from './types';

type Message = { tone: 'success' | 'error' | 'info'; text: string };

/** Convert to Order: the door number (the next free one proposed) and the order date; the number is taken now. */
function ConvertDialog({ quote, open, onClose, onDone }: { quote: QuoteView; open: boolean; onClose: () => void; onDone: (m: Message) => void }) {
  const proposal = trpc.orders.nextDoorNumber.useQuery(undefined, { enabled: open, staleTime: 0 });
  const convert = trpc.quotes.convert.useMutation();
  const utils = trpc.useUtils();
  const [door, setDoor] = useState<string | null>(null);
  const [date, setDate] = useState(todayIso());
  const [error, setError] = useState<string | undefined>();
  const doorNumber = door ?? proposal.data?.door_number ?? '';
  // Said before converting, not discovered on the order: lines with no catalogue link stay custom lines.
  const customLines = customLinesOf(quote);

  async function submit() {
    setError(undefined);
    try {
      const converted = await convert.mutateAsync({ id: quote.id, data: { door_number: doorNumber, date, version: quote.version } });
      void utils.quotes.invalidate();
      void utils.orders.invalidate();
      onDone({ tone: 'success', text: `Order ${converted.order_door_number ?? ''} created from quote ${quote.quote_number}.` });
      onClose();
    } catch (e) {
      const fields = serverFieldErrors(e) as Record<string, string[]> | null;
      setError(fields?.door_number?.[0] ?? fields?.date?.[0] ?? serverMessage(e) ?? 'The quote could not be converted.');
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={QUOTE_TEXT.convertTitle}
      description={QUOTE_TEXT.convertHelp}
      actions={
        <>
          <Button onClick={onClose}>{QUOTE_TEXT.cancel}</Button>
          <Button variant="primary" disabled={convert.isPending} onClick={() => void submit()}>
            {convert.isPending ? QUOTE_TEXT.converting : QUOTE_TEXT.convert}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {customLines.length > 0 && (
          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
            {QUOTE_TEXT.convertCustomLines(customLines.map((name) => `"${name}"`).join(', '))}
          </p>
        )}
        <Field label={QUOTE_TEXT.doorNumber} required error={error}>
          {(control) => <TextInput {...control} value={doorNumber} onChange={(e) => setDoor(e.target.value)} />}
        </Field>
        <Field label={QUOTE_TEXT.orderDate} required>
          {(control) => <TextInput {...control} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
        </Field>
      </div>
    </Modal>
  );
}

/** What staff do with a saved quote: PDF, email, mark sent, duplicate, customer links, convert; and the links' activity. */
export function QuoteActions({ quote, onMessage }: { quote: QuoteView; onMessage: (m: Message | null) => void }) {
  const utils = trpc.useUtils();
  const markSent = trpc.quotes.markSent.useMutation();
  const duplicate = trpc.quotes.duplicate.useMutation();
  const navigate = useNavigate();
  const [emailOpen, setEmailOpen] = useState(false);
  const [convertOpen, setConvertOpen] = useState(false);
  const fail = (e: unknown) => onMessage({ tone: 'error', text: serverMessage(e) ?? 'That did not work. Try again.' });
  const refresh = () => {
    void utils.quotes.invalidate();
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <a href={`/api/quotes/${quote.id}/pdf/`} target="_blank" rel="noreferrer" className="text-sm font-medium text-sky-700 hover:underline">
          {QUOTE_TEXT.pdf}
        </a>
        <Button onClick={() => setEmailOpen(true)}>{QUOTE_TEXT.email}</Button>
        {quote.status === 'draft' && (
          <Button
            disabled={markSent.isPending}
            onClick={() => markSent.mutateAsync({ id: quote.id }).then(refresh, fail)}
          >
            {QUOTE_TEXT.markSent}
          </Button>
        )}
        {quote.status === 'accepted' && (
          <Button variant="primary" onClick={() => setConvertOpen(true)}>
            {QUOTE_TEXT.convert}
          </Button>
        )}
        {/* Any quote, a declined or expired one above all: the counter-offer starts from its fields, not from nothing. */}
        <Button
          disabled={duplicate.isPending}
          onClick={() =>
            duplicate.mutateAsync({ id: quote.id }).then((copy) => {
              void utils.quotes.list.invalidate();
              onMessage({ tone: 'success', text: QUOTE_TEXT.duplicated(copy.quote_number, quote.quote_number) });
              navigate(`/quotes/${copy.id}`);
            }, fail)
          }
        >
          {duplicate.isPending ? QUOTE_TEXT.duplicating : QUOTE_TEXT.duplicate}
        </Button>
        {quote.order_id !== null && quote.order_door_number && (
          <Link to={`/orders?order=${quote.order_id}`} className="text-sm font-medium text-sky-700 hover:underline">
            {QUOTE_TEXT.openOrder(quote.order_door_number)}
          </Link>
        )}
      </div>
      <CustomerLinksSection of="quote" id={quote.id} onError={fail} />
      <EmailDialog
        kind="quote"
        id={quote.id}
        open={emailOpen}
        onClose={() => setEmailOpen(false)}
        onQueued={(text) => {
          onMessage({ tone: 'success', text });
          refresh();
          void utils.quotes.links.invalidate();
        }}
      />
      <ConvertDialog quote={quote} open={convertOpen} onClose={() => setConvertOpen(false)} onDone={onMessage} />
    </div>
  );
}
