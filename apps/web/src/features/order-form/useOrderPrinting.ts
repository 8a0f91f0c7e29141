import { MESSAGES } from '@icehouse/domain';
import { apiBlob } from '../../lib/api';
import { useHttpClient } from '../../lib/httpContext';
import { trpc } from '../../lib/trpc';
import type { OrderFormContext } from './orderFormContext';
import { printPdf } from './print';
import type { OrderView } from './types';
import type { OrderSave } from './useOrderSave';

/** PRINT (spec §7): the order's PDF is binary, so it comes from the REST path as a blob. */
export function useOrderPrinting(
  ctx: OrderFormContext,
  save: OrderSave,
  hasUnsaved: boolean,
  onClose: () => void,
) {
  const { order, setNotice, setBusy } = ctx;
  const httpClient = useHttpClient();
  const utils = trpc.useUtils();

  async function printSaved(target: OrderView) {
    setBusy('print');
    try {
      const pdf = await apiBlob(`/api/orders/${target.id}/print/`, { httpClient });
      printPdf(pdf);
      // A changed order was printed as a new version of its print: the Documents list shows it.
      void utils.documents.forOrder.invalidate({ id: target.id });
      // The order is saved and printing: the form's work is done (spec §7).
      onClose();
    } catch (error) {
      console.error('Printing the order failed', error);
      setNotice({ tone: 'error', text: MESSAGES.printOrderError });
    } finally {
      setBusy(null);
    }
  }

  /** Prints the saved order as it is, else saves the changes first. */
  function onPrint() {
    if (order && !hasUnsaved) void printSaved(order);
    else void save.submit('print', printSaved);
  }

  return { onPrint };
}
