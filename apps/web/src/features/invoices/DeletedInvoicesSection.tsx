import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { Notice } from '../../components/Notice';
import { formatDate, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { INVOICE_TEXT } from './texts';
import type { DeletedInvoiceRow } from './types';

/** '2026-11-23T14:05:00.000Z' as staff read it, on this machine's clock: '11/23/2026, 2:05 PM'. */
function formatDeletedAt(iso: string): string {
  const when = new Date(iso);
  return Number.isNaN(when.getTime())
    ? iso
    : when.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
}

const COLUMNS: DataTableColumn<DeletedInvoiceRow>[] = [
  { key: 'invoice_number', header: 'Invoice #', className: 'font-medium tabular-nums whitespace-nowrap' },
  {
    key: 'date',
    header: 'Date',
    className: 'tabular-nums whitespace-nowrap',
    cell: (r) => formatDate(r.date),
  },
  { key: 'customer_name', header: 'Customer Name' },
  { key: 'order_number', header: 'Order #', className: 'tabular-nums', cell: (r) => r.order_number || '—' },
  {
    key: 'total_amount',
    header: 'Total Amount',
    numeric: true,
    className: 'whitespace-nowrap',
    cell: (r) => formatMoney(r.total_amount),
  },
  { key: 'deleted_by', header: INVOICE_TEXT.deletedBy, cell: (r) => r.deleted_by ?? '—' },
  {
    key: 'deleted_at',
    header: INVOICE_TEXT.deletedAt,
    className: 'tabular-nums whitespace-nowrap',
    cell: (r) => formatDeletedAt(r.deleted_at),
  },
];

/**
 * Superusers' read-only record of deleted invoices (decision 011), under the invoices list. Closed
 * at first: the list is asked for only when someone opens it.
 */
export function DeletedInvoicesSection() {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const deleted = trpc.invoices.deleted.useQuery(undefined, { enabled: open, staleTime: 0 });
  const rows = deleted.data?.results ?? [];

  return (
    <section
      aria-labelledby={`${regionId}-title`}
      className="flex flex-col gap-2 border-t border-slate-200 pt-4"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id={`${regionId}-title`} className="text-base font-semibold text-slate-900">
          {INVOICE_TEXT.deletedTitle}
        </h2>
        <Button size="sm" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((v) => !v)}>
          {open ? INVOICE_TEXT.deletedHide : INVOICE_TEXT.deletedShow}
        </Button>
      </div>
      {open && (
        <div id={regionId} className="flex flex-col gap-2">
          <p className="text-sm text-slate-600">{INVOICE_TEXT.deletedIntro}</p>
          {deleted.isError ? (
            <Notice tone="error">{INVOICE_TEXT.deletedError}</Notice>
          ) : (
            <DataTable
              caption={INVOICE_TEXT.deletedTitle}
              captionHidden
              columns={COLUMNS}
              rows={rows}
              rowKey={(r) => r.invoice_number}
              loading={deleted.isPending}
              loadingText={INVOICE_TEXT.deletedLoading}
              emptyText={INVOICE_TEXT.deletedEmpty}
            />
          )}
          {deleted.data && deleted.data.count > rows.length && (
            <p className="text-sm text-slate-600">
              {INVOICE_TEXT.deletedShowing(rows.length, deleted.data.count)}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
