import { useState } from 'react';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { countOf, formatDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { QUOTE_TEXT } from './texts';

/**
 * A document's customer links (decisions 161, 210), on the quote's and the invoice's screens alike:
 * make one (its URL shown this once), the list with each link's state and uses, revoke, and the log of
 * uses. The same staff calls on each document (`quotes.links`, `invoices.links`, ...).
 */
export function CustomerLinksSection({
  of,
  id,
  onError,
}: {
  of: 'quote' | 'invoice';
  id: number;
  onError: (e: unknown) => void;
}) {
  const router = of === 'quote' ? 'quotes' : 'invoices';
  const api = trpc[router];
  const utils = trpc.useUtils()[router];
  const links = api.links.useQuery({ id });
  const events = api.linkEvents.useQuery({ id });
  const createLink = api.createLink.useMutation();
  const revokeLink = api.revokeLink.useMutation();
  const [newUrl, setNewUrl] = useState<string | null>(null);
  const refresh = () => {
    void utils.links.invalidate();
    void utils.linkEvents.invalidate();
  };

  return (
    <section aria-label={QUOTE_TEXT.links} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-sm font-semibold text-slate-900">{QUOTE_TEXT.links}</h2>
      <div>
        <Button
          size="sm"
          disabled={createLink.isPending}
          onClick={() =>
            createLink.mutateAsync({ id, data: {} }).then((link) => {
              setNewUrl(link.url);
              refresh();
            }, onError)
          }
        >
          {QUOTE_TEXT.createLink}
        </Button>
      </div>
      {newUrl && (
        <Field label="New customer link" hint={QUOTE_TEXT.linkCreated}>
          {(control) => <TextInput {...control} readOnly value={newUrl} onFocus={(e) => e.target.select()} />}
        </Field>
      )}
      {(links.data?.results ?? []).length === 0 ? (
        <p className="text-sm text-slate-500">{QUOTE_TEXT.noLinks}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {links.data!.results.map((l) => (
            <li key={l.id} className="flex items-center justify-between gap-2">
              <span>{`Link ${l.id}: ${l.state}, until ${formatDate(l.expires_at)}, ${countOf(l.views, 'use')}`}</span>
              {l.state === 'active' && (
                <Button
                  size="xs"
                  variant="danger"
                  aria-label={`Revoke link ${l.id}`}
                  onClick={() => revokeLink.mutateAsync({ id, linkId: l.id }).then(refresh, onError)}
                >
                  {QUOTE_TEXT.revoke}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {(events.data?.results ?? []).length > 0 && (
        <details className="text-xs text-slate-600">
          <summary>{QUOTE_TEXT.views}</summary>
          <ul>
            {events.data!.results.map((e) => (
              <li key={e.id}>{`${new Date(e.at).toLocaleString()} · ${e.action} · ${e.ip}`}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
