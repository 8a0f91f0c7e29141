import { Suspense, lazy } from 'react';
import { FetchError } from '../../components/FetchError';
import { trpc } from '../../lib/trpc';
import { CHART_TEXT } from './chartTexts';

// The chart and chart.js load on demand, so the dashboard's first download stays within its budget
// (apps/web/scripts/bundle-size.mjs). This panel is part of the dashboard's chunk: keep it small.
const LazyMonthlyChart = lazy(() => import('./MonthlyChart'));

function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="flex h-72 items-center justify-center text-sm text-slate-600">
      {text}
    </p>
  );
}

/** The dashboard's panel: orders and invoiced revenue per month for the last 12 months. */
export function MonthlyFiguresPanel() {
  const figures = trpc.schedule.monthly.useQuery(undefined, { staleTime: 60_000 });
  return (
    <section
      aria-labelledby="monthly-figures-title"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="monthly-figures-title" className="mb-3 text-base font-semibold text-slate-900">
        {CHART_TEXT.title}
      </h2>
      {figures.isError ? (
        <FetchError
          message={CHART_TEXT.loadError}
          onRetry={() => void figures.refetch()}
          retrying={figures.isFetching}
        />
      ) : figures.data ? (
        <Suspense fallback={<Loading text={CHART_TEXT.loadingChart} />}>
          <LazyMonthlyChart figures={figures.data} />
        </Suspense>
      ) : (
        <Loading text={CHART_TEXT.loading} />
      )}
    </section>
  );
}
