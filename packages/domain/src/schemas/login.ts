import { z } from 'zod';
import { MESSAGES } from '../messages';
import { addIssue, rawText, requiredText } from './fields';

/** POST /api/auth/login/: both fields required. The password is never trimmed. */
export const loginSchema = z.object({
  username: requiredText(MESSAGES.usernameRequired),
  password: rawText().transform((v, ctx) => {
    if (v === '') addIssue(ctx, MESSAGES.passwordRequired);
    return v;
  }),
});

export type LoginInput = z.input<typeof loginSchema>;
export type LoginData = z.output<typeof loginSchema>;
