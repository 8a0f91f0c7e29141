import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { cn } from '../../lib/cn';
import { AgingReport } from './AgingReport';
import { SalesTaxReport } from './SalesTaxReport';
import { AccountantExport } from './AccountantExport';
import { REPORT_TEXT } from './texts';
import { SHIP_SCHEDULE_REPORT } from '../schedule/texts';
import { MarginReport } from '../production/MarginReport';
import { MaterialsReport } from '../production/MaterialsReport';
import { PRODUCTION_TEXT } from '../production/texts';
import { useAuth } from '../../lib/auth';
import { SHARED_PERIOD } from './ReportPeriodFields';

/** The reports, one tab each (add a report: one entry here). */
export const REPORT_TABS: readonly {
  key: string;
  label: string;
  render: () => ReactNode;
  superuser?: boolean;
}[] = [
  { key: 'sales-tax', label: REPORT_TEXT.salesTax, render: () => <SalesTaxReport /> },
  { key: 'aging', label: REPORT_TEXT.aging, render: () => <AgingReport /> },
  { key: 'accountant-export', label: REPORT_TEXT.accountantExport, render: () => <AccountantExport /> },
  { key: 'materials', label: PRODUCTION_TEXT.materials, render: () => <MaterialsReport /> },
  { key: 'margin', label: PRODUCTION_TEXT.marginReport, render: () => <MarginReport />, superuser: true },
];

/**
 * A tab's URL: its key, and the period every report with a range reads (`from`, `to`; decision 250), so the
 * period chosen on one tab is the next tab's. A tab's own filters (group, format) stay behind.
 */
function withSharedPeriod(params: URLSearchParams, report: string): URLSearchParams {
  const next = new URLSearchParams({ report });
  for (const key of SHARED_PERIOD) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  return next;
}

/** /reports (all signed-in staff): the tab is in `?report=`, the shared period in `?from=&to=`. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  const tabs = REPORT_TABS.filter((t) => !t.superuser || user?.is_superuser);
  const current = tabs.find((t) => t.key === params.get('report')) ?? tabs[0]!;
  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={REPORT_TEXT.title} />
      <nav aria-label={REPORT_TEXT.tabsLabel} className="flex gap-2 border-b border-slate-200">
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            aria-current={tab.key === current.key ? 'page' : undefined}
            onClick={() => setParams(withSharedPeriod(params, tab.key))}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-600',
              tab.key === current.key
                ? 'border-sky-600 text-sky-800'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        ))}
        {/* The ship schedule is a screen of its own (its view and date live in its URL). */}
        <Link
          to={SHIP_SCHEDULE_REPORT.to}
          className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {SHIP_SCHEDULE_REPORT.label}
        </Link>
        <Link
          to="/board"
          className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {PRODUCTION_TEXT.boardTitle}
        </Link>
      </nav>
      {current.render()}
    </section>
  );
}
