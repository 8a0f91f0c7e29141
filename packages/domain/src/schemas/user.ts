import { z } from 'zod';
import { LIMITS, TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { ROLES, type Role } from '../roles';
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
  /** The user's role; without it, `is_admin` decides (admin, or office for a new user). */
  role: z.enum(ROLES, { message: MESSAGES.roleInvalid }).nullish(),
};

/**
 * The role a create or update gives, from `role` and the documented `is_admin` flag (admin exactly when
 * true): `role` wins when given and agrees with the flag; without it the flag decides, and a non-admin
 * keeps the role they had. Null when the two disagree (the caller answers `roleAdminMismatch` on `role`).
 */
export function roleOfUserInput(input: { is_admin: boolean; role?: Role | null | undefined }, current?: Role): Role | null {
  if (input.role) return input.is_admin && input.role !== 'admin' ? null : input.role;
  if (input.is_admin) return 'admin';
  return current && current !== 'admin' ? current : 'office';
}

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

/**
 * The new password a reset link sets (decision 269): the user form's rule, typed twice on the page; the
 * server checks the one it is sent.
 */
export const newPasswordSchema = z.object({
  password: rawText(TEXT_LIMITS.password).transform((v, ctx) => {
    if (v === '') addIssue(ctx, MESSAGES.passwordRequired);
    else if (tooShort(v)) addIssue(ctx, MESSAGES.passwordMin);
    return v;
  }),
});

export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUserData = z.output<typeof createUserSchema>;
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUserData = z.output<typeof updateUserSchema>;
