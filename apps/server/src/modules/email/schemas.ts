import { z } from 'zod';

/** The record an email is about. */
export const emailRecordInput = z.object({
  kind: z.enum(['invoice', 'bol', 'quote', 'credit_note', 'statement']),
  /** The invoice's id (invoice), the order's (bol) the quote's (quote), the credit note's (credit_note) or the issued statement's (statement). */
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
/** The form's values: the service validates them with the domain's email schemas (field errors). */
export const emailSendInput = emailRecordInput.extend({ data: z.record(z.string(), z.unknown()) });
/** The templates' form: validated by the service with the domain's `emailSettingsSchema`. */
export const emailSettingsInput = z.record(z.string(), z.unknown());

export const emailLogEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'bol', 'quote', 'credit_note', 'statement']),
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
/** The dialog's opening values, and whether SMTP is configured. */
export const composeAnswer = z.object({
  to: z.string(),
  cc: z.string(),
  subject: z.string(),
  body: z.string(),
  smtp_configured: z.boolean(),
});
