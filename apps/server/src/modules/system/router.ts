import { publicProcedure, router } from '../../trpc/init';
import { getSystemStatus } from './service';

export const systemRouter = router({
  status: publicProcedure.query(({ ctx }) => getSystemStatus(ctx.deps)),
});
