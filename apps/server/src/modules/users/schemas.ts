import { z } from 'zod';
import { updateUserSchema } from '@icehouse/domain';
import { idField } from '../../operations/input';
import { sessionUserSchema } from '@icehouse/domain';
import { noAnswer } from '../../operations/answers';

/** A user as the API shows it: is_superuser on read (is_admin is the write-side name). */
export const userSchema = sessionUserSchema;
export const userListSchema = z.array(userSchema);
export const userIdInput = z.object({ id: idField });
export const updateUserInput = z.object({ id: idField, data: updateUserSchema });

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const usersAnswers = {
  'users.list': userListSchema,
  'users.create': userSchema,
  'users.update': userSchema,
  'users.delete': noAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const usersRestAnswers = {
  'GET /api/auth/users/': usersAnswers['users.list'],
  'POST /api/auth/users/': usersAnswers['users.create'],
  'PUT /api/auth/users/{id}/': usersAnswers['users.update'],
  'DELETE /api/auth/users/{id}/': usersAnswers['users.delete'],
};
