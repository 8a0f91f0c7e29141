import { protectedProcedure, router } from '../../trpc/init';
import { getSystemStatus } from './service';

export const systemRouter = router({
  // The status screen of the signed-in web app: the database kind and version are not for anonymous callers.
  status: protectedProcedure.query(({ ctx }) => getSystemStatus(ctx.deps)),
});
