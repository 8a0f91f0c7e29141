import { protectedProcedure, router } from '../../trpc/init';
import { regionInput } from './schemas';
import { countryChoices, regionChoices, statusChoices } from './service';

export const lookupsRouter = router({
  statusChoices: protectedProcedure.query(() => statusChoices()),
  countries: protectedProcedure.query(() => countryChoices()),
  regions: protectedProcedure.input(regionInput).query(({ input }) => regionChoices(input?.country)),
});
