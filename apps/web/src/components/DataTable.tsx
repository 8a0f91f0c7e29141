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
  /** With `cards`: classes of this cell on a phone (its place in the card). */
  cardClassName?: string;
  /** With `cards`: the heading is written before the value on a phone ('Door #: 1042'). */
  cardLabel?: string;
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
   * table is named (WCAG 1.3.1), which is also how tests and screen readers find it.
   */
  caption: ReactNode;
  captionHidden?: boolean;
  className?: string;
  /**
   * Below 768 px each row is drawn as a card, its cells wrapping side by side (decision 141), so a
   * phone shows what a row is about without scrolling sideways. The table keeps its roles.
   */
  cards?: boolean;
  /** Narrower cell padding, for a table with many columns at laptop widths (the invoices list). */
  dense?: boolean;
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
  cards = false,
  dense = false,
}: DataTableProps<Row>) {
  const padX = dense ? 'px-1.5 first:pl-4 last:pr-4' : 'px-4';
  // Explicit roles while drawn as cards: a table shown as blocks keeps its meaning everywhere.
  const role = (name: string) => (cards ? name : undefined);
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
      <table
        role={role('table')}
        className={cn('min-w-full divide-y divide-slate-200 text-sm', cards && 'max-md:block')}
        aria-busy={loading || undefined}
      >
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
        <thead role={role('rowgroup')} className={cn('bg-slate-50', cards && 'max-md:sr-only')}>
          <tr role={role('row')}>
            {columns.map((column) => (
              <th
                key={column.key}
                role={role('columnheader')}
                scope="col"
                className={cn(
                  // Headings stay on one line: the data, not the heading, decides a column's width.
                  padX,
                  'py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase',
                  alignClass(column as DataTableColumn<unknown>),
                  column.className,
                )}
              >
                {column.srOnlyHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={role('rowgroup')} className={cn('divide-y divide-slate-100', cards && 'max-md:block')}>
          {placeholder !== null ? (
            <tr role={role('row')} className={cn(cards && 'max-md:block')}>
              <td
                role={role('cell')}
                colSpan={columns.length}
                className={cn('px-4 py-8 text-center text-slate-500', cards && 'max-md:block')}
              >
                {loading ? <span role="status">{placeholder}</span> : placeholder}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr
                key={rowKey(row, index)}
                role={role('row')}
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
                  cards && 'max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1.5 max-md:px-3 max-md:py-3',
                  clickable &&
                    'cursor-pointer hover:bg-sky-50 focus-visible:bg-sky-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600',
                )}
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    role={role('cell')}
                    className={cn(
                      padX,
                      'py-2.5 text-slate-800',
                      alignClass(column as DataTableColumn<unknown>),
                      column.numeric && 'tabular-nums',
                      column.className,
                      cards && 'max-md:p-0! max-md:text-left',
                      cards && column.cardClassName,
                      // The heading before the value on a card, drawn by CSS: the cell's text stays the value.
                      cards &&
                        column.cardLabel &&
                        "max-md:before:mr-1 max-md:before:text-xs max-md:before:font-medium max-md:before:text-slate-500 max-md:before:content-[attr(data-label)_':']",
                    )}
                    data-label={cards && column.cardLabel ? column.cardLabel : undefined}
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
