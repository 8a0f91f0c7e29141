import { ACCOUNTING_EXPORT_FORMATS, type AccountingExportFormat } from '@icehouse/domain';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { Notice } from '../../components/Notice';
import { serverFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ReportPeriodFields, useReportFilters } from './ReportPeriodFields';
import { ReportSelectField } from './ReportSelectField';
import { REPORT_TEXT } from './texts';

const FORMAT_KEYS = ACCOUNTING_EXPORT_FORMATS.map((f) => f.key) as readonly string[];
const FORMAT_OPTIONS = ACCOUNTING_EXPORT_FORMATS.map((f) => ({ value: f.key, label: f.label }));

/**
 * The accountant hand-off (decision 205): a date range (default this year) and a format, what the
 * range holds (the summary), and Download: one file for QuickBooks Desktop (IIF), QuickBooks Online
 * or Xero, posted to the accounts named in Company Information. Filters live in the URL.
 */
export function AccountantExport() {
  const filters = useReportFilters<'format'>();
  const { from, to, setParam } = filters;
  const rawFormat = filters.params.get('format') ?? '';
  const format = (FORMAT_KEYS.includes(rawFormat) ? rawFormat : 'iif') as AccountingExportFormat;
  const summary = trpc.reports.accountingExportSummary.useQuery({ from, to });
  const fieldErrors = serverFieldErrors(summary.error);
  const data = summary.data;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <ReportPeriodFields filters={filters} fieldErrors={fieldErrors} />
        <ReportSelectField
          label={REPORT_TEXT.exportFormat}
          value={format}
          options={FORMAT_OPTIONS}
          onChange={(value) => setParam('format', value)}
        />
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
