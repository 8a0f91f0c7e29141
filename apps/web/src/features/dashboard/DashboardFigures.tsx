import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '@icehouse/domain';
import { countOf } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useCan } from '../../lib/access';

export const DASHBOARD_TEXT = {
  openQuotes: 'Open quotes',
  openQuotesCount: (n: number) => `${countOf(n, 'quote')} waiting for an answer`,
  openQuotesLink: 'See the open quotes',
  receivables: 'Receivables',
  owed: 'Owed',
  overdue: 'Overdue',
  invoices: (open: number, overdue: number) => `${countOf(open, 'open invoice')}, ${overdue} overdue`,
  agingLink: 'See the aging report',
} as const;

const linkClass = 'text-sm font-medium text-sky-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-sm font-semibold text-slate-700">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The dashboard's money figures (decision 251): the open quotes (sent and still valid) with their value and a
 * link to them, and the receivables from the ledger (owed, overdue) with a link to the aging report. A role
 * without the books gets no panel and makes no call; nothing is said while they load.
 */
export function DashboardFigures() {
  // The figures are the books'; the open quotes' link only for roles that may open the quotes.
  const readsBooks = useCan('books');
  const opensQuotes = useCan('sales');
  const figures = trpc.reports.dashboard.useQuery(undefined, { retry: false, enabled: readsBooks });
  if (!figures.data) return null;
  const { open_quotes: quotes, receivables: r } = figures.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card title={DASHBOARD_TEXT.openQuotes}>
        <p className="text-2xl font-semibold tabular-nums text-slate-900">{formatMoney(quotes.value)}</p>
        <p className="text-sm text-slate-600">{DASHBOARD_TEXT.openQuotesCount(quotes.count)}</p>
        {opensQuotes && (
          <Link to="/quotes?status=sent" className={linkClass}>
            {DASHBOARD_TEXT.openQuotesLink}
          </Link>
        )}
      </Card>
      <Card title={DASHBOARD_TEXT.receivables}>
        <dl className="grid grid-cols-2 gap-2">
          <div>
            <dt className="text-xs text-slate-600">{DASHBOARD_TEXT.owed}</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900" data-testid="dashboard-owed">
              {formatMoney(r.owed)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">{DASHBOARD_TEXT.overdue}</dt>
            <dd className="text-2xl font-semibold tabular-nums text-red-700" data-testid="dashboard-overdue">
              {formatMoney(r.overdue)}
            </dd>
          </div>
        </dl>
        <p className="text-sm text-slate-600">{DASHBOARD_TEXT.invoices(r.open_invoices, r.overdue_invoices)}</p>
        <Link to="/reports?report=aging" className={linkClass}>
          {DASHBOARD_TEXT.agingLink}
        </Link>
      </Card>
    </div>
  );
}
