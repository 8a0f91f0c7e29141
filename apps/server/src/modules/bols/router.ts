import { protectedProcedure, router } from '../../trpc/init';
import { bolInfoInput } from './schemas';
import { getBolInfo } from './service';

/**
 * bols.* for the web. Creating or updating a BOL answers its PDF, so it stays REST:
 * POST /api/orders/{id}/create-bill-of-lading/ (and GET /api/orders/{id}/print/), fetched as blobs.
 */
export const bolsRouter = router({
  /** The BOL modal's opening values; reading never uses up a number. */
  info: protectedProcedure.input(bolInfoInput).query(({ ctx, input }) => getBolInfo(ctx.deps, input.orderId)),
});
