import { z } from 'zod';
import { EMAIL_KINDS } from './send-email';

/** One message of a record's sent log. */
export const emailLogEntry = z.object({
  id: z.number().int(),
  kind: z.enum(EMAIL_KINDS),
  record_id: z.number().int(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  /** queued (waiting or retrying), sending, sent, failed (no attempt left), not_sent (no SMTP configured). */
  status: z.enum(['queued', 'sending', 'sent', 'failed', 'not_sent']),
  document_version: z.number().int().nullable(),
  server_message_id: z.string().nullable(),
  server_response: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  next_retry: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export const emailLogAnswer = z.object({ results: z.array(emailLogEntry) });
