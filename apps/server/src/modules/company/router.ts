import { companySchema } from '@icehouse/domain';
import { protectedProcedure, router, superuserProcedure } from '../../trpc/init';
import { getCompanyInfo, saveCompanyInfo } from './service';

export const companyRouter = router({
  get: protectedProcedure.query(({ ctx }) => getCompanyInfo(ctx.deps)),
  update: superuserProcedure
    .input(companySchema)
    .mutation(({ ctx, input }) => saveCompanyInfo(ctx.deps, input)),
});
