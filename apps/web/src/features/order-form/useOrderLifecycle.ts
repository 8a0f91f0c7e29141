import { MESSAGES, duplicateOrder } from '@icehouse/domain';
import { serverErrorData, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { FormReplacement, OrderFormContext } from './orderFormContext';
import { ORDER_FORM_TEXT } from './texts';
import type { OrderFormValues, OrderView } from './types';

function withReason(text: string, error: unknown): string {
  const reason = serverMessage(error);
  return reason ? `${text} ${reason}` : text;
}

export interface OrderLifecycleOptions {
  /** The copy's form values (the form's own conversion, with the settings' prices). */
  valuesOf: (view: OrderView) => OrderFormValues;
  proposeDoorNumber: () => Promise<{ door_number: string }>;
  onDeleted: (message: string) => void;
  onReplace: (next: FormReplacement) => void;
}

/** VOID/UNVOID, DELETE and DUPLICATE ORDER through tRPC `orders`. */
export function useOrderLifecycle(ctx: OrderFormContext, options: OrderLifecycleOptions) {
  const { order, adopt, setNotice, setBusy, setDialog } = ctx;
  const utils = trpc.useUtils();
  const voidOrder = trpc.orders.void.useMutation();
  const unvoidOrder = trpc.orders.unvoid.useMutation();
  const deleteOrder = trpc.orders.delete.useMutation();

  async function changeVoided(kind: 'void' | 'unvoid') {
    if (!order) return;
    setDialog(null);
    setBusy(kind);
    try {
      const result =
        kind === 'void'
          ? await voidOrder.mutateAsync({ id: order.id })
          : await unvoidOrder.mutateAsync({ id: order.id });
      adopt(result, true);
      setNotice({ tone: 'success', text: kind === 'void' ? MESSAGES.orderVoided : MESSAGES.orderUnvoided });
      void utils.orders.invalidate();
    } catch (error) {
      console.error(`${kind} failed`, error);
      setNotice({
        tone: 'error',
        text: withReason(kind === 'void' ? MESSAGES.voidOrderError : MESSAGES.unvoidOrderError, error),
      });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!order) return;
    setBusy('delete');
    try {
      await deleteOrder.mutateAsync({ id: order.id });
      void utils.orders.invalidate();
      options.onDeleted(MESSAGES.orderDeleted);
    } catch (error) {
      console.error('Deleting the order failed', error);
      setDialog(null);
      setBusy(null);
      // An order with an invoice: the server says why (and what to do).
      const reason = serverErrorData(error)?.appCode === 'CONFLICT' ? serverMessage(error) : null;
      setNotice({ tone: 'error', text: reason ?? MESSAGES.deleteOrderError });
    }
  }

  /** Opens a copy of the saved order as a new, unsaved order with a fresh door number. */
  async function duplicate() {
    if (!order) return;
    setDialog(null);
    setBusy('duplicate');
    try {
      const source = await utils.client.orders.get.query({ id: order.id });
      const { door_number } = await options.proposeDoorNumber();
      options.onReplace({
        values: options.valuesOf(duplicateOrder(source, door_number)),
        intro: { tone: 'info', text: ORDER_FORM_TEXT.duplicated(source.door_number) },
      });
    } catch (error) {
      console.error('Duplicating the order failed', error);
      setNotice({ tone: 'error', text: MESSAGES.duplicateOrderError });
      setBusy(null);
    }
  }

  return { changeVoided, remove, duplicate };
}
