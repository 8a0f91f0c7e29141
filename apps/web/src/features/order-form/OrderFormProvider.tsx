import {
  Component,
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useInRouterContext, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@icehouse/domain';
// The components one by one, not through the components index: this module is part of the first
// download, and the index would bring every shared component (and what they import) along.
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import type { NewOrderCustomer } from './formValues';

/**
 * Opens the order form (a modal) from anywhere under the header layout: the
 * dashboard, the orders list, the invoices list. One form at a time.
 *
 * The form itself is loaded on first use (React.lazy), so the screens that can open it do not
 * carry its code. A link can open it too: `?order=new` or `?order={id}` on any header screen.
 */
export interface OrderFormRequest {
  /** The order to edit; null for a new order. */
  orderId: number | null;
  /**
   * Opened from an invoice (spec §2 "invoice mode"): the invoice action becomes SAVE & RECREATE
   * INVOICE and the file uploaders are hidden.
   */
  invoiceMode?: boolean;
  /** A new order for this customer (their addresses and phone filled in). */
  customer?: NewOrderCustomer | null;
}

export interface OpenOrderOptions {
  invoiceMode?: boolean;
}

interface OrderFormContextValue {
  openOrder(orderId: number, options?: OpenOrderOptions): void;
  newOrder(options?: { customer?: NewOrderCustomer }): void;
  close(): void;
  current: OrderFormRequest | null;
}

const OrderFormContext = createContext<OrderFormContextValue | null>(null);

const LazyOrderFormModal = lazy(() => import('./OrderFormModal'));

/** The search parameter that opens the form: `new` or an order id. */
export const ORDER_PARAM = 'order';

function LoadingForm({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={title} size="sm">
      <p role="status" className="text-sm text-slate-600">
        Loading...
      </p>
    </Modal>
  );
}

interface BoundaryProps {
  onClose: () => void;
  children: ReactNode;
}

/** When the form's code cannot be loaded (a new deployment, the network): say so (spec §8). */
class OrderFormBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The order form failed', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Modal
        open
        onClose={this.props.onClose}
        title="Order"
        size="sm"
        actions={<Button onClick={this.props.onClose}>CLOSE</Button>}
      >
        <Notice tone="error">{MESSAGES.openOrderFormError}</Notice>
      </Modal>
    );
  }
}

/** Opens the form for `?order=new` / `?order={id}`, then takes the parameter off the URL. */
function OrderLink({ onOpen }: { onOpen: (request: OrderFormRequest) => void }) {
  const [params, setParams] = useSearchParams();
  const value = params.get(ORDER_PARAM);
  useEffect(() => {
    if (value === null) return;
    if (value === 'new') onOpen({ orderId: null });
    else if (/^[1-9]\d*$/.test(value)) onOpen({ orderId: Number(value) });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ORDER_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [value, onOpen, setParams]);
  return null;
}

export function OrderFormProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OrderFormRequest | null>(null);
  // A counter in the key remounts the form for every opening, so no state leaks between orders.
  const [openings, setOpenings] = useState(0);
  const [flash, setFlash] = useState<string | null>(null);
  const inRouter = useInRouterContext();
  const open = useCallback((request: OrderFormRequest) => {
    setOpenings((n) => n + 1);
    setCurrent(request);
  }, []);
  const close = useCallback(() => setCurrent(null), []);
  const value = useMemo<OrderFormContextValue>(
    () => ({
      openOrder: (orderId, options) => open({ orderId, invoiceMode: options?.invoiceMode === true }),
      newOrder: (options) => open({ orderId: null, customer: options?.customer ?? null }),
      close,
      current,
    }),
    [open, close, current],
  );

  useEffect(() => {
    if (flash === null) return;
    const timer = setTimeout(() => setFlash(null), 6000);
    return () => clearTimeout(timer);
  }, [flash]);

  const title = current?.orderId === null ? 'New Order' : 'Edit Order';
  return (
    <OrderFormContext.Provider value={value}>
      {children}
      {inRouter && <OrderLink onOpen={open} />}
      {current && (
        <OrderFormBoundary key={openings} onClose={close}>
          <Suspense fallback={<LoadingForm title={title} onClose={close} />}>
            <LazyOrderFormModal
              orderId={current.orderId}
              invoiceMode={current.invoiceMode === true}
              customer={current.customer ?? null}
              onClose={close}
              onDeleted={(message) => {
                setCurrent(null);
                setFlash(message);
              }}
            />
          </Suspense>
        </OrderFormBoundary>
      )}
      {flash && (
        <div className="fixed right-4 bottom-4 z-40 w-[min(24rem,calc(100%-2rem))] shadow-lg">
          <Notice tone="success" onDismiss={() => setFlash(null)}>
            {flash}
          </Notice>
        </div>
      )}
    </OrderFormContext.Provider>
  );
}

export function useOrderForm(): OrderFormContextValue {
  const value = useContext(OrderFormContext);
  if (!value) throw new Error('useOrderForm must be used under OrderFormProvider');
  return value;
}
