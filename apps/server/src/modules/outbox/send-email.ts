import { z } from 'zod';
import type { JobHandle } from '../../deps';

/** The documents an email can carry. */
export const EMAIL_KINDS = ['invoice', 'bol', 'quote', 'credit_note', 'statement', 'purchase_order'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * The send-email job as the queue knows it: its name and data. Its work (`../email/jobs.ts`) renders the
 * document of any kind, so it is declared with the documents, above every module that queues an email.
 */
export const SEND_EMAIL_JOB = {
  name: 'send-email',
  data: z.object({ emailId: z.number().int().positive() }),
} satisfies JobHandle;
