import type { FastifyRequest } from 'fastify';
import { createUserSchema } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { noAnswer } from '../../operations/answers';
import {
  passwordResetSentAnswer,
  passwordResetShowAnswer,
  resetPasswordInput,
  roleChangesAnswer,
  updateUserInput,
  userIdInput,
  userListSchema,
  userSchema,
} from './schemas';
import { PASSWORD_RESET_HEADER, resetPassword, sendPasswordReset, showPasswordReset, type ResetCaller } from './password-reset';
import { createUser, deleteUser, listUsers, updateUser } from './service';
import { listRoleChanges } from './roles';

const TAG = 'Users';
const RESET_TAG = 'Password reset';

/** The reset link's token travels in a header of its own (decision 269), never a cookie or the URL the server sees. */
const resetHeader = {
  name: 'X-Password-Reset',
  description: 'The token of the password reset link (the part of its URL after #). Missing, wrong, used, replaced or expired -> 404.',
  schema: { type: 'string' },
};
const resetRefusals = {
  404: 'The link is not valid: wrong or tampered token, already used, replaced by a newer link, or expired',
  429: 'Too many calls through reset links from this address (30 per 15 minutes)',
};
const resetCaller = (req: FastifyRequest): ResetCaller => {
  const header = req.headers[PASSWORD_RESET_HEADER];
  return { token: Array.isArray(header) ? header[0] : header, ip: req.ip };
};

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
  sendPasswordReset: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: userIdInput,
    output: passwordResetSentAnswer,
    run: ({ deps, user, input }) => sendPasswordReset(deps, user.id, input.id),
    rest: {
      method: 'POST',
      path: '/api/auth/users/{id}/password-reset/',
      summary:
        "Make a single-use password reset link for the user (valid 72 hours; revokes their earlier links) and email it to the user's " +
        'address; without an address, SMTP server or From address, answer its url for the admin to hand over (emailed: false).',
      tag: TAG,
      successStatus: 201,
      // Leads to a password: a session only, never an API token (decision 100).
      tokens: false,
    },
  }),
  showPasswordReset: defineOperation({
    kind: 'query',
    access: 'public',
    output: passwordResetShowAnswer,
    trpc: false,
    run: ({ deps, req }) => showPasswordReset(deps, resetCaller(req)),
    rest: {
      method: 'GET',
      path: '/api/auth/password-reset/',
      summary: 'Whose password a reset link sets: { username }. The link is not used up by this.',
      tag: RESET_TAG,
      headers: [resetHeader],
      // The link's header authorises it: no cookie is read (as the POST on the same path).
      csrf: false,
      answers: resetRefusals,
    },
  }),
  resetPassword: defineOperation({
    kind: 'mutation',
    access: 'public',
    // The link is checked before the password (resetPassword applies newPasswordSchema): a stranger's
    // call is refused as not valid whatever it sends.
    input: resetPasswordInput,
    output: passwordResetShowAnswer,
    trpc: false,
    run: ({ deps, req, input }) => resetPassword(deps, resetCaller(req), input),
    rest: {
      method: 'POST',
      path: '/api/auth/password-reset/',
      summary:
        "Set the password through a reset link: { password } (at least 8 characters). Uses the link up and ends the user's sessions; " +
        'answers { username } to sign in with.',
      tag: RESET_TAG,
      body: true,
      headers: [resetHeader],
      // The link's header authorises the call: no cookie is read, so no CSRF token is asked.
      csrf: false,
      answers: { ...resetRefusals, 400: 'The password is missing or shorter than 8 characters' },
    },
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
