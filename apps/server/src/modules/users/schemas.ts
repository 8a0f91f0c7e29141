import { z } from 'zod';
import { updateUserSchema } from '@icehouse/domain';
import { idField } from '../../operations/input';
import { sessionUserSchema } from '../auth/schemas';

/** A user as the API shows it: is_superuser on read (is_admin is the write-side name). */
export const userSchema = sessionUserSchema;
export const userListSchema = z.array(userSchema);
export const userIdInput = z.object({ id: idField });
export const updateUserInput = z.object({ id: idField, data: updateUserSchema });
