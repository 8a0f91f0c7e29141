import { useId } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { Notice } from '../../components/Notice';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { DOCUMENTS_TEXT } from './texts';

type ArchivedDocument = RouterOutputs['documents']['forInvoice']['results'][number];

/** '2026-11-23T14:05:00.000Z' on this machine's clock: '11/23/2026, 2:05 PM'. */
function formatWhen(iso: string): string {
  const when = new Date(iso);
  return Number.isNaN(when.getTime())
    ? iso
    : when.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
}

/** 48213 -> '47.1 KB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const COLUMNS: DataTableColumn<ArchivedDocument>[] = [
  { key: 'kind', header: DOCUMENTS_TEXT.document, cell: (d) => DOCUMENTS_TEXT.kinds[d.kind] },
  { key: 'version', header: DOCUMENTS_TEXT.version, numeric: true, cell: (d) => d.version },
  {
    key: 'created_at',
    header: DOCUMENTS_TEXT.date,
    className: 'tabular-nums whitespace-nowrap',
    cell: (d) => formatWhen(d.created_at),
  },
  { key: 'created_by', header: DOCUMENTS_TEXT.who, cell: (d) => d.created_by ?? DOCUMENTS_TEXT.system },
  {
    key: 'size',
    header: DOCUMENTS_TEXT.size,
    numeric: true,
    className: 'whitespace-nowrap',
    cell: (d) => formatSize(d.size),
  },
  {
    key: 'sha256',
    header: DOCUMENTS_TEXT.hash,
    cell: (d) => (
      <code title={d.sha256} className="font-mono text-xs text-slate-600">
        {d.sha256.slice(0, 12)}…
      </code>
    ),
  },
  {
    key: 'download',
    header: DOCUMENTS_TEXT.download,
    srOnlyHeader: true,
    cell: (d) => (
      <a
        href={`/api/documents/${d.id}/`}
        download={d.filename}
        className="text-sm font-medium text-sky-700 underline hover:text-sky-900"
        aria-label={`${DOCUMENTS_TEXT.download} ${DOCUMENTS_TEXT.kinds[d.kind].toLowerCase()} version ${d.version}`}
      >
        {DOCUMENTS_TEXT.download}
      </a>
    ),
  },
];

/** The archived versions of an invoice's PDF, or of an order's bill of lading and prints (decision 061). */
export function DocumentsSection({ of, id }: { of: 'invoice' | 'order'; id: number }) {
  const titleId = useId();
  const invoiceDocs = trpc.documents.forInvoice.useQuery({ id }, { enabled: of === 'invoice', staleTime: 0 });
  const orderDocs = trpc.documents.forOrder.useQuery({ id }, { enabled: of === 'order', staleTime: 0 });
  const query = of === 'invoice' ? invoiceDocs : orderDocs;

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {DOCUMENTS_TEXT.title}
      </h2>
      <p className="text-sm text-slate-600">{DOCUMENTS_TEXT.intro}</p>
      {query.isError ? (
        <Notice tone="error">{DOCUMENTS_TEXT.loadError}</Notice>
      ) : (
        <DataTable
          caption={DOCUMENTS_TEXT.title}
          captionHidden
          columns={COLUMNS}
          rows={query.data?.results ?? []}
          rowKey={(d) => d.id}
          loading={query.isPending}
          loadingText={DOCUMENTS_TEXT.loading}
          emptyText={DOCUMENTS_TEXT.empty}
        />
      )}
    </section>
  );
}
