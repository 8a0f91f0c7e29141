import { emailSettingsSchema } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { composeAnswer, emailRecordInput, emailSendInput, emailSettingsInput } from './schemas';
import { emailLogAnswer, emailLogEntry } from '../outbox/schemas';
import { emailLog } from '../outbox/log';
import { composeEmail, saveEmailSettings, sendEmail } from './service';
import { getEmailSettings } from '../outbox/settings';

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
    input: emailSettingsInput,
    output: emailSettingsSchema,
    run: ({ deps, input }) => saveEmailSettings(deps, input),
  }),
  /** The dialog's opening values, and whether SMTP is configured. */
  compose: defineOperation({
    kind: 'query',
    access: 'user',
    input: emailRecordInput,
    output: composeAnswer,
    run: ({ deps, input }) => composeEmail(deps, input.kind, input.id),
  }),
  send: defineOperation({
    kind: 'mutation',
    access: 'user',
    input: emailSendInput,
    output: emailLogEntry,
    run: ({ deps, user, input }) => sendEmail(deps, user.id, input.kind, input.id, input.data),
  }),
  log: defineOperation({
    kind: 'query',
    access: 'user',
    input: emailRecordInput,
    output: emailLogAnswer,
    run: async ({ deps, input }) => ({ results: await emailLog(deps, input.kind, input.id) }),
  }),
});
