import { createUserSchema } from '@icehouse/domain';
import { router, superuserProcedure } from '../../trpc/init';
import { updateUserInput, userIdInput } from './schemas';
import { createUser, deleteUser, listUsers, updateUser } from './service';

export const usersRouter = router({
  list: superuserProcedure.query(({ ctx }) => listUsers(ctx.deps)),
  create: superuserProcedure.input(createUserSchema).mutation(({ ctx, input }) => createUser(ctx.deps, input)),
  update: superuserProcedure
    .input(updateUserInput)
    .mutation(({ ctx, input }) =>
      updateUser(ctx.deps, ctx.deps.sessions, { userId: ctx.user.id, sessionId: ctx.req.auth?.session.id ?? null }, input.id, input.data),
    ),
  delete: superuserProcedure.input(userIdInput).mutation(({ ctx, input }) => deleteUser(ctx.deps, ctx.user.id, input.id)),
});
