import { useId, useRef, type KeyboardEvent, type Key, type MouseEvent, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useScrollBox } from './useScrollBox';

export interface DataTableColumn<Row> {
  /** Unique within the table; also the property read when there is no `cell`. */
  key: string;
  header: ReactNode;
  /** What the cell shows; by default `row[key]` as text. */
  cell?: (row: Row) => ReactNode;
  /** Numbers (money, counts) are right-aligned with tabular figures. */
  numeric?: boolean;
  align?: 'left' | 'center' | 'right';
  /** Extra classes for this column's cells (width, wrapping...). */
  className?: string;
  /** Hide the header text visually but keep it for screen readers (a checkbox column). */
  srOnlyHeader?: boolean;
}

export interface DataTableProps<Row> {
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row, index: number) => Key;
  /** Shown in place of rows when there are none (the spec's 'No orders found'). */
  emptyText?: ReactNode;
  /** True while (re)loading: an empty table shows `loadingText`, a filled one is marked busy. */
  loading?: boolean;
  loadingText?: ReactNode;
  /** Makes rows clickable (and reachable with Tab + Enter). Clicks on controls inside a row are left alone. */
  onRowClick?: (row: Row) => void;
  /** Accessible name of each clickable row, e.g. `(order) => 'Open order ' + order.door_number`. */
  rowLabel?: (row: Row) => string;
  /**
   * The table's accessible name, as its <caption>; shown unless `captionHidden`. Required: every
   * table is named (WCAG 1.3.1; issue 19), which is also how tests and screen readers find it.
   */
  caption: ReactNode;
  captionHidden?: boolean;
  className?: string;
}

const INTERACTIVE =
  'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="link"]';

function alignClass(column: DataTableColumn<unknown>): string {
  const align = column.align ?? (column.numeric ? 'right' : 'left');
  return align === 'right' ? 'text-right' : align === 'center' ? 'text-center' : 'text-left';
}

function defaultCell(row: unknown, key: string): ReactNode {
  if (row && typeof row === 'object' && key in row) {
    const value: unknown = (row as Record<string, unknown>)[key];
    if (value === null || value === undefined) return '';
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return String(value);
  }
  return '';
}

/** A plain, accessible table with empty and loading states, right-aligned numbers and optional row clicks. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  emptyText = 'No data',
  loading = false,
  loadingText = 'Loading...',
  onRowClick,
  rowLabel,
  caption,
  captionHidden = false,
  className,
}: DataTableProps<Row>) {
  const clickable = Boolean(onRowClick);
  const captionId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const scrollBox = useScrollBox(boxRef, caption ? captionId : undefined);

  function fromControl(event: MouseEvent | KeyboardEvent): boolean {
    const target = event.target as HTMLElement;
    const control = target.closest(INTERACTIVE);
    return control !== null && control !== event.currentTarget && event.currentTarget.contains(control);
  }

  const placeholder = rows.length === 0 ? (loading ? loadingText : emptyText) : null;

  return (
    // `relative`: the screen-reader-only texts in cells (absolutely positioned) stay inside the
    // scrolling box instead of widening the page on a phone.
    <div
      ref={boxRef}
      {...scrollBox}
      className={cn(
        'relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-sky-600',
        className,
      )}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={loading || undefined}>
        {caption && (
          <caption
            id={captionId}
            className={cn(
              'px-4 py-2 text-left text-sm font-medium text-slate-700',
              captionHidden && 'sr-only',
            )}
          >
            {caption}
          </caption>
        )}
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  // Headings stay on one line: the data, not the heading, decides a column's width.
                  'px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase',
                  alignClass(column as DataTableColumn<unknown>),
                  column.className,
                )}
              >
                {column.srOnlyHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {placeholder !== null ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500">
                {loading ? <span role="status">{placeholder}</span> : placeholder}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr
                key={rowKey(row, index)}
                tabIndex={clickable ? 0 : undefined}
                aria-label={clickable && rowLabel ? rowLabel(row) : undefined}
                onClick={
                  onRowClick
                    ? (event) => {
                        if (!fromControl(event)) onRowClick(row);
                      }
                    : undefined
                }
                onKeyDown={
                  onRowClick
                    ? (event) => {
                        if (
                          (event.key === 'Enter' || event.key === ' ') &&
                          event.target === event.currentTarget
                        ) {
                          event.preventDefault();
                          onRowClick(row);
                        }
                      }
                    : undefined
                }
                className={cn(
                  clickable &&
                    'cursor-pointer hover:bg-sky-50 focus-visible:bg-sky-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600',
                )}
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cn(
                      'px-4 py-2.5 text-slate-800',
                      alignClass(column as DataTableColumn<unknown>),
                      column.numeric && 'tabular-nums',
                      column.className,
                    )}
                  >
                    {column.cell ? column.cell(row) : defaultCell(row, column.key)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
