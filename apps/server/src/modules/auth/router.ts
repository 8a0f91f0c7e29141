import { loginSchema } from '@icehouse/domain';
import { publicProcedure, router } from '../../trpc/init';
import { checkSession, signIn, signOut } from './handlers';

export const authRouter = router({
  check: publicProcedure.query(({ ctx }) => checkSession(ctx.req)),
  login: publicProcedure.input(loginSchema).mutation(({ ctx, input }) => signIn(ctx.deps, ctx.req, ctx.res, input)),
  logout: publicProcedure.mutation(({ ctx }) => signOut(ctx.deps, ctx.req, ctx.res)),
});
