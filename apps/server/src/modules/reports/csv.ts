import { AGING_BUCKETS, SALES_TAX_COLUMNS } from '@icehouse/domain';
import { csvFilename, csvStream, type CsvColumn } from '../../csv';
import type { AgingReport } from './aging';
import type { SalesTaxReport } from './sales-tax';

/** The two reports as CSV: one line per period or customer, then the total line. */

const HEADERS: Record<(typeof SALES_TAX_COLUMNS)[number], string> = {
  taxable_sales: 'Taxable sales',
  exempt_sales: 'Exempt sales',
  freight: 'Freight',
  discounts: 'Discounts',
  tax: 'Tax collected',
  invoiced: 'Invoiced',
  credited: 'Credit notes',
  total: 'Net total',
};

type SalesTaxLine = SalesTaxReport['rows'][number];

export function salesTaxCsv(report: SalesTaxReport) {
  const columns: CsvColumn<SalesTaxLine>[] = [
    { header: 'Period', kind: 'text', value: (r) => r.period },
    { header: 'From', kind: 'date', value: (r) => r.start },
    { header: 'To', kind: 'date', value: (r) => r.end },
    { header: 'Invoices', kind: 'integer', value: (r) => r.invoices },
    { header: 'Credit notes issued', kind: 'integer', value: (r) => r.credit_notes },
    { header: 'Credit notes voided', kind: 'integer', value: (r) => r.voided_credit_notes },
    ...SALES_TAX_COLUMNS.map((c): CsvColumn<SalesTaxLine> => ({
      header: HEADERS[c],
      kind: 'decimal',
      value: (r) => r[c],
    })),
  ];
  const total: SalesTaxLine = { period: 'Total', start: report.from, end: report.to, ...report.total };
  return {
    stream: csvStream(columns, [...report.rows, total]),
    filename: csvFilename(`sales-tax-${report.from}-to-${report.to}`).replace(
      /-\d{4}-\d{2}-\d{2}\.csv$/,
      '.csv',
    ),
  };
}

type AgingLine = AgingReport['rows'][number];

export function agingCsv(report: AgingReport) {
  const columns: CsvColumn<AgingLine>[] = [
    { header: 'Customer', kind: 'text', value: (r) => r.customer_name },
    { header: 'Customer id', kind: 'integer', value: (r) => r.customer_id },
    { header: 'Invoices', kind: 'integer', value: (r) => r.invoices },
    ...AGING_BUCKETS.map((b): CsvColumn<AgingLine> => ({
      header: b.label,
      kind: 'decimal',
      value: (r) => r[b.key],
    })),
    { header: 'Total', kind: 'decimal', value: (r) => r.total },
  ];
  const total: AgingLine = { customer_id: null, customer_name: 'Total', ...report.total };
  return { stream: csvStream(columns, [...report.rows, total]), filename: `aging-${report.as_of}.csv` };
}
