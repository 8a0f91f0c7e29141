import { MESSAGES } from '@icehouse/domain';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { OrderFormContext } from './orderFormContext';
import type { OrderView } from './types';
import type { OrderSave } from './useOrderSave';

/**
 * CREATE/EDIT INVOICE and SAVE & RECREATE INVOICE (spec §2, §8) through tRPC
 * `invoices.createForOrder`: the order's invoice is made (or found), then its editor opens.
 */
export function useOrderInvoicing(ctx: OrderFormContext, save: OrderSave, hasUnsaved: boolean) {
  const { order, setNotice, setBusy, setDialog, leaveTo } = ctx;
  const utils = trpc.useUtils();
  const createForOrder = trpc.invoices.createForOrder.useMutation();

  /** The call's failure: the server's reason, else the spec's text (§8). */
  const failure = (error: unknown) => ({
    tone: 'error' as const,
    text: serverMessage(error) ?? MESSAGES.createInvoiceError,
  });

  async function goToInvoice(target: OrderView) {
    if (target.invoice_details) {
      leaveTo(`/invoices/${target.invoice_details.id}/edit`);
      return;
    }
    setBusy('invoice');
    try {
      const created = await createForOrder.mutateAsync({ orderId: target.id });
      void utils.orders.invalidate();
      leaveTo(`/invoices/${created.id}/edit`);
    } catch (error) {
      console.error('Creating the invoice failed', error);
      setNotice(failure(error));
      setBusy(null);
    }
  }

  /** Rebuilds the saved order's invoice from it and opens the editor. */
  async function recreateInvoice(saved: OrderView) {
    try {
      const rebuilt = await createForOrder.mutateAsync({ orderId: saved.id, recreate: true });
      void utils.invoices.invalidate();
      void utils.orders.invalidate();
      leaveTo(`/invoices/${rebuilt.id}/edit`);
    } catch (error) {
      console.error('Recreating the invoice failed', error);
      setNotice(failure(error));
    }
  }

  /** CREATE/EDIT INVOICE: a saved order only; unsaved changes ask first. */
  function onInvoice() {
    if (!order) {
      setNotice({ tone: 'error', text: MESSAGES.saveOrderBeforeInvoice });
      return;
    }
    if (hasUnsaved) setDialog({ kind: 'invoice' });
    else void goToInvoice(order);
  }

  /** SAVE & RECREATE INVOICE: saves the order, then rebuilds its invoice. */
  function onRecreateInvoice() {
    if (!order) setNotice({ tone: 'error', text: MESSAGES.saveOrderBeforeInvoice });
    else void save.submit('invoice', recreateInvoice);
  }

  /** The Unsaved Changes dialog's choices. */
  function discardAndGo() {
    setDialog(null);
    if (order) void goToInvoice(order);
  }

  function saveAndGo() {
    void save
      .submit('save', async (saved) => {
        setDialog(null);
        await goToInvoice(saved);
      })
      .then(() => {
        // A save that failed validation or was refused: back to the form, where the reason is shown.
        setDialog((current) => (current?.kind === 'invoice' ? null : current));
      });
  }

  return { onInvoice, onRecreateInvoice, discardAndGo, saveAndGo };
}
