import { csvStream, type CsvColumn } from '../../csv';
import type { MarginReport } from './margin-report';

type Line = MarginReport['rows'][number];

/** The margin report as CSV (the project's CSV writer): one line per month or product, then the total. */
export function marginCsv(report: MarginReport) {
  const columns: CsvColumn<Line>[] = [
    { header: report.group === 'month' ? 'Month' : 'Product', kind: 'text', value: (r) => r.label },
    { header: 'Orders', kind: 'integer', value: (r) => r.orders },
    { header: 'Price before tax', kind: 'decimal', value: (r) => r.price_before_tax },
    { header: 'Materials cost', kind: 'decimal', value: (r) => r.materials_cost },
    { header: 'Margin', kind: 'decimal', value: (r) => r.margin },
    { header: 'Margin %', kind: 'decimal', value: (r) => r.margin_percent },
    { header: 'Orders without a known cost', kind: 'integer', value: (r) => r.unknown_cost_orders },
  ];
  const total: Line = { key: 'total', label: 'Total', ...report.total };
  return {
    stream: csvStream(columns, [...report.rows, total]),
    filename: `margin-by-${report.group}-${report.from}-to-${report.to}.csv`,
  };
}
