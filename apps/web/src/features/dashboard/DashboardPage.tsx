import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ORDER_STATUSES, type OrderStatus } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { inputClassName } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../lib/trpc';
import { FilterSelect, type FilterOption } from '../orders/FilterSelect';
import type { FromDashboardState } from '../orders/OrdersPage';
import { ordersPath } from '../orders/filters';
import { ORDERS_TEXT } from '../orders/texts';
import type { MonthSummaryRow } from '../orders/types';

const FROM_DASHBOARD: FromDashboardState = { from: 'dashboard' };

function isOrderStatus(value: string | null): value is OrderStatus {
  return value !== null && (ORDER_STATUSES as readonly string[]).includes(value);
}

const columns: DataTableColumn<MonthSummaryRow>[] = [
  { key: 'year', header: ORDERS_TEXT.year, className: 'tabular-nums' },
  { key: 'month_name', header: ORDERS_TEXT.month },
  { key: 'total_orders', header: ORDERS_TEXT.totalOrders, numeric: true },
];

/**
 * The dashboard (orders spec §2): All Orders, an order search (status, customer, serial number)
 * that opens /orders with those parameters, and the orders per month; a month opens
 * /orders?year=YYYY&month=MM.
 */
export function DashboardPage() {
  const navigate = useNavigate();
  const ids = { status: useId(), customer: useId(), serial: useId() };
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [customer, setCustomer] = useState('');
  const [serial, setSerial] = useState('');

  const months = trpc.orders.byMonth.useQuery();
  const statuses = trpc.lookups.statusChoices.useQuery(undefined, { staleTime: 5 * 60_000 });
  const statusOptions: FilterOption<string>[] = (statuses.data ?? []).map((s) => ({
    value: s.value,
    label: s.label,
  }));

  function search(event: FormEvent) {
    event.preventDefault();
    navigate(ordersPath({ status, customer, serial }), { state: FROM_DASHBOARD });
  }

  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title={ORDERS_TEXT.dashboardTitle}
        actions={
          <Button variant="primary" onClick={() => navigate('/orders', { state: FROM_DASHBOARD })}>
            {ORDERS_TEXT.allOrders}
          </Button>
        }
      />

      <form
        role="search"
        aria-label={ORDERS_TEXT.searchOrders}
        onSubmit={search}
        className="grid items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.status} className="text-sm font-medium text-slate-800">
            {ORDERS_TEXT.status}
          </label>
          <FilterSelect
            inputId={ids.status}
            options={statusOptions}
            value={status}
            onChange={(value) => setStatus(isOrderStatus(value) ? value : null)}
            isLoading={statuses.isPending}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.customer} className="text-sm font-medium text-slate-800">
            {ORDERS_TEXT.customerName}
          </label>
          <input
            id={ids.customer}
            type="search"
            autoComplete="off"
            placeholder={ORDERS_TEXT.customerPlaceholder}
            value={customer}
            onChange={(event) => setCustomer(event.target.value)}
            className={inputClassName(false)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.serial} className="text-sm font-medium text-slate-800">
            {ORDERS_TEXT.serialNumber}
          </label>
          <input
            id={ids.serial}
            type="search"
            autoComplete="off"
            placeholder={ORDERS_TEXT.serialPlaceholder}
            value={serial}
            onChange={(event) => setSerial(event.target.value)}
            className={inputClassName(false)}
          />
        </div>
        <div>
          <Button type="submit" variant="primary" className="w-full sm:w-auto">
            {ORDERS_TEXT.searchOrders}
          </Button>
        </div>
      </form>

      {months.isError ? (
        <Notice
          tone="error"
          action={
            <Button
              size="sm"
              onClick={() => void months.refetch()}
              busy={months.isFetching}
              busyLabel={ORDERS_TEXT.retrying}
            >
              {ORDERS_TEXT.tryAgain}
            </Button>
          }
        >
          {ORDERS_TEXT.loadMonthsError}
        </Notice>
      ) : (
        <DataTable
          caption={ORDERS_TEXT.monthlyCaption}
          captionHidden
          columns={columns}
          rows={months.data ?? []}
          rowKey={(row) => `${row.year}-${row.month}`}
          loading={months.isPending}
          loadingText={ORDERS_TEXT.loading}
          emptyText={ORDERS_TEXT.noOrdersFound}
          onRowClick={(row) =>
            navigate(ordersPath({ year: row.year, month: row.month }), { state: FROM_DASHBOARD })
          }
          rowLabel={(row) => `${row.month_name} ${row.year}`}
        />
      )}
    </section>
  );
}
