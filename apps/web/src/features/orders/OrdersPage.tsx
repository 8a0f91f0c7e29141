import { useId, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LIMITS, MONTH_NAMES, ordersListTitle, statusLabel } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { FetchError } from '../../components/FetchError';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate, formatListTotal, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useCan, useSeesMoney } from '../../lib/access';
import { orderHref, useOrderForm } from '../order-form/OrderFormProvider';
import { CombinedInvoiceModal } from './CombinedInvoiceModal';
import { FilterBar, OrderSearchFilters, SelectFilter } from './FilterFields';
import type { FilterOption } from './FilterSelect';
import { StatusActions } from './StatusActions';
import { readOrderFilters, withFilter, type FilterParam, type OrderFilters } from './filters';
import { ORDERS_TEXT } from './texts';
import type { OrderListRow } from './types';
import { useDebouncedText } from '../../lib/useDebouncedText';
import { useOrderPages } from './useOrderPages';

/** What the dashboard leaves in the location state, so Back to Dashboard can go back to it. */
export interface FromDashboardState {
  from: 'dashboard';
}

function cameFromDashboard(state: unknown): boolean {
  return Boolean(
    state && typeof state === 'object' && (state as Partial<FromDashboardState>).from === 'dashboard',
  );
}

const MONTH_OPTIONS: FilterOption<number>[] = MONTH_NAMES.map((name, index) => ({
  value: index + 1,
  label: name,
}));

/** Why an order cannot join a combined invoice (it has an invoice, or it is voided), or null. */
function cannotCombineReason(order: OrderListRow): string | null {
  if (order.has_invoice) return ORDERS_TEXT.alreadyInvoiced(order.invoice_details?.invoice_number ?? null);
  if (order.status === 'voided') return ORDERS_TEXT.voidedNotCombinable;
  return null;
}

/** The checkbox of a row; an order that cannot join a combined invoice cannot be selected, and says why. */
function SelectCell({
  order,
  checked,
  onChange,
}: {
  order: OrderListRow;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const reasonId = useId();
  const reason = cannotCombineReason(order);
  return (
    <label
      title={reason ?? undefined}
      className={reason ? '-m-2 flex cursor-not-allowed p-2' : '-m-2 flex cursor-pointer p-2'}
    >
      <input
        type="checkbox"
        aria-label={ORDERS_TEXT.selectOrder(order.door_number)}
        aria-describedby={reason ? reasonId : undefined}
        checked={checked && !reason}
        disabled={reason !== null}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 rounded border-slate-300 accent-sky-700 disabled:opacity-40"
      />
      {reason && (
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      )}
    </label>
  );
}

/**
 * The orders list, /orders (orders spec §2, §4, §7, §9; invoices spec: combined invoice).
 *
 * - The filters live in the URL (year, month, status, customer, serial): dropdowns write at once,
 *   the two search boxes 400 ms after typing stops; the page reads them back on load.
 * - Title 'All Orders', '{year} Orders' or '{Month} {year} Orders'.
 * - A row click opens the order form; the checkbox and the buttons in a row do not.
 * - Orders with an invoice cannot be selected; Create Combined Invoice (n) needs 2 or more.
 */
export function OrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { openOrder, newOrder } = useOrderForm();
  // What the role may do from the list (the areas of the server's calls behind each control).
  const canInvoice = useCan('books');
  const canCreate = useCan('sales');
  const canExport = useCan('prices');
  const hasDashboard = useCan('prices');
  const seesMoney = useSeesMoney();
  const utils = trpc.useUtils();

  const filters = readOrderFilters(searchParams);
  const orders = useOrderPages(filters);

  const [selected, setSelected] = useState<ReadonlyMap<number, OrderListRow>>(new Map());
  const [combining, setCombining] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  function setFilter<K extends FilterParam>(key: K, value: OrderFilters[K]) {
    setSearchParams((current) => withFilter(current, key, { ...readOrderFilters(current), [key]: value }), {
      replace: true,
      state: location.state as unknown,
    });
  }

  const [customer, setCustomer] = useDebouncedText(filters.customer, (value) => setFilter('customer', value));
  const [serial, setSerial] = useDebouncedText(filters.serial, (value) => setFilter('serial', value));

  function backToDashboard() {
    if (cameFromDashboard(location.state) && location.key !== 'default') navigate(-1);
    else navigate('/dashboard');
  }

  // The selection, with each order as the list now shows it; one that got an invoice drops out.
  const current = new Map(orders.rows.map((row) => [row.id, row]));
  const chosen = [...selected.values()]
    .map((row) => current.get(row.id) ?? row)
    .filter((row) => cannotCombineReason(row) === null);
  const chosenIds = new Set(chosen.map((row) => row.id));

  function toggle(order: OrderListRow, checked: boolean) {
    setSelected((previous) => {
      const next = new Map(previous);
      if (checked && cannotCombineReason(order) === null) next.set(order.id, order);
      else next.delete(order.id);
      return next;
    });
  }

  const yearOptions: FilterOption<number>[] = orders.years.map((year) => ({
    value: year,
    label: String(year),
  }));
  if (filters.year !== null && !orders.years.includes(filters.year)) {
    yearOptions.unshift({ value: filters.year, label: String(filters.year) });
  }
  const statusOptions: FilterOption<string>[] = orders.statuses.map((s) => ({
    value: s.value,
    label: s.label,
  }));
  if (filters.status !== null && !statusOptions.some((option) => option.value === filters.status)) {
    statusOptions.push({ value: filters.status, label: statusLabel(filters.status) });
  }
  const dropdownsLoading = orders.searching && orders.years.length === 0;

  const allColumns: (DataTableColumn<OrderListRow> | false)[] = [
    // Choosing orders is for a combined invoice: the books' only.
    canInvoice && {
      key: 'select',
      header: ORDERS_TEXT.select,
      srOnlyHeader: true,
      className: 'w-10',
      cell: (order) => (
        <SelectCell
          order={order}
          checked={chosenIds.has(order.id)}
          onChange={(checked) => toggle(order, checked)}
        />
      ),
    },
    {
      key: 'status',
      header: ORDERS_TEXT.orderStatus,
      className: 'max-lg:px-2',
      cell: (order) => <StatusBadge status={order.status} label={order.status_display} />,
    },
    {
      key: 'date',
      header: ORDERS_TEXT.orderDate,
      className: 'tabular-nums whitespace-nowrap max-lg:px-2',
      cell: (order) => formatDate(order.date),
    },
    // On a phone (cards, decision 141) the customer has a line of its own.
    {
      key: 'customer_name',
      header: ORDERS_TEXT.customerName,
      className: 'font-medium max-lg:px-2',
      cardClassName: 'max-md:basis-full',
    },
    {
      key: 'door_number',
      header: ORDERS_TEXT.doorNumber,
      className: 'tabular-nums max-lg:px-2',
      cardLabel: ORDERS_TEXT.doorNumber,
      // The order's own address (decision 142): copied, bookmarked or opened in a new tab, it
      // opens this order's form on the list.
      cell: (order) => (
        <Link
          to={orderHref(location.search, order.id)}
          replace
          className="rounded font-medium text-sky-700 underline-offset-2 hover:underline"
        >
          {order.door_number}
        </Link>
      ),
    },
    // What each order's deposit account holds (decision 212), the order form's figure; blank when none.
    // A role that sees no money receives no deposits_held at all: no column.
    seesMoney && {
      key: 'deposits_held',
      header: ORDERS_TEXT.depositsHeld,
      align: 'right',
      // Left out between the phone's cards and a wide table (768 to 1023 px), where Status Actions needs the room;
      // on a card it shows only when the order holds something.
      className: 'tabular-nums whitespace-nowrap md:max-lg:hidden',
      cardClassName: 'max-md:empty:hidden',
      cardLabel: ORDERS_TEXT.depositsHeld,
      cell: (order) => (order.deposits_held === '0.00' ? '' : formatMoney(order.deposits_held)),
    },
    {
      key: 'actions',
      header: ORDERS_TEXT.statusActions,
      align: 'right',
      className: 'max-lg:px-2',
      cardClassName: 'max-md:ml-auto',
      cell: (order) => <StatusActions order={order} />,
    },
  ];
  const columns = allColumns.filter((column): column is DataTableColumn<OrderListRow> => column !== false);

  const title = ordersListTitle({ year: filters.year, month: filters.month });

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title={title}
        actions={
          <>
            {hasDashboard && <Button onClick={backToDashboard}>{ORDERS_TEXT.backToDashboard}</Button>}
            {canExport && (
              <ExportCsvLink path="/api/orders/export.csv" params={{ year: filters.year, month: filters.month, status: filters.status, customer: filters.customer.trim(), serial: filters.serial.trim() }} label={ORDERS_TEXT.exportCsv} />
            )}
            {canInvoice && (
              <Button
                disabled={chosen.length < LIMITS.combinedInvoiceMinOrders}
                onClick={() => {
                  setNotice(null);
                  setCombining(true);
                }}
              >
                {ORDERS_TEXT.combinedInvoiceButton(chosen.length)}
              </Button>
            )}
            {canCreate && (
              <Button variant="primary" onClick={() => newOrder()}>
                {ORDERS_TEXT.createNewOrder}
              </Button>
            )}
          </>
        }
      />

      <FilterBar
        label={ORDERS_TEXT.filtersLabel}
        onSubmit={(event) => event.preventDefault()}
        className="lg:grid-cols-5"
      >
        <SelectFilter
          label={ORDERS_TEXT.year}
          options={yearOptions}
          value={filters.year}
          onChange={(value) => setFilter('year', value)}
          isLoading={dropdownsLoading}
        />
        <SelectFilter
          label={ORDERS_TEXT.month}
          options={MONTH_OPTIONS}
          value={filters.month}
          onChange={(value) => setFilter('month', value)}
        />
        <OrderSearchFilters
          status={filters.status}
          statusOptions={statusOptions}
          statusLoading={dropdownsLoading}
          onStatus={(status) => setFilter('status', status)}
          customer={customer}
          onCustomer={setCustomer}
          serial={serial}
          onSerial={setSerial}
        />
      </FilterBar>

      {notice && (
        <Notice tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Notice>
      )}

      {orders.failed ? (
        <FetchError message={ORDERS_TEXT.loadOrdersError} onRetry={orders.retry} />
      ) : (
        <>
          {orders.count !== null && orders.rows.length > 0 && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {ORDERS_TEXT.showing(
                orders.rows.length,
                formatListTotal(orders.count, Boolean(filters.customer || filters.serial)),
              )}
            </p>
          )}
          <DataTable
            caption={ORDERS_TEXT.ordersCaption}
            captionHidden
            columns={columns}
            rows={orders.rows}
            rowKey={(order) => order.id}
            loading={orders.searching}
            loadingText={ORDERS_TEXT.searching}
            emptyText={ORDERS_TEXT.noOrdersFound}
            cards
            onRowClick={(order) => openOrder(order.id)}
            rowLabel={(order) => ORDERS_TEXT.openOrder(order.door_number, order.customer_name)}
          />
          {orders.moreFailed && <FetchError message={ORDERS_TEXT.loadOrdersError} onRetry={orders.retry} />}
          {(orders.hasNext || orders.loadingMore) && (
            <div className="flex justify-center">
              <Button onClick={orders.loadMore} busy={orders.loadingMore} busyLabel={ORDERS_TEXT.loadingMore}>
                {ORDERS_TEXT.loadMore}
              </Button>
            </div>
          )}
        </>
      )}

      {combining && (
        <CombinedInvoiceModal
          open
          orders={chosen}
          onClose={() => setCombining(false)}
          onCreated={(orderIds) => {
            setCombining(false);
            setSelected(new Map());
            setNotice(ORDERS_TEXT.combinedInvoiceDone(orderIds.length));
            void utils.orders.invalidate();
          }}
        />
      )}
    </section>
  );
}
