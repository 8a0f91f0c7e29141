import { z } from 'zod';
import { updateUserSchema } from '@icehouse/domain';
import { sessionUserSchema } from '../auth/schemas';

export const userSchema = sessionUserSchema;
export const userListSchema = z.array(userSchema);
export const updateUserInput = z.object({ id: z.number().int().positive(), data: updateUserSchema });
export const userIdInput = z.object({ id: z.number().int().positive() });
