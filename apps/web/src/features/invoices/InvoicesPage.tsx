import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { inputClassName } from '../../components/Field';
import { Notice, type NoticeTone } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { serverErrorData, serverMessage } from '../../lib/errors';
import { formatDate, formatListTotal, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useOrderForm } from '../order-form/OrderFormProvider';
import { Badge } from './Badge';
import { InvoiceRowActions } from './InvoiceRowActions';
import { SelectOrderModal } from './SelectOrderModal';
import { INVOICE_TEXT } from './texts';
import type { InvoiceListRow } from './types';
import { useDebouncedText } from '../../lib/useDebouncedText';
import { useInvoicePages } from './useInvoicePages';
import { DeletedInvoicesSection } from './DeletedInvoicesSection';
import { useAuth } from '../../lib/auth';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS, type InvoiceStatus } from '@icehouse/domain';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { RecordPaymentModal } from './RecordPaymentModal';
import { PAYMENT_TEXT } from './paymentTexts';
import { EmailDialog } from '../email/EmailDialog';

/** The query parameter the list is filtered by (set when coming from an order by customer name). */
export const SEARCH_PARAM = 'search';
/** The status filter's query parameter: unpaid, partially_paid, paid, overdue. */
export const STATUS_PARAM = 'status';

interface PageNotice {
  tone: NoticeTone;
  text: string;
}

/**
 * The invoices list, /invoices (invoices spec §2, §7, §8, §9).
 *
 * - Search by customer name or invoice number, written to `?search=` 400 ms after typing stops;
 *   the list may arrive filtered by it.
 * - Invoice #, Date, Customer Name, Order #, Type ('Combined (n)' or 'Single'), Total Amount,
 *   Actions ('Edited', Edit Layout, Print, Download PDF, Email, Delete with Confirm/Cancel).
 * - The Order # opens the order form: directly for a single invoice, through 'Select Order to
 *   Edit' for a combined one.
 * - 'Load More Invoices' while the server gives a next page.
 */
export function InvoicesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = (searchParams.get(SEARCH_PARAM) ?? '').trim();
  const rawStatus = searchParams.get(STATUS_PARAM) ?? '';
  const status = (INVOICE_STATUSES as readonly string[]).includes(rawStatus)
    ? (rawStatus as InvoiceStatus)
    : '';
  const searchId = useId();
  const statusId = useId();
  const [paying, setPaying] = useState<InvoiceListRow | null>(null);
  const [emailing, setEmailing] = useState<InvoiceListRow | null>(null);
  const utils = trpc.useUtils();
  const remove = trpc.invoices.delete.useMutation();
  const orderForm = useOrderForm();
  const { user } = useAuth();

  const [text, setText] = useDebouncedText(search, (value) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(SEARCH_PARAM, value);
        else next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true },
    ),
  );

  const invoices = useInvoicePages(search, status);

  function setStatus(value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(STATUS_PARAM, value);
        else next.delete(STATUS_PARAM);
        return next;
      },
      { replace: true },
    );
  }
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<number>>(new Set());
  const [choosing, setChoosing] = useState<InvoiceListRow | null>(null);
  const [notice, setNotice] = useState<PageNotice | null>(null);
  const rows = invoices.rows.filter((row) => !deletedIds.has(row.id));

  function openOrder(orderId: number | undefined) {
    if (orderId === undefined) {
      setNotice({ tone: 'error', text: INVOICE_TEXT.loadOrderError });
      return;
    }
    try {
      // Opened from an invoice: the form offers SAVE & RECREATE INVOICE (spec §2, invoice mode).
      orderForm.openOrder(orderId, { invoiceMode: true });
    } catch (error) {
      console.error('The order form could not be opened', error);
      setNotice({ tone: 'error', text: INVOICE_TEXT.openOrderFormError });
    }
  }

  function openOrderOf(invoice: InvoiceListRow) {
    setNotice(null);
    if (invoice.orders.length > 1) setChoosing(invoice);
    else openOrder(invoice.orders[0]);
  }

  async function deleteInvoice(invoice: InvoiceListRow) {
    setNotice(null);
    try {
      await remove.mutateAsync({ id: invoice.id });
    } catch (error) {
      // A refusal that says what to do (a completed order keeps its invoice) is shown as the
      // server words it; anything else gets the spec's message.
      const refused = serverErrorData(error)?.appCode === 'CONFLICT';
      setNotice({
        tone: 'error',
        text: (refused ? serverMessage(error) : null) ?? INVOICE_TEXT.deleteError,
      });
      throw error;
    }
    setDeletedIds((previous) => new Set(previous).add(invoice.id));
    setNotice({ tone: 'success', text: INVOICE_TEXT.deleted(invoice.invoice_number) });
    // The orders of the invoice can be invoiced again: the orders screens refresh too.
    void utils.invoices.invalidate();
    void utils.orders.invalidate();
  }

  const columns: DataTableColumn<InvoiceListRow>[] = [
    {
      key: 'invoice_number',
      header: INVOICE_TEXT.invoiceNumber,
      className: 'font-medium tabular-nums whitespace-nowrap',
    },
    {
      key: 'date',
      header: INVOICE_TEXT.date,
      className: 'tabular-nums whitespace-nowrap',
      cell: (invoice) => formatDate(invoice.date),
    },
    // Room for a usual customer's name on one line; a longer one wraps.
    { key: 'customer_name', header: INVOICE_TEXT.customerName, className: 'min-w-56 whitespace-nowrap' },
    {
      key: 'order_number',
      header: INVOICE_TEXT.orderNumber,
      cell: (invoice) =>
        invoice.order_number || invoice.orders.length > 0 ? (
          <button
            type="button"
            title={
              invoice.orders.length > 1
                ? INVOICE_TEXT.chooseOrder
                : INVOICE_TEXT.openOrder(invoice.order_number)
            }
            onClick={() => openOrderOf(invoice)}
            className="rounded text-left font-medium text-sky-700 tabular-nums underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            {invoice.order_number || '—'}
          </button>
        ) : (
          '—'
        ),
    },
    {
      key: 'type',
      header: INVOICE_TEXT.type,
      // The 'Edited' badge sits with the type rather than among the actions, which stay narrow. The
      // badges may wrap onto a second line; the customer's name keeps its one line.
      className: 'min-w-24',
      cell: (invoice) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          {invoice.is_combined || invoice.order_count > 1 ? (
            <Badge color="blue">{INVOICE_TEXT.combined(invoice.order_count)}</Badge>
          ) : (
            <Badge color="grey">{INVOICE_TEXT.single}</Badge>
          )}{' '}
          {/* Spaces between the badges: read as "Single Unpaid Edited", not one word (flex ignores them). */}
          <PaymentStatusBadge status={invoice.status} />{' '}
          {invoice.has_manual_edits && (
            <Badge color="amber" title={INVOICE_TEXT.editedHint}>
              {INVOICE_TEXT.edited}
            </Badge>
          )}
        </span>
      ),
    },
    {
      key: 'total_amount',
      header: INVOICE_TEXT.totalAmount,
      numeric: true,
      className: 'whitespace-nowrap',
      cell: (invoice) => formatMoney(invoice.total_amount),
    },
    {
      // The server's figure (the domain's balanceDueOf), shown as it is: never computed here.
      key: 'balance_due',
      header: INVOICE_TEXT.balanceDue,
      numeric: true,
      className: 'whitespace-nowrap',
      cell: (invoice) => formatMoney(invoice.balance_due),
    },
    {
      key: 'due_date',
      header: INVOICE_TEXT.dueDate,
      className: 'tabular-nums whitespace-nowrap',
      cell: (invoice) => (invoice.due_date ? formatDate(invoice.due_date) : '—'),
    },
    {
      key: 'actions',
      header: INVOICE_TEXT.actions,
      align: 'right',
      // As narrow as its buttons: the room left over goes to the customer's name.
      className: 'w-px whitespace-nowrap',
      cell: (invoice) => (
        <InvoiceRowActions
          invoice={invoice}
          onDelete={deleteInvoice}
          onPdfError={() => setNotice({ tone: 'error', text: INVOICE_TEXT.pdfError })}
          onRecordPayment={(row) => {
            setNotice(null);
            setPaying(row);
          }}
          onEmail={(row) => {
            setNotice(null);
            setEmailing(row);
          }}
        />
      ),
    },
  ];

  const emptyText = search ? INVOICE_TEXT.emptySearch(search) : INVOICE_TEXT.empty;

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title={INVOICE_TEXT.title}
        actions={
          <ExportCsvLink path="/api/invoices/export.csv" params={{ search }} label={INVOICE_TEXT.exportCsv} />
        }
      />

      <form
        role="search"
        aria-label={INVOICE_TEXT.searchLabel}
        onSubmit={(event) => event.preventDefault()}
        className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          {INVOICE_TEXT.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          value={text}
          placeholder={INVOICE_TEXT.searchPlaceholder}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          className={inputClassName(false, 'max-w-xl')}
        />
        <label htmlFor={statusId} className="mt-2 text-sm font-medium text-slate-800">
          {PAYMENT_TEXT.statusFilter}
        </label>
        <select
          id={statusId}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          className={inputClassName(false, 'max-w-xs')}
        >
          <option value="">{PAYMENT_TEXT.allStatuses}</option>
          {INVOICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {INVOICE_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </form>

      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}

      {invoices.failed ? (
        <Notice
          tone="error"
          action={
            <Button size="sm" onClick={invoices.retry}>
              {INVOICE_TEXT.retry}
            </Button>
          }
        >
          {INVOICE_TEXT.fetchError}
        </Notice>
      ) : (
        <DataTable
          caption={INVOICE_TEXT.tableCaption}
          captionHidden
          columns={columns}
          rows={rows}
          rowKey={(invoice) => invoice.id}
          loading={invoices.searching}
          loadingText={INVOICE_TEXT.searching}
          emptyText={emptyText}
          dense
        />
      )}

      {!invoices.failed && invoices.count !== null && rows.length > 0 && (
        <p className="text-sm text-slate-600">
          {INVOICE_TEXT.showing(
            rows.length,
            formatListTotal(Math.max(rows.length, invoices.count), search !== ''),
          )}
        </p>
      )}

      {invoices.moreFailed && (
        <Notice
          tone="error"
          action={
            <Button size="sm" onClick={invoices.retry}>
              {INVOICE_TEXT.retry}
            </Button>
          }
        >
          {INVOICE_TEXT.fetchError}
        </Notice>
      )}

      {invoices.hasNext && !invoices.moreFailed && (
        <div className="flex justify-center">
          <Button
            busy={invoices.loadingMore}
            busyLabel={INVOICE_TEXT.loadingMore}
            onClick={invoices.loadMore}
          >
            {INVOICE_TEXT.loadMore}
          </Button>
        </div>
      )}

      {user?.is_superuser && <DeletedInvoicesSection />}

      {paying && (
        <RecordPaymentModal
          invoice={paying}
          onClose={() => setPaying(null)}
          onRecorded={(answer) => {
            setPaying(null);
            setNotice({ tone: 'success', text: PAYMENT_TEXT.recorded(formatMoney(answer.payment.amount)) });
          }}
        />
      )}

      {emailing && (
        <EmailDialog
          kind="invoice"
          id={emailing.id}
          open
          onClose={() => setEmailing(null)}
          onQueued={(text) => setNotice({ tone: 'success', text })}
        />
      )}

      {choosing && (
        <SelectOrderModal
          invoice={choosing}
          onClose={() => setChoosing(null)}
          onSelect={(orderId) => {
            setChoosing(null);
            openOrder(orderId);
          }}
        />
      )}
    </section>
  );
}
