import { useId } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { Notice } from '../../components/Notice';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { EMAIL_TEXT } from './texts';

type Entry = RouterOutputs['email']['log']['results'][number];

function formatWhen(iso: string): string {
  const when = new Date(iso);
  return Number.isNaN(when.getTime())
    ? iso
    : when.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
}

function Outcome({ entry }: { entry: Entry }) {
  return (
    <div className="text-sm">
      <span
        className={
          entry.status === 'sent'
            ? 'font-medium text-emerald-800'
            : entry.status === 'failed' || entry.status === 'not_sent'
              ? 'font-medium text-red-800'
              : 'font-medium text-amber-800'
        }
      >
        {EMAIL_TEXT.status[entry.status]}
      </span>
      {entry.server_message_id && (
        <div className="text-xs text-slate-500">
          {EMAIL_TEXT.serverId}: <code>{entry.server_message_id}</code> {entry.server_response}
        </div>
      )}
      {entry.error && <div className="text-xs text-red-700">{entry.error}</div>}
      {entry.next_retry && (
        <div className="text-xs text-slate-600">
          {EMAIL_TEXT.nextRetry}: {formatWhen(entry.next_retry)}
        </div>
      )}
    </div>
  );
}

const COLUMNS: DataTableColumn<Entry>[] = [
  {
    key: 'created_at',
    header: EMAIL_TEXT.when,
    className: 'tabular-nums whitespace-nowrap',
    cell: (e) => formatWhen(e.sent_at ?? e.created_at),
  },
  { key: 'to', header: EMAIL_TEXT.recipients, cell: (e) => [...e.to, ...e.cc].join(', ') },
  { key: 'version', header: EMAIL_TEXT.version, numeric: true, cell: (e) => e.document_version ?? '—' },
  { key: 'by', header: EMAIL_TEXT.by, cell: (e) => e.created_by ?? '—' },
  { key: 'outcome', header: EMAIL_TEXT.outcome, cell: (e) => <Outcome entry={e} /> },
];

/** The emails of an invoice ('invoice', its id), an order's bill of lading ('bol', the order's id) or a quote. */
export function SentLog({ kind, id }: { kind: 'invoice' | 'bol' | 'quote'; id: number }) {
  const titleId = useId();
  const log = trpc.email.log.useQuery(
    { kind, id },
    {
      staleTime: 0,
      refetchInterval: (q) =>
        q.state.data?.results.some((e) => e.status === 'queued' || e.status === 'sending') ? 3000 : false,
    },
  );
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {EMAIL_TEXT.logTitle}
      </h2>
      {log.isError ? (
        <Notice tone="error">{EMAIL_TEXT.logError}</Notice>
      ) : (
        <DataTable
          caption={EMAIL_TEXT.logTitle}
          captionHidden
          columns={COLUMNS}
          rows={log.data?.results ?? []}
          rowKey={(e) => e.id}
          loading={log.isPending}
          loadingText={EMAIL_TEXT.logLoading}
          emptyText={EMAIL_TEXT.logEmpty}
        />
      )}
    </section>
  );
}
