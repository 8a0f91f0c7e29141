import { createUserSchema } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { noAnswer } from '../../operations/answers';
import { roleChangesAnswer, updateUserInput, userIdInput, userListSchema, userSchema } from './schemas';
import { createUser, deleteUser, listUsers, updateUser } from './service';
import { listRoleChanges } from './roles';

const TAG = 'Users';

export const usersOperations = operationSet('users', {
  list: defineOperation({
    kind: 'query',
    access: 'admin',
    output: userListSchema,
    run: ({ deps }) => listUsers(deps),
    rest: { method: 'GET', path: '/api/auth/users/', summary: 'List users', tag: TAG },
  }),
  create: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: createUserSchema,
    output: userSchema,
    run: ({ deps, user, input }) => createUser(deps, input, user.id),
    rest: {
      method: 'POST',
      path: '/api/auth/users/',
      summary: 'Create a user with a role (admin, office, sales, accounting, shop; default office); is_admin: true is the admin role',
      tag: TAG,
      body: true,
      successStatus: 201,
      // Sets a password: a session only, never an API token (decision 100).
      tokens: false,
    },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: updateUserInput,
    output: userSchema,
    run: ({ deps, user, input, req }) =>
      updateUser(deps, deps.sessions, { userId: user.id, sessionId: req.auth?.session?.id ?? null }, input.id, input.data),
    rest: {
      method: 'PUT',
      path: '/api/auth/users/{id}/',
      summary: 'Update a user; a blank password keeps the current one; without role, is_admin decides (false keeps a non-admin role)',
      tag: TAG,
      body: 'data',
      // Sets a password: a session only, never an API token (decision 100).
      tokens: false,
    },
  }),
  roleChanges: defineOperation({
    kind: 'query',
    access: 'admin',
    output: roleChangesAnswer,
    run: ({ deps }) => listRoleChanges(deps.database.db),
    rest: { method: 'GET', path: '/api/auth/users/role-changes/', summary: 'Every change of a user\'s role, newest first: from, to, by whom and when', tag: TAG },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: userIdInput,
    output: noAnswer,
    run: ({ deps, user, input }) => deleteUser(deps, user.id, input.id),
    rest: { method: 'DELETE', path: '/api/auth/users/{id}/', summary: 'Delete a user (never oneself)', tag: TAG, successStatus: 204 },
  }),
});
