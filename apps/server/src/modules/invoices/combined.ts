import type { AppDeps } from '../../deps';
import type { Actor } from '../orders/service-common';
import { createCombinedInvoice, discardNewInvoice, orderInvoiceNumbers, type CombinedInvoiceInput } from './service';
import { invoiceFilename, renderInvoicePdf } from './documents';

/**
 * POST /api/invoices/create-combined/: one invoice for several orders, answered as its PDF. When the
 * PDF cannot be made there is nothing to download, so the new invoice is undone (its orders get their
 * previous invoice numbers back) and "try again" works.
 */
export async function createCombinedInvoiceWithPdf(deps: AppDeps, actor: Actor, input: CombinedInvoiceInput) {
  const previous = await orderInvoiceNumbers(deps, input.order_ids);
  const created = await createCombinedInvoice(deps, actor, input);
  try {
    const { pdf } = await renderInvoicePdf(deps, created.id);
    return { ...created, pdf, filename: invoiceFilename(created.invoice_number) };
  } catch (error) {
    await discardNewInvoice(deps, actor, created.id, previous).catch((err: unknown) =>
      deps.log.error({ err, invoiceId: created.id }, 'could not discard a combined invoice whose PDF failed'),
    );
    throw error;
  }
}
