import { Modal } from '../../components';
import { trpc } from '../../lib/trpc';

export interface OrderFormModalProps {
  orderId: number | null;
  onClose(): void;
}

/** The order form. (Being built: this first version shows the order read-only.) */
export function OrderFormModal({ orderId, onClose }: OrderFormModalProps) {
  const order = trpc.orders.get.useQuery({ id: orderId ?? 0 }, { enabled: orderId !== null });
  return (
    <Modal open onClose={onClose} title={orderId === null ? 'New Order' : 'Edit Order'} size="xl">
      {order.isLoading && <p>Loading...</p>}
      {order.data && (
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="font-medium">Door #</dt>
          <dd>{order.data.door_number}</dd>
          <dt className="font-medium">Customer</dt>
          <dd>{order.data.customer_name}</dd>
          <dt className="font-medium">Status</dt>
          <dd>{order.data.status_display}</dd>
        </dl>
      )}
    </Modal>
  );
}
