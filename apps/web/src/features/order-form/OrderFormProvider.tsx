import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { OrderFormModal } from './OrderFormModal';

/**
 * Opens the order form (a modal) from anywhere under the header layout: the
 * dashboard, the orders list, the invoices list. One form at a time.
 */
export interface OrderFormRequest {
  /** The order to edit; null for a new order. */
  orderId: number | null;
}

interface OrderFormContextValue {
  openOrder(orderId: number): void;
  newOrder(): void;
  close(): void;
  current: OrderFormRequest | null;
}

const OrderFormContext = createContext<OrderFormContextValue | null>(null);

export function OrderFormProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OrderFormRequest | null>(null);
  // A counter in the key remounts the form for every opening, so no state leaks between orders.
  const [openings, setOpenings] = useState(0);
  const open = useCallback((request: OrderFormRequest) => {
    setOpenings((n) => n + 1);
    setCurrent(request);
  }, []);
  const value = useMemo<OrderFormContextValue>(
    () => ({
      openOrder: (orderId) => open({ orderId }),
      newOrder: () => open({ orderId: null }),
      close: () => setCurrent(null),
      current,
    }),
    [open, current],
  );
  return (
    <OrderFormContext.Provider value={value}>
      {children}
      {current && (
        <OrderFormModal key={openings} orderId={current.orderId} onClose={() => setCurrent(null)} />
      )}
    </OrderFormContext.Provider>
  );
}

export function useOrderForm(): OrderFormContextValue {
  const value = useContext(OrderFormContext);
  if (!value) throw new Error('useOrderForm must be used under OrderFormProvider');
  return value;
}
