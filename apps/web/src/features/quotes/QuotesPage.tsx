import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import { QUOTE_STATUSES, type QuoteStatus } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { inputClassName } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useDebouncedText } from '../../lib/useDebouncedText';
import { QuoteStatusBadge } from './QuoteStatusBadge';
import { QUOTE_TEXT } from './texts';
import type { QuoteListRow } from './types';

const isStatus = (v: string | null): v is QuoteStatus => (QUOTE_STATUSES as readonly string[]).includes(v ?? '');

/**
 * /quotes: every signed-in user. Search (number or customer, written to `?search=` after typing stops),
 * a status filter (`?status=`), 25 a page, Export CSV with the same filters, New Quote.
 */
export function QuotesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = (searchParams.get('search') ?? '').trim();
  const statusParam = searchParams.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const searchId = useId();
  const statusId = useId();

  const setParam = (key: string, value: string | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key !== 'page' },
    );
  const [text, setText] = useDebouncedText(search, (value) => setParam('search', value || undefined));

  const list = trpc.quotes.list.useQuery(
    { ...(search ? { search } : {}), ...(status ? { status } : {}), ...(page > 1 ? { page } : {}) },
    { placeholderData: keepPreviousData },
  );

  const columns: DataTableColumn<QuoteListRow>[] = [
    {
      key: 'quote_number',
      header: QUOTE_TEXT.number,
      className: 'whitespace-nowrap',
      cell: (q) => (
        <Link to={`/quotes/${q.id}`} className="font-medium text-sky-700 underline-offset-2 hover:underline">
          {q.quote_number}
        </Link>
      ),
    },
    { key: 'date', header: QUOTE_TEXT.date, className: 'whitespace-nowrap', cell: (q) => formatDate(q.date) },
    { key: 'valid_until', header: QUOTE_TEXT.validUntil, className: 'whitespace-nowrap', cell: (q) => formatDate(q.valid_until) },
    { key: 'customer_name', header: QUOTE_TEXT.customer, className: 'min-w-48' },
    { key: 'status', header: QUOTE_TEXT.status, cell: (q) => <QuoteStatusBadge status={q.status} /> },
    { key: 'total', header: QUOTE_TEXT.total, numeric: true, className: 'whitespace-nowrap', cell: (q) => formatMoney(q.total) },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title={QUOTE_TEXT.title}
        actions={
          <>
            <ExportCsvLink path="/api/quotes/export.csv" params={{ search, status }} label={QUOTE_TEXT.exportCsv} />
            <Link
              to="/quotes/new"
              className="inline-flex items-center rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
            >
              {QUOTE_TEXT.newQuote}
            </Link>
          </>
        }
      />
      <form
        role="search"
        aria-label={QUOTE_TEXT.searchLabel}
        onSubmit={(event) => event.preventDefault()}
        className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            {QUOTE_TEXT.searchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            placeholder={QUOTE_TEXT.searchPlaceholder}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
            className={inputClassName(false)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={statusId} className="text-sm font-medium text-slate-800">
            {QUOTE_TEXT.statusLabel}
          </label>
          <select
            id={statusId}
            value={status ?? ''}
            onChange={(event) => setParam('status', event.target.value || undefined)}
            className={inputClassName(false)}
          >
            <option value="">{QUOTE_TEXT.allStatuses}</option>
            {QUOTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {QUOTE_TEXT.statusLabels[s]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {list.isError && !list.data ? (
        <Notice
          tone="error"
          action={
            <Button size="sm" onClick={() => void list.refetch()}>
              {QUOTE_TEXT.retry}
            </Button>
          }
        >
          {QUOTE_TEXT.fetchError}
        </Notice>
      ) : (
        <DataTable
          caption={QUOTE_TEXT.tableCaption}
          captionHidden
          columns={columns}
          rows={list.data?.results ?? []}
          rowKey={(q) => q.id}
          loading={list.isPending}
          loadingText={QUOTE_TEXT.loading}
          emptyText={
            search ? (
              QUOTE_TEXT.emptySearch(search)
            ) : (
              <>
                {QUOTE_TEXT.empty}{' '}
                <Link to="/quotes/new" className="font-medium text-sky-700 underline">
                  {QUOTE_TEXT.firstQuote}
                </Link>
              </>
            )
          }
        />
      )}
      {list.data && list.data.count > 0 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm text-slate-600">
          <span>{QUOTE_TEXT.pageOf(page, list.data.count)}</span>
          <span className="flex gap-2">
            <Button size="sm" disabled={list.data.previous === null} onClick={() => setParam('page', page > 2 ? String(page - 1) : undefined)}>
              {QUOTE_TEXT.previous}
            </Button>
            <Button size="sm" disabled={list.data.next === null} onClick={() => setParam('page', String(page + 1))}>
              {QUOTE_TEXT.next}
            </Button>
          </span>
        </nav>
      )}
    </section>
  );
}
