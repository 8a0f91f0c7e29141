import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate, formatMoney } from '../../lib/format';
import { ORDER_PARAM, useOrderForm } from '../order-form/OrderFormProvider';
import { CustomerSection } from './CustomerFields';
import { newOrderCustomerOf } from './customerFormValues';
import { CUSTOMER_TEXT as T } from './texts';
import type { CustomerDetail } from './types';

const HEAD = 'py-1';

/**
 * A saved customer's orders (each opens in the order form, by a link that can be opened in a new
 * tab too: `?order={id}`) with "New order for this customer", and their invoices with the balance.
 */
export function CustomerActivity({ customer }: { customer: CustomerDetail }) {
  const { newOrder } = useOrderForm();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <CustomerSection
        title={T.ordersTitle}
        actions={
          <Button size="sm" onClick={() => newOrder({ customer: newOrderCustomerOf(customer) })}>
            {T.newOrderForCustomer}
          </Button>
        }
      >
        {customer.orders.length === 0 ? (
          <p className="text-sm text-slate-600">{T.noOrders}</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{T.ordersTitle}</caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className={HEAD}>
                  {T.doorNumber}
                </th>
                <th scope="col" className={HEAD}>
                  {T.date}
                </th>
                <th scope="col" className={HEAD}>
                  {T.status}
                </th>
                <th scope="col" className={HEAD}>
                  {T.invoiceNumber}
                </th>
              </tr>
            </thead>
            <tbody>
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
                    {o.invoice_id !== null && o.invoice_number !== null ? (
                      <Link to={`/invoices/${o.invoice_id}/edit`} className="text-sky-700 hover:underline">
                        {o.invoice_number}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {customer.order_count > customer.orders.length && (
          <p className="text-xs text-slate-500">
            {T.showingNewest(customer.orders.length, customer.order_count)}
          </p>
        )}
      </CustomerSection>
      <CustomerSection title={T.invoicesTitle}>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-slate-600">{T.invoiced}</dt>
            <dd className="font-medium tabular-nums">{formatMoney(customer.balance.invoiced)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{T.paid}</dt>
            <dd className="font-medium tabular-nums">{formatMoney(customer.balance.paid)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{T.balance}</dt>
            <dd className="font-semibold tabular-nums">{formatMoney(customer.balance.balance)}</dd>
          </div>
        </dl>
        {customer.invoices.length === 0 ? (
          <p className="text-sm text-slate-600">{T.noInvoices}</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{T.invoicesTitle}</caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className={HEAD}>
                  {T.invoiceNumber}
                </th>
                <th scope="col" className={HEAD}>
                  {T.date}
                </th>
                <th scope="col" className={`${HEAD} text-right`}>
                  {T.total}
                </th>
                <th scope="col" className={`${HEAD} text-right`}>
                  {T.balanceDue}
                </th>
              </tr>
            </thead>
            <tbody>
              {customer.invoices.map((i) => (
                <tr key={i.id} className="border-t border-slate-100">
                  <td className="py-1">
                    <Link to={`/invoices/${i.id}/edit`} className="text-sky-700 hover:underline">
                      {i.invoice_number}
                    </Link>
                  </td>
                  <td className="py-1 tabular-nums">{formatDate(i.date)}</td>
                  <td className="py-1 text-right tabular-nums">{formatMoney(i.total_amount)}</td>
                  <td className="py-1 text-right tabular-nums">{formatMoney(i.balance_due)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CustomerSection>
    </div>
  );
}
