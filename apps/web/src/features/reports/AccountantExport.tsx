import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ACCOUNTING_EXPORT_FORMATS,
  firstFieldError,
  todayIso,
  type AccountingExportFormat,
} from '@icehouse/domain';
import { inputClassName } from '../../components/Field';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { Notice } from '../../components/Notice';
import { serverFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ReportDateField } from './ReportDateField';
import { REPORT_TEXT } from './texts';

const FORMAT_KEYS = ACCOUNTING_EXPORT_FORMATS.map((f) => f.key) as readonly string[];

/**
 * The accountant hand-off (decision 205): a date range (default this year) and a format, what the
 * range holds (the summary), and Download: one file for QuickBooks Desktop (IIF), QuickBooks Online
 * or Xero, posted to the accounts named in Company Information. Filters live in the URL.
 */
export function AccountantExport() {
  const year = todayIso().slice(0, 4);
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? `${year}-01-01`;
  const to = params.get('to') ?? `${year}-12-31`;
  const rawFormat = params.get('format') ?? '';
  const format = (FORMAT_KEYS.includes(rawFormat) ? rawFormat : 'iif') as AccountingExportFormat;
  const setParam = (key: 'from' | 'to' | 'format', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const formatId = useId();
  const summary = trpc.reports.accountingExportSummary.useQuery({ from, to });
  const fieldErrors = serverFieldErrors(summary.error);
  const fieldError = (key: string) => firstFieldError(fieldErrors, key) ?? null;
  const data = summary.data;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <ReportDateField
          label={REPORT_TEXT.from}
          value={from}
          onChange={(value) => setParam('from', value)}
          error={fieldError('from')}
        />
        <ReportDateField
          label={REPORT_TEXT.to}
          value={to}
          onChange={(value) => setParam('to', value)}
          error={fieldError('to')}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={formatId} className="text-sm font-medium text-slate-800">
            {REPORT_TEXT.exportFormat}
          </label>
          <select
            id={formatId}
            value={format}
            onChange={(e) => setParam('format', e.target.value)}
            className={inputClassName(false)}
          >
            {ACCOUNTING_EXPORT_FORMATS.map((f) => (
              <option key={f.key} value={f.key}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        {data && data.records > 0 && (
          <ExportCsvLink
            path="/api/reports/accounting-export/"
            params={{ from, to, format }}
            label={REPORT_TEXT.download}
          />
        )}
      </div>
      <p className="text-xs text-slate-500">{REPORT_TEXT.exportHint}</p>
      {summary.isError && !fieldErrors && <Notice tone="error">{REPORT_TEXT.loadError}</Notice>}
      {summary.isPending && (
        <p role="status" className="text-sm text-slate-600">
          {REPORT_TEXT.loading}
        </p>
      )}
      {data && (
        <p role="status" className="text-sm text-slate-700">
          {data.records > 0 ? REPORT_TEXT.exportHolds(data) : REPORT_TEXT.exportEmpty}
        </p>
      )}
    </div>
  );
}
