import { z } from 'zod';
import { updateUserSchema } from '@icehouse/domain';
import { idField } from '../../operations/input';
import { ROLES, sessionUserSchema } from '@icehouse/domain';
import { noAnswer } from '../../operations/answers';

/** A user as the API shows it: is_superuser on read (is_admin is the write-side name). */
export const userSchema = sessionUserSchema;
export const userListSchema = z.array(userSchema);
export const userIdInput = z.object({ id: idField });
export const updateUserInput = z.object({ id: idField, data: updateUserSchema });
export const roleChangesAnswer = z.array(
  z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    from_role: z.enum(ROLES).nullable().describe('Null when the user was created with to_role'),
    to_role: z.enum(ROLES),
    changed_by: z.string().nullable().describe('The admin who changed it; null for the first start or a deleted admin'),
    changed_at: z.string(),
  }),
);

/** A reset link made for a user (decision 269): emailed, or its URL answered this once for the admin to hand over. */
export const passwordResetSentAnswer = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  expires_at: z.string(),
  emailed: z.boolean().describe('True: queued to the user\'s email address; the URL is not answered'),
  url: z.string().nullable().describe('The link to hand over when it was not emailed (no email address, SMTP or From address); null when emailed'),
  detail: z.string(),
});
export const passwordResetShowAnswer = z.object({ username: z.string() });
export const resetPasswordInput = z.object({
  password: z.string().optional().describe('The new password: at least 8 characters'),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const usersAnswers = {
  'users.list': userListSchema,
  'users.create': userSchema,
  'users.update': userSchema,
  'users.delete': noAnswer,
  'users.roleChanges': roleChangesAnswer,
  'users.sendPasswordReset': passwordResetSentAnswer,
  'users.showPasswordReset': passwordResetShowAnswer,
  'users.resetPassword': passwordResetShowAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const usersRestAnswers = {
  'GET /api/auth/users/': usersAnswers['users.list'],
  'POST /api/auth/users/': usersAnswers['users.create'],
  'PUT /api/auth/users/{id}/': usersAnswers['users.update'],
  'DELETE /api/auth/users/{id}/': usersAnswers['users.delete'],
  'GET /api/auth/users/role-changes/': usersAnswers['users.roleChanges'],
  'POST /api/auth/users/{id}/password-reset/': usersAnswers['users.sendPasswordReset'],
  'GET /api/auth/password-reset/': usersAnswers['users.showPasswordReset'],
  'POST /api/auth/password-reset/': usersAnswers['users.resetPassword'],
};
