import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { FetchError } from '../../components/FetchError';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { cn } from '../../lib/cn';
import { todayIso } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useOrderForm } from '../order-form/OrderFormProvider';
import {
  WEEKDAYS,
  periodOf,
  periodTitle,
  readCalendarParams,
  stepAnchor,
  type CalendarView,
} from './calendar';
import { SCHEDULE_TEXT } from './texts';
import type { ScheduledOrder } from './types';

const VIEWS: { value: CalendarView; label: string }[] = [
  { value: 'month', label: SCHEDULE_TEXT.month },
  { value: 'week', label: SCHEDULE_TEXT.week },
];

/**
 * The ship schedule: a month or week calendar of the orders by ship date, each with its
 * status badge (the domain's colours, through StatusBadge) and status text. Choosing an order opens
 * it in the order form (the header layout's modal, as the orders list does). The view and the date
 * live in the URL (?view=week&date=2026-11-23), so the back button and a shared link keep them.
 */
export function ShipSchedulePage() {
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const { view, anchor } = readCalendarParams(params, today);
  const period = periodOf(view, anchor);
  const title = periodTitle(period, SCHEDULE_TEXT.weekTitle);
  const schedule = trpc.schedule.shipSchedule.useQuery(
    { start: period.start, end: period.end },
    { placeholderData: keepPreviousData },
  );
  const { openOrder } = useOrderForm();

  function show(next: { view?: CalendarView; anchor?: string }) {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('view', next.view ?? view);
      updated.set('date', next.anchor ?? anchor);
      return updated;
    });
  }

  const byDay = new Map<string, ScheduledOrder[]>();
  for (const order of schedule.data?.orders ?? []) {
    const list = byDay.get(order.ship_date) ?? [];
    list.push(order);
    byDay.set(order.ship_date, list);
  }
  const month = anchor.slice(0, 7);
  const stale = schedule.isPlaceholderData || (schedule.isFetching && !schedule.isPending);
  // This period's orders are not here yet (first load, or the previous period's kept on screen):
  // the days say so rather than "no orders".
  const loading = schedule.isPending || schedule.isPlaceholderData;

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={SCHEDULE_TEXT.title} description={SCHEDULE_TEXT.description} />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            aria-label={view === 'month' ? SCHEDULE_TEXT.previousMonth : SCHEDULE_TEXT.previousWeek}
            onClick={() => show({ anchor: stepAnchor(view, anchor, -1) })}
          >
            <span aria-hidden="true">‹</span> {SCHEDULE_TEXT.previous}
          </Button>
          <Button size="sm" onClick={() => show({ anchor: today })}>
            {SCHEDULE_TEXT.today}
          </Button>
          <Button
            size="sm"
            aria-label={view === 'month' ? SCHEDULE_TEXT.nextMonth : SCHEDULE_TEXT.nextWeek}
            onClick={() => show({ anchor: stepAnchor(view, anchor, 1) })}
          >
            {SCHEDULE_TEXT.next} <span aria-hidden="true">›</span>
          </Button>
        </div>
        <h2 aria-live="polite" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div role="group" aria-label={SCHEDULE_TEXT.view} className="inline-flex gap-1">
          {VIEWS.map((option) => (
            <Button
              key={option.value}
              size="sm"
              variant={option.value === view ? 'primary' : 'secondary'}
              aria-pressed={option.value === view}
              onClick={() => show({ view: option.value })}
            >
              {option.label}
            </Button>
          ))}
        </div>
      </div>

      {schedule.isError && (
        <FetchError
          message={SCHEDULE_TEXT.loadError}
          onRetry={() => void schedule.refetch()}
          retrying={schedule.isFetching}
        />
      )}
      {loading && !schedule.isError && (
        <p role="status" className="text-sm text-slate-600">
          {SCHEDULE_TEXT.loading}
        </p>
      )}
      {schedule.data && schedule.data.orders.length === 0 && !stale && (
        <p role="status" className="text-sm text-slate-600">
          {SCHEDULE_TEXT.noOrders}
        </p>
      )}

      <div className="overflow-x-auto">
        <table
          aria-busy={stale || schedule.isPending}
          className={cn('w-full min-w-[42rem] table-fixed border-collapse text-sm', stale && 'opacity-60')}
        >
          <caption className="sr-only">{SCHEDULE_TEXT.calendarCaption(title)}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((day) => (
                <th
                  key={day}
                  scope="col"
                  className="border border-slate-200 bg-slate-50 px-2 py-1.5 text-left text-xs font-medium text-slate-600"
                >
                  <abbr title={day} className="no-underline">
                    {day.slice(0, 3)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {period.weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const orders = loading ? [] : (byDay.get(day) ?? []);
                  const outside = view === 'month' && day.slice(0, 7) !== month;
                  return (
                    <td
                      key={day}
                      aria-current={day === today ? 'date' : undefined}
                      className={cn(
                        'border border-slate-200 p-1.5 align-top',
                        view === 'week' ? 'h-64' : 'h-28',
                        outside && 'bg-slate-50 text-slate-400',
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className={cn(
                          'mb-1 inline-flex size-6 items-center justify-center rounded-full text-xs tabular-nums',
                          day === today && 'bg-sky-700 font-semibold text-white',
                        )}
                      >
                        {Number(day.slice(8, 10))}
                      </span>
                      <span className="sr-only">
                        {loading ? SCHEDULE_TEXT.dayLoading(day) : SCHEDULE_TEXT.dayLabel(day, orders.length)}
                      </span>
                      {loading && (
                        <span aria-hidden="true" className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" />
                      )}
                      {orders.length > 0 && (
                        <ul className="flex flex-col gap-1">
                          {orders.map((order) => (
                            <li key={order.id}>
                              <button
                                type="button"
                                onClick={() => openOrder(order.id)}
                                aria-label={SCHEDULE_TEXT.openOrder(
                                  order.door_number,
                                  order.customer_name,
                                  order.status_display,
                                )}
                                className="flex w-full flex-col items-start gap-0.5 rounded-md border border-slate-200 bg-white px-1.5 py-1 text-left text-xs text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-700"
                              >
                                <span className="w-full truncate font-medium">
                                  {order.door_number}
                                  {order.customer_name && (
                                    <span className="font-normal text-slate-600">
                                      {' '}
                                      · {order.customer_name}
                                    </span>
                                  )}
                                </span>
                                <StatusBadge status={order.status} label={order.status_display} />
                              </button>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
