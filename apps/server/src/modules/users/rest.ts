import { createUserSchema, updateUserSchema } from '@icehouse/domain';
import { defineRoute } from '../../rest/legacy-route';
import { idParams } from '../../rest/params';
import { userListSchema, userSchema } from './schemas';
import { createUser, deleteUser, listUsers, updateUser } from './service';

export const usersRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/auth/users/',
    summary: 'List users',
    tag: 'Users',
    access: 'superuser',
    response: userListSchema,
    handler: ({ deps }) => listUsers(deps),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/users/',
    summary: 'Create a user (is_admin makes a superuser)',
    tag: 'Users',
    access: 'superuser',
    body: createUserSchema,
    response: userSchema,
    successStatus: 201,
    handler: ({ deps, body }) => createUser(deps, body),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/auth/users/{id}/',
    summary: 'Update a user; a blank password keeps the current one',
    tag: 'Users',
    access: 'superuser',
    params: idParams,
    body: updateUserSchema,
    response: userSchema,
    handler: ({ deps, params, body, user, req }) =>
      updateUser(deps, deps.sessions, { userId: user!.id, sessionId: req.auth?.session.id ?? null }, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/auth/users/{id}/',
    summary: 'Delete a user (never oneself)',
    tag: 'Users',
    access: 'superuser',
    params: idParams,
    successStatus: 204,
    handler: async ({ deps, params, user }) => {
      await deleteUser(deps, user!.id, params.id);
    },
  }),
];
