import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { OrderStatus } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { FetchError } from '../../components/FetchError';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../lib/trpc';
import { useCan } from '../../lib/access';
import { FilterBar, OrderSearchFilters } from '../orders/FilterFields';
import type { FilterOption } from '../orders/FilterSelect';
import type { FromDashboardState } from '../orders/OrdersPage';
import { ordersPath } from '../orders/filters';
import { ORDERS_TEXT } from '../orders/texts';
import { MonthlyFiguresPanel } from '../schedule/MonthlyFiguresPanel';
import { DashboardFigures } from './DashboardFigures';
import { useOrderForm } from '../order-form/OrderFormProvider';
import { QUOTE_TEXT } from '../quotes/texts';
import type { MonthSummaryRow } from '../orders/types';

const FROM_DASHBOARD: FromDashboardState = { from: 'dashboard' };

const columns: DataTableColumn<MonthSummaryRow>[] = [
  { key: 'year', header: ORDERS_TEXT.year, className: 'tabular-nums' },
  { key: 'month_name', header: ORDERS_TEXT.month },
  { key: 'total_orders', header: ORDERS_TEXT.totalOrders, numeric: true },
];

/**
 * The dashboard (orders spec §2): All Orders, an order search (status, customer, serial number)
 * that opens /orders with those parameters, and the orders per month; a month opens
 * /orders?year=YYYY&month=MM. Beside the table, the chart of orders and invoiced revenue per month
 * (loaded lazily: see MonthlyFiguresPanel). Above them, the open quotes and the receivables (DashboardFigures).
 */
export function DashboardPage() {
  const navigate = useNavigate();
  const { newOrder } = useOrderForm();
  // New orders and quotes are sales' (accounting reads the dashboard but makes neither).
  const sells = useCan('sales');
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
          <>
            {/* Where a day starts: a new order or quote is one click from here, as it is from their lists. */}
            {sells && <Button onClick={() => newOrder()}>{ORDERS_TEXT.createNewOrder}</Button>}
            {sells && (
              <Link
                to="/quotes/new"
                className="inline-flex items-center rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
              >
                {QUOTE_TEXT.newQuote}
              </Link>
            )}
            <Button variant="primary" onClick={() => navigate('/orders', { state: FROM_DASHBOARD })}>
              {ORDERS_TEXT.allOrders}
            </Button>
          </>
        }
      />

      <DashboardFigures />

      <FilterBar label={ORDERS_TEXT.searchOrders} onSubmit={search} className="items-end lg:grid-cols-4">
        <OrderSearchFilters
          status={status}
          statusOptions={statusOptions}
          statusLoading={statuses.isPending}
          onStatus={setStatus}
          customer={customer}
          onCustomer={setCustomer}
          serial={serial}
          onSerial={setSerial}
        />
        <div>
          <Button type="submit" variant="primary" className="w-full sm:w-auto">
            {ORDERS_TEXT.searchOrders}
          </Button>
        </div>
      </FilterBar>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          {months.isError ? (
            <FetchError
              message={ORDERS_TEXT.loadMonthsError}
              onRetry={() => void months.refetch()}
              retrying={months.isFetching}
            />
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
        </div>
        <MonthlyFiguresPanel />
      </div>
    </section>
  );
}
