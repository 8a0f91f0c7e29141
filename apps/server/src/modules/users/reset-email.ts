import { z } from 'zod';
import type { JobHandle } from '../../deps';

/** The reset link's email as the queue knows it (its work is in jobs.ts): which link, and its URL until sent. */
export const PASSWORD_RESET_EMAIL_JOB = {
  name: 'password-reset-email',
  data: z.object({ resetId: z.number().int().positive(), url: z.string().url() }),
} satisfies JobHandle;
