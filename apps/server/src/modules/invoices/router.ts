import { protectedProcedure, router, superuserProcedure } from '../../trpc/init';
import { listDeletedInvoices } from './deleted';
import { createForOrderInput, deletedInvoiceListInput, invoiceIdInput, invoiceListInput, invoiceUpdateInput } from './schemas';
import { createInvoiceForOrder, deleteInvoice, recreateInvoiceForOrder, updateInvoice } from './service';
import { getInvoice, listInvoices } from './views';

/**
 * invoices.* for the web. PDFs and the combined invoice (a PDF answer) stay REST:
 * GET /api/invoices/{id}/pdf/ and POST /api/invoices/create-combined/, fetched as blobs.
 * List answers give page numbers (next/previous) where REST gives URLs.
 */
export const invoicesRouter = router({
  list: protectedProcedure.input(invoiceListInput).query(async ({ ctx, input }) => {
    const page = await listInvoices(ctx.deps, input ?? {});
    return { count: page.count, next: page.next_page, previous: page.previous_page, results: page.results };
  }),
  /** Superusers: the record of deleted invoices (decision 011). */
  deleted: superuserProcedure.input(deletedInvoiceListInput).query(async ({ ctx, input }) => {
    const page = await listDeletedInvoices(ctx.deps, input ?? {});
    return { count: page.count, next: page.next_page, previous: page.previous_page, results: page.results };
  }),
  get: protectedProcedure.input(invoiceIdInput).query(({ ctx, input }) => getInvoice(ctx.deps, input.id)),
  update: protectedProcedure.input(invoiceUpdateInput).mutation(({ ctx, input }) => updateInvoice(ctx.deps, ctx.user, input.id, input.data)),
  delete: protectedProcedure.input(invoiceIdInput).mutation(async ({ ctx, input }) => {
    await deleteInvoice(ctx.deps, ctx.user, input.id);
    return { success: true as const };
  }),
  /** The order's invoice: made now ({created: true}) or the one it has ({created: false}); recreate rebuilds it from the order. */
  createForOrder: protectedProcedure
    .input(createForOrderInput)
    .mutation(({ ctx, input }) =>
      input.recreate ? recreateInvoiceForOrder(ctx.deps, ctx.user, input.orderId) : createInvoiceForOrder(ctx.deps, ctx.user, input.orderId),
    ),
});
