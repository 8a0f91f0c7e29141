import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { ExportCsvLink } from '../../components/ExportCsvLink';
import { inputClassName } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { EmailStatementsButton } from '../statements/EmailStatementsButton';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useCan } from '../../lib/access';
import { useDebouncedText } from '../../lib/useDebouncedText';
import { CUSTOMER_TEXT } from './texts';
import type { CustomerListRow } from './types';

/**
 * /customers: every signed-in user. Search by name, email, phone or city (written to
 * `?search=` 400 ms after typing stops), 25 a page with Previous / Next (`?page=`), New Customer,
 * Export CSV with the current search. A name opens the customer's page; Balance is what the
 * customer's page shows (invoiced − paid).
 */
export function CustomersPage() {
  // Emailing statements is the books' (sales keeps customers, not their accounts).
  const books = useCan('books');
  const [searchParams, setSearchParams] = useSearchParams();
  const search = (searchParams.get('search') ?? '').trim();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const searchId = useId();

  const [text, setText] = useDebouncedText(search, (value) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('search', value);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    ),
  );
  const goTo = (target: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (target > 1) next.set('page', String(target));
      else next.delete('page');
      return next;
    });

  const list = trpc.customers.list.useQuery(
    { ...(search ? { search } : {}), ...(page > 1 ? { page } : {}) },
    { placeholderData: keepPreviousData },
  );

  const columns: DataTableColumn<CustomerListRow>[] = [
    {
      key: 'name',
      header: CUSTOMER_TEXT.name,
      className: 'min-w-56',
      cell: (c) => (
        <Link
          to={`/customers/${c.id}`}
          className="font-medium text-sky-700 underline-offset-2 hover:underline"
        >
          {c.name}
        </Link>
      ),
    },
    { key: 'phone', header: CUSTOMER_TEXT.phone, className: 'whitespace-nowrap' },
    { key: 'email', header: CUSTOMER_TEXT.email },
    {
      key: 'city',
      header: CUSTOMER_TEXT.city,
      cell: (c) => [c.billing_address.city, c.billing_address.state].filter(Boolean).join(', '),
    },
    { key: 'order_count', header: CUSTOMER_TEXT.orders, numeric: true },
    {
      // The customer page's Balance (invoiced − paid; negative: a credit), from the server's domain rule.
      key: 'balance',
      header: CUSTOMER_TEXT.balance,
      numeric: true,
      className: 'whitespace-nowrap',
      cell: (c) => formatMoney(c.balance),
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title={CUSTOMER_TEXT.title}
        actions={
          <>
            {books && <EmailStatementsButton />}
            <ExportCsvLink
              path="/api/customers/export.csv"
              params={{ search }}
              label={CUSTOMER_TEXT.exportCsv}
            />
            <Link
              to="/customers/new"
              className="inline-flex items-center rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
            >
              {CUSTOMER_TEXT.newCustomer}
            </Link>
          </>
        }
      />
      <form
        role="search"
        aria-label={CUSTOMER_TEXT.searchLabel}
        onSubmit={(event) => event.preventDefault()}
        className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          {CUSTOMER_TEXT.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          value={text}
          placeholder={CUSTOMER_TEXT.searchPlaceholder}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          className={inputClassName(false, 'max-w-xl')}
        />
      </form>
      {list.isError && !list.data ? (
        <Notice
          tone="error"
          action={
            <Button size="sm" onClick={() => void list.refetch()}>
              {CUSTOMER_TEXT.retry}
            </Button>
          }
        >
          {CUSTOMER_TEXT.fetchError}
        </Notice>
      ) : (
        <DataTable
          caption={CUSTOMER_TEXT.tableCaption}
          captionHidden
          columns={columns}
          rows={list.data?.results ?? []}
          rowKey={(c) => c.id}
          loading={list.isPending}
          loadingText={CUSTOMER_TEXT.loading}
          emptyText={search ? CUSTOMER_TEXT.emptySearch(search) : CUSTOMER_TEXT.empty}
        />
      )}
      {list.data && list.data.count > 0 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm text-slate-600">
          <span>{CUSTOMER_TEXT.pageOf(page, list.data.count)}</span>
          <span className="flex gap-2">
            <Button size="sm" disabled={list.data.previous === null} onClick={() => goTo(page - 1)}>
              {CUSTOMER_TEXT.previous}
            </Button>
            <Button size="sm" disabled={list.data.next === null} onClick={() => goTo(page + 1)}>
              {CUSTOMER_TEXT.next}
            </Button>
          </span>
        </nav>
      )}
    </section>
  );
}
