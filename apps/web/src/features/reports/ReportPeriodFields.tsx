import { useSearchParams } from 'react-router-dom';
import { firstFieldError, todayIso, type FieldErrors } from '@icehouse/domain';
import { ReportDateField } from './ReportDateField';
import { REPORT_TEXT } from './texts';

/** What `useReportFilters` gives: the period and a setter for any filter of the report. */
export interface ReportFilters<Key extends string = never> {
  params: URLSearchParams;
  from: string;
  to: string;
  /** Writes one filter into the URL in place (no new history entry), keeping the others. */
  setParam: (key: 'from' | 'to' | Key, value: string) => void;
}

/** The URL's keys of the period every report with a range reads, kept from one report tab to the next. */
export const SHARED_PERIOD = ['from', 'to'] as const;

/**
 * A report's filters as they live in the URL (`?from=&to=&…`), so a report can be reloaded,
 * bookmarked and shared as it is shown: the period (default this year, 1 January to 31 December)
 * and the report's own filters (`Key`), read from `params`.
 */
export function useReportFilters<Key extends string = never>(): ReportFilters<Key> {
  const year = todayIso().slice(0, 4);
  const [params, setParams] = useSearchParams();
  return {
    params,
    from: params.get('from') ?? `${year}-01-01`,
    to: params.get('to') ?? `${year}-12-31`,
    setParam: (key, value) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(key, value);
          return next;
        },
        { replace: true },
      ),
  };
}

/**
 * The period's From and To in a report's filter bar, each with the server's message for it (a To
 * before From is refused on To), from the report query's `fieldErrors`.
 */
export function ReportPeriodFields<Key extends string>({
  filters,
  fieldErrors,
}: {
  filters: ReportFilters<Key>;
  fieldErrors: FieldErrors | null;
}) {
  const fieldError = (key: 'from' | 'to') => firstFieldError(fieldErrors, key) ?? null;
  return (
    <>
      <ReportDateField
        label={REPORT_TEXT.from}
        value={filters.from}
        onChange={(value) => filters.setParam('from', value)}
        error={fieldError('from')}
      />
      <ReportDateField
        label={REPORT_TEXT.to}
        value={filters.to}
        onChange={(value) => filters.setParam('to', value)}
        error={fieldError('to')}
      />
    </>
  );
}
