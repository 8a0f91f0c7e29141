import { z } from 'zod';
import { LIMITS, TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { addIssue, flag, optionalEmail, rawText, requiredText } from './fields';

/**
 * User management (invoices spec §5). The password is required and at least 8 characters when
 * creating; on update a blank password means "keep the current one" and comes out undefined.
 */

const userFields = {
  username: requiredText(MESSAGES.usernameRequired, TEXT_LIMITS.username),
  email: optionalEmail(MESSAGES.emailInvalid),
  is_admin: flag(false),
  is_active: flag(true),
};

const tooShort = (password: string) => password.length < LIMITS.passwordMinLength;

export const createUserSchema = z.object({
  ...userFields,
  password: rawText(TEXT_LIMITS.password).transform((v, ctx) => {
    if (v === '') addIssue(ctx, MESSAGES.passwordRequired);
    else if (tooShort(v)) addIssue(ctx, MESSAGES.passwordMin);
    return v;
  }),
});

export const updateUserSchema = z.object({
  ...userFields,
  password: rawText(TEXT_LIMITS.password).transform((v, ctx): string | undefined => {
    if (v === '') return undefined;
    if (tooShort(v)) addIssue(ctx, MESSAGES.passwordMin);
    return v;
  }),
});

export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUserData = z.output<typeof createUserSchema>;
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUserData = z.output<typeof updateUserSchema>;
