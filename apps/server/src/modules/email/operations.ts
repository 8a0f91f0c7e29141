import { z } from 'zod';
import { emailSettingsSchema } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { composeEmail, emailLog, getEmailSettings, saveEmailSettings, sendEmail } from './service';

const recordInput = z.object({
  kind: z.enum(['invoice', 'bol']),
  /** The invoice's id (invoice) or the order's (bol). */
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

const logEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'bol']),
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

/** Emailing invoices and bills of lading, and the templates (decision 062). tRPC only. */
export const emailOperations = operationSet('email', {
  settings: defineOperation({
    kind: 'query',
    access: 'superuser',
    output: emailSettingsSchema,
    run: ({ deps }) => getEmailSettings(deps),
  }),
  saveSettings: defineOperation({
    kind: 'mutation',
    access: 'superuser',
    input: z.record(z.string(), z.unknown()),
    output: emailSettingsSchema,
    run: ({ deps, input }) => saveEmailSettings(deps, input),
  }),
  /** The dialog's opening values, and whether SMTP is configured. */
  compose: defineOperation({
    kind: 'query',
    access: 'user',
    input: recordInput,
    output: z.object({
      to: z.string(),
      cc: z.string(),
      subject: z.string(),
      body: z.string(),
      smtp_configured: z.boolean(),
    }),
    run: ({ deps, input }) => composeEmail(deps, input.kind, input.id),
  }),
  send: defineOperation({
    kind: 'mutation',
    access: 'user',
    input: recordInput.extend({ data: z.record(z.string(), z.unknown()) }),
    output: logEntry,
    run: ({ deps, user, input }) => sendEmail(deps, user.id, input.kind, input.id, input.data),
  }),
  log: defineOperation({
    kind: 'query',
    access: 'user',
    input: recordInput,
    output: z.object({ results: z.array(logEntry) }),
    run: async ({ deps, input }) => ({ results: await emailLog(deps, input.kind, input.id) }),
  }),
});
