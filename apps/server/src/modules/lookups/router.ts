import { protectedProcedure, router } from '../../trpc/init';
import { statusChoices } from './service';

export const lookupsRouter = router({
  statusChoices: protectedProcedure.query(() => statusChoices()),
});
