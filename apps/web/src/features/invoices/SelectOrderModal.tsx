import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { INVOICE_TEXT } from './texts';
import type { InvoiceListRow } from './types';

export interface SelectOrderModalProps {
  /** The combined invoice whose orders are offered. */
  invoice: InvoiceListRow;
  onClose: () => void;
  /** The order the user picked. */
  onSelect: (orderId: number) => void;
}

/**
 * 'Select Order to Edit' (invoices spec §2): the orders of a combined invoice, each with its door
 * number, customer, date and status, read from the invoice (invoices.get, orders_data). Picking
 * one opens it in the order form. When the orders cannot be read: 'Error fetching order details.
 * Please try again.' with Retry.
 */
export function SelectOrderModal({ invoice, onClose, onSelect }: SelectOrderModalProps) {
  const details = trpc.invoices.get.useQuery({ id: invoice.id }, { staleTime: 0 });
  const orders = details.data?.orders_data ?? [];

  return (
    <Modal
      open
      onClose={onClose}
      title={INVOICE_TEXT.selectOrderTitle}
      description={INVOICE_TEXT.selectOrderDescription(invoice.invoice_number)}
      size="sm"
      actions={<Button onClick={onClose}>{INVOICE_TEXT.cancel}</Button>}
    >
      {details.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {INVOICE_TEXT.loadingOrders}
        </p>
      ) : details.isError ? (
        <Notice
          tone="error"
          action={
            <Button size="sm" onClick={() => void details.refetch()}>
              {INVOICE_TEXT.retry}
            </Button>
          }
        >
          {INVOICE_TEXT.fetchOrderError}
        </Notice>
      ) : orders.length === 0 ? (
        <Notice tone="error">{INVOICE_TEXT.loadOrderError}</Notice>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={INVOICE_TEXT.selectOrderTitle}>
          {orders.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                aria-label={INVOICE_TEXT.orderChoice(order.door_number, order.customer_name)}
                onClick={() => onSelect(order.id)}
                className="flex w-full flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-left text-sm shadow-sm hover:border-sky-300 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
              >
                <span className="flex flex-col">
                  <span className="font-semibold text-slate-900">
                    {INVOICE_TEXT.orderNumber} {order.door_number}
                  </span>
                  <span className="text-slate-600">
                    {[order.customer_name, formatDate(order.date)].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <StatusBadge status={order.status} label={order.status_display} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
