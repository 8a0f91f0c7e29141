import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { useLiveChanges } from '../../lib/live';
import { trpc } from '../../lib/trpc';

interface AnswerNotice {
  id: number;
  action: 'accepted' | 'declined';
  text: string;
}

/**
 * Tells the signed-in staff, on whatever screen they are, that a customer accepted or declined a quote through
 * its link (the live feed's quote.accepted / quote.declined), with the way to it, until dismissed.
 */
export function QuoteAnswerNotices() {
  const utils = trpc.useUtils();
  const [notices, setNotices] = useState<AnswerNotice[]>([]);

  useLiveChanges((change) => {
    if (change.entity !== 'quote' || (change.action !== 'accepted' && change.action !== 'declined')) return;
    const action = change.action;
    const add = (text: string) =>
      setNotices((shown) => [...shown.filter((n) => n.id !== change.id || n.action !== action), { id: change.id, action, text }]);
    utils.quotes.get.fetch({ id: change.id }).then(
      (quote) => add(`${quote.customer_name || 'The customer'} ${action} quote ${quote.quote_number}${quote.declined?.comment ? `: “${quote.declined.comment}”` : '.'}`),
      () => add(`A customer ${action} a quote.`),
    );
  });

  const dismiss = (notice: AnswerNotice) => setNotices((shown) => shown.filter((n) => n !== notice));
  return (
    <section
      aria-label="Customer answers"
      className="pointer-events-none fixed right-4 bottom-4 z-40 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {notices.map((notice) => (
        <Notice
          key={`${notice.id}-${notice.action}`}
          tone={notice.action === 'accepted' ? 'success' : 'info'}
          className="pointer-events-auto shadow-lg"
          onDismiss={() => dismiss(notice)}
        >
          <p>{notice.text}</p>
          <Link to={`/quotes/${notice.id}`} onClick={() => dismiss(notice)} className="font-medium underline">
            Open the quote
          </Link>
        </Notice>
      ))}
    </section>
  );
}
