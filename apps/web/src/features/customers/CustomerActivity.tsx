import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate, formatMoney } from '../../lib/format';
import { ORDER_PARAM, useOrderForm } from '../order-form/OrderFormProvider';
import { CustomerSection } from './CustomerFields';
import { newOrderCustomerOf } from './customerFormValues';
import { CUSTOMER_TEXT as T } from './texts';
import { CREDIT_TEXT } from '../credit/texts';
import { CustomerCreditPanel } from '../credit/CustomerCreditPanel';
import type { CustomerDetail } from './types';
import { useCan } from '../../lib/access';

const HEAD = 'py-1';

/** One of the customer's tables: its caption for screen readers, its headings; money columns from `rightFrom` on. */
function ActivityTable({
  caption,
  columns,
  rightFrom = columns.length,
  children,
}: {
  caption: string;
  columns: string[];
  rightFrom?: number;
  children: ReactNode;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-slate-600">
          {columns.map((column, index) => (
            <th key={column} scope="col" className={index >= rightFrom ? `${HEAD} text-right` : HEAD}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A saved customer's orders (each opens in the order form, by a link that can be opened in a new
 * tab too: `?order={id}`) with "New order for this customer", and their invoices with the balance.
 */
export function CustomerActivity({ customer }: { customer: CustomerDetail }) {
  const { newOrder } = useOrderForm();
  // Invoices and the customer's credit are the books'; sales sees the invoice numbers without a link.
  const books = useCan('books');
  const sells = useCan('sales');
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <CustomerSection
        title={T.ordersTitle}
        actions={
          sells && (
            <Button size="sm" onClick={() => newOrder({ customer: newOrderCustomerOf(customer) })}>
              {T.newOrderForCustomer}
            </Button>
          )
        }
      >
        {customer.orders.length === 0 ? (
          <p className="text-sm text-slate-600">{T.noOrders}</p>
        ) : (
          <ActivityTable caption={T.ordersTitle} columns={[T.doorNumber, T.date, T.status, T.invoiceNumber]}>
            {customer.orders.map((o) => (
              <tr key={o.id} className="border-t border-slate-100">
                <td className="py-1 tabular-nums">
                  <Link
                    to={{ search: `?${ORDER_PARAM}=${o.id}` }}
                    aria-label={T.openOrder(o.door_number)}
                    className="font-medium text-sky-700 underline-offset-2 hover:underline"
                  >
                    {o.door_number || T.noDoorNumber}
                  </Link>
                </td>
                <td className="py-1 tabular-nums">{formatDate(o.date)}</td>
                <td className="py-1">
                  <StatusBadge status={o.status} />
                </td>
                <td className="py-1 tabular-nums">
                  {o.invoice_id !== null && o.invoice_number !== null && !books ? (
                    o.invoice_number
                  ) : o.invoice_id !== null && o.invoice_number !== null ? (
                    <Link to={`/invoices/${o.invoice_id}/edit`} className="text-sky-700 hover:underline">
                      {o.invoice_number}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </ActivityTable>
        )}
        {customer.order_count > customer.orders.length && (
          <p className="text-xs text-slate-500">
            {T.showingNewest(customer.orders.length, customer.order_count)}
          </p>
        )}
      </CustomerSection>
      <CustomerSection title={T.invoicesTitle}>
        <dl className="grid grid-cols-4 gap-2 text-sm">
          {(
            [
              [T.invoiced, customer.balance.invoiced, 'font-medium'],
              [T.paid, customer.balance.paid, 'font-medium'],
              [CREDIT_TEXT.depositsHeldLabel, customer.balance.deposits_held, 'font-medium'],
              [T.balance, customer.balance.balance, 'font-semibold'],
            ] as const
          ).map(([term, value, weight]) => (
            <div key={term}>
              <dt className="text-slate-600">{term}</dt>
              <dd className={`${weight} tabular-nums`}>{formatMoney(value)}</dd>
            </div>
          ))}
        </dl>
        {customer.invoices.length === 0 ? (
          <p className="text-sm text-slate-600">{T.noInvoices}</p>
        ) : (
          <ActivityTable
            caption={T.invoicesTitle}
            columns={[T.invoiceNumber, T.date, T.total, T.balanceDue]}
            rightFrom={2}
          >
            {customer.invoices.map((i) => (
              <tr key={i.id} className="border-t border-slate-100">
                <td className="py-1">
                  {books ? (
                    <Link to={`/invoices/${i.id}/edit`} className="text-sky-700 hover:underline">
                      {i.invoice_number}
                    </Link>
                  ) : (
                    i.invoice_number
                  )}
                </td>
                <td className="py-1 tabular-nums">{formatDate(i.date)}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(i.total_amount)}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(i.balance_due)}</td>
              </tr>
            ))}
          </ActivityTable>
        )}
      </CustomerSection>
      {books && <CustomerCreditPanel customerId={customer.id} />}
    </div>
  );
}
