import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { roleMay, todayIso, addDays, type PurchaseOrderStatus } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { inputClassName } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { useAuth } from '../../lib/auth';
import { saveErrorMessage, serverFieldErrors } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { PURCHASING_TEXT as T } from './texts';

type Row = RouterOutputs['purchasing']['list']['results'][number];

const badge: Record<PurchaseOrderStatus, string> = {
  draft: 'bg-slate-100 text-slate-800',
  sent: 'bg-blue-100 text-blue-800',
  partly_received: 'bg-amber-100 text-amber-800',
  received: 'bg-emerald-100 text-emerald-800',
  cancelled: 'bg-red-100 text-red-800',
};

export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${badge[status]}`}>{T.statuses[status]}</span>;
}

/** Drafting from the materials list of a ship-date range (the office's and accounting's). */
function DraftForm() {
  const today = todayIso();
  const [from, setFrom] = useState(addDays(today, 7));
  const [to, setTo] = useState(addDays(today, 13));
  const fromId = useId();
  const toId = useId();
  const utils = trpc.useUtils();
  const draft = trpc.purchasing.draft.useMutation({ onSuccess: () => void utils.purchasing.list.invalidate() });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    draft.mutate({ from, to });
  };
  const errors = draft.error ? serverFieldErrors(draft.error) : null;
  const result = draft.data;
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={T.draftTitle}>
      <h2 className="text-base font-semibold">{T.draftTitle}</h2>
      <p className="text-sm text-slate-600">{T.draftHint}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={fromId} className="flex flex-col gap-1 text-sm font-medium">
          {T.from}
          <input id={fromId} type="date" className={inputClassName(!!errors?.from)} value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label htmlFor={toId} className="flex flex-col gap-1 text-sm font-medium">
          {T.to}
          <input id={toId} type="date" className={inputClassName(!!errors?.to)} value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <Button type="submit" busy={draft.isPending} busyLabel={T.drafting}>
          {T.draft}
        </Button>
      </div>
      {draft.error && <Notice tone="error">{saveErrorMessage(draft.error, 'Drafting failed.')}</Notice>}
      {result && (
        <Notice tone={result.purchase_orders.length ? 'success' : 'info'}>
          {result.purchase_orders.length ? T.drafted(result.purchase_orders.length) : T.nothingDrafted}
          {result.without_supplier.length > 0 && (
            <span className="block">
              {T.withoutSupplier} {result.without_supplier.map((c) => `${c.name} (${c.to_buy})`).join(', ')}
            </span>
          )}
        </Notice>
      )}
    </form>
  );
}

/**
 * /purchase-orders: the purchasing roles draft and follow purchase orders; the shop (receiving) opens the
 * sent ones to receive them. Money columns only for roles that see money (the server sends none to the shop).
 */
export function PurchaseOrdersPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const buys = !!user && roleMay(user.role, 'purchasing');
  const list = trpc.purchasing.list.useQuery({});
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'number',
      header: T.number,
      cell: (p) => (
        <Link to={`/purchase-orders/${p.id}`} className="font-medium text-sky-700 underline-offset-2 hover:underline">
          {p.number}
        </Link>
      ),
    },
    { key: 'supplier_name', header: T.supplier },
    { key: 'status', header: T.status, cell: (p) => <PurchaseOrderStatusBadge status={p.status} /> },
    { key: 'expected_date', header: T.expected, cell: (p) => formatDate(p.expected_date) },
    { key: 'line_count', header: T.lines, numeric: true },
    { key: 'outstanding', header: T.outstanding, numeric: true },
    ...(buys ? [{ key: 'total', header: T.total, numeric: true, cell: (p: Row) => formatMoney(p.total) }] : []),
  ];
  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title={T.purchaseOrders}
        actions={
          buys ? (
            <div className="flex items-center gap-3">
              <Link to="/suppliers" className="text-sm font-medium text-sky-700 hover:underline">
                {T.suppliers}
              </Link>
              <ExportCsvLink path="/api/purchase-orders/export.csv" />
            </div>
          ) : undefined
        }
      />
      {buys && <DraftForm />}
      <DataTable
        caption={T.purchaseOrders}
        captionHidden
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(p) => p.id}
        loading={list.isLoading}
        loadingText={T.loading}
        emptyText={T.none}
        onRowClick={(p) => void navigate(`/purchase-orders/${p.id}`)}
        rowLabel={(p) => `Open purchase order ${p.number}`}
        cards
      />
    </section>
  );
}
