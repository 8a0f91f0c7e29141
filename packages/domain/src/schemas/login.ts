import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { addIssue, rawText, requiredText } from './fields';

/** POST /api/auth/login/: both fields required. The password is never trimmed. */
export const loginSchema = z.object({
  username: requiredText(MESSAGES.usernameRequired, TEXT_LIMITS.username),
  password: rawText(TEXT_LIMITS.password).transform((v, ctx) => {
    if (v === '') addIssue(ctx, MESSAGES.passwordRequired);
    return v;
  }),
});

export type LoginInput = z.input<typeof loginSchema>;
export type LoginData = z.output<typeof loginSchema>;
