import { useMemo, useState } from 'react';
import { MESSAGES } from '@icehouse/domain';
import { Button, Modal, Notice } from '../../components';
import { todayIso } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { OrderForm, type FormReplacement } from './OrderForm';
import { newOrderValues, toFormValues, type NewOrderCustomer } from './formValues';
import { useOrderLookups } from './lookups';

export interface OrderFormModalProps {
  /** The order to edit; null for a new order. */
  orderId: number | null;
  /** Opened from an invoice: SAVE & RECREATE INVOICE, no uploaders. */
  invoiceMode?: boolean;
  /** A new order for this customer (their addresses and phone filled in). */
  customer?: NewOrderCustomer | null;
  onClose: () => void;
  /** Closes the form because it goes to another page (default: onClose). */
  onLeave?: () => void;
  /** After the order was deleted, with the message to show. */
  onDeleted?: (message: string) => void;
}

interface Session {
  /** Changes when the form starts over (a duplicate), so nothing leaks from the previous one. */
  key: number;
  orderId: number | null;
  replacement: FormReplacement | null;
}

/**
 * The order form modal: loads the order and the lists it chooses from, then shows the form.
 * Lazily loaded by OrderFormProvider (the default export), so the screens that open it stay small.
 */
export function OrderFormModal({
  orderId,
  invoiceMode = false,
  customer = null,
  onClose,
  onLeave,
  onDeleted,
}: OrderFormModalProps) {
  const [session, setSession] = useState<Session>({ key: 0, orderId, replacement: null });
  const lookups = useOrderLookups();
  const editing = session.orderId !== null && session.replacement === null;
  const order = trpc.orders.get.useQuery(
    { id: session.orderId ?? 0 },
    { enabled: editing, staleTime: 0, refetchOnWindowFocus: false },
  );
  const title = session.orderId === null ? 'New Order' : 'Edit Order';

  const settingById = lookups.settingById;
  const initialValues = useMemo(() => {
    if (session.replacement) return session.replacement.values;
    if (!editing) return newOrderValues(todayIso(), session.orderId === null ? customer : null);
    if (!order.data) return null;
    return toFormValues(order.data, (id) => (id === null ? null : (settingById.get(id)?.price ?? null)));
  }, [session.replacement, editing, order.data, settingById, session.orderId, customer]);

  if (order.error && editing) {
    return (
      <Modal
        open
        onClose={onClose}
        title={title}
        size="sm"
        actions={
          <>
            <Button onClick={onClose}>CLOSE</Button>
            <Button variant="primary" onClick={() => void order.refetch()}>
              Retry
            </Button>
          </>
        }
      >
        <Notice tone="error">{MESSAGES.loadOrderError}</Notice>
      </Modal>
    );
  }

  if (lookups.loading || initialValues === null || (editing && !order.data)) {
    return (
      <Modal open onClose={onClose} title={title} size="sm">
        <p role="status" className="text-sm text-slate-600">
          Loading...
        </p>
      </Modal>
    );
  }

  return (
    <OrderForm
      key={session.key}
      order={editing ? (order.data ?? null) : null}
      initialValues={initialValues}
      lookups={lookups}
      intro={session.replacement?.intro ?? null}
      unsavedCopy={session.replacement !== null}
      invoiceMode={invoiceMode && session.replacement === null}
      onClose={onClose}
      onLeave={onLeave}
      onDeleted={(message) => (onDeleted ? onDeleted(message) : onClose())}
      onReplace={(replacement) =>
        setSession((current) => ({ key: current.key + 1, orderId: null, replacement }))
      }
    />
  );
}

export default OrderFormModal;
