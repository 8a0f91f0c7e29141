import { createUserSchema } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { noAnswer } from '../../operations/answers';
import { updateUserInput, userIdInput, userListSchema, userSchema } from './schemas';
import { createUser, deleteUser, listUsers, updateUser } from './service';

const TAG = 'Users';

export const usersOperations = operationSet('users', {
  list: defineOperation({
    kind: 'query',
    access: 'superuser',
    output: userListSchema,
    run: ({ deps }) => listUsers(deps),
    rest: { method: 'GET', path: '/api/auth/users/', summary: 'List users', tag: TAG },
  }),
  create: defineOperation({
    kind: 'mutation',
    access: 'superuser',
    input: createUserSchema,
    output: userSchema,
    run: ({ deps, input }) => createUser(deps, input),
    rest: {
      method: 'POST',
      path: '/api/auth/users/',
      summary: 'Create a user (is_admin makes a superuser)',
      tag: TAG,
      body: true,
      successStatus: 201,
      // Sets a password: a session only, never an API token (decision 100).
      tokens: false,
    },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'superuser',
    input: updateUserInput,
    output: userSchema,
    run: ({ deps, user, input, req }) =>
      updateUser(deps, deps.sessions, { userId: user.id, sessionId: req.auth?.session?.id ?? null }, input.id, input.data),
    rest: {
      method: 'PUT',
      path: '/api/auth/users/{id}/',
      summary: 'Update a user; a blank password keeps the current one',
      tag: TAG,
      body: 'data',
      // Sets a password: a session only, never an API token (decision 100).
      tokens: false,
    },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: 'superuser',
    input: userIdInput,
    output: noAnswer,
    run: ({ deps, user, input }) => deleteUser(deps, user.id, input.id),
    rest: { method: 'DELETE', path: '/api/auth/users/{id}/', summary: 'Delete a user (never oneself)', tag: TAG, successStatus: 204 },
  }),
});
