import {
  Component,
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
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
 * carry its code. A link can open it too: `?order=new` or `?order={id}` on any header screen; an
 * open order keeps its `?order={id}` in the URL (decision 142).
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

/**
 * The order form's address (decision 142): `?order={id}` stays in the URL while that order is open
 * (so it can be copied, bookmarked, and reopens after a reload) and goes when the form closes.
 * A link or a reload with `?order={id}` opens it; `?order=new` opens a new order once, then goes
 * (a blank form has nothing to come back to).
 */
function OrderUrlSync({
  current,
  onOpen,
  leaving,
}: {
  current: OrderFormRequest | null;
  onOpen: (request: OrderFormRequest) => void;
  /** Set when the form closed because it went to another page. */
  leaving: RefObject<boolean>;
}) {
  const [params, setParams] = useSearchParams();
  const value = params.get(ORDER_PARAM);
  const openId = current?.orderId ?? null;
  const seen = useRef<string | null>(null);

  // URL -> form: a link followed, an address typed or reloaded.
  useEffect(() => {
    if (value === seen.current) return;
    seen.current = value;
    if (value === 'new') onOpen({ orderId: null });
    else if (value !== null && /^[1-9]\d*$/.test(value) && Number(value) !== openId)
      onOpen({ orderId: Number(value) });
    // Only a change of the address opens: the form's own changes come the other way.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, onOpen]);

  // Form -> URL: the open order's id, or none. Not on the first render: a link's order is
  // still being opened then.
  const state = current === null ? 'closed' : `open:${openId}`;
  const previousState = useRef(state);
  useEffect(() => {
    if (previousState.current === state) return;
    previousState.current = state;
    if (current === null && leaving.current) {
      // The form went to another page: that navigation may not have rendered yet, and writing
      // this page's address now would land this list's query on the new page.
      leaving.current = false;
      return;
    }
    const wanted = openId === null ? null : String(openId);
    if (value === wanted) return;
    seen.current = wanted;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (wanted === null) next.delete(ORDER_PARAM);
        else next.set(ORDER_PARAM, wanted);
        return next;
      },
      { replace: true },
    );
    // The address follows the form's state only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return null;
}

/** The address of an order's form on the list shown: the current URL with `?order={id}`. */
export function orderHref(search: string, orderId: number): string {
  const next = new URLSearchParams(search);
  next.set(ORDER_PARAM, String(orderId));
  return `?${next.toString()}`;
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
  const leaving = useRef(false);
  const leave = useCallback(() => {
    leaving.current = true;
    setCurrent(null);
  }, []);
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
      {inRouter && <OrderUrlSync current={current} onOpen={open} leaving={leaving} />}
      {current && (
        <OrderFormBoundary key={openings} onClose={close}>
          <Suspense fallback={<LoadingForm title={title} onClose={close} />}>
            <LazyOrderFormModal
              orderId={current.orderId}
              invoiceMode={current.invoiceMode === true}
              customer={current.customer ?? null}
              onClose={close}
              onLeave={leave}
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
