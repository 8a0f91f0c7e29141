import { emailSettingsSchema, roleMay } from '@icehouse/domain';
import { AppError } from '../../errors';
import { ACCESS_MESSAGES } from '../../operations/access';
import { defineOperation, operationSet } from '../../operations/define';
import { composeAnswer, emailDialogInput, emailRecordInput, emailSendInput, emailSettingsInput } from './schemas';
import { emailLogAnswer, emailLogEntry } from '../outbox/schemas';
import { emailLog } from '../outbox/log';
import { composeEmail, saveEmailSettings, sendEmail } from './service';
import { getEmailSettings } from '../outbox/settings';

/** Emailing invoices, bills of lading, quotes, credit notes and statements, and the templates (decision 062). tRPC, and REST for a quote. */
export const emailOperations = operationSet('email', {
  settings: defineOperation({
    kind: 'query',
    access: 'admin',
    output: emailSettingsSchema,
    run: ({ deps }) => getEmailSettings(deps),
  }),
  saveSettings: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: emailSettingsInput,
    output: emailSettingsSchema,
    run: ({ deps, input }) => saveEmailSettings(deps, input),
  }),
  /** The dialog's opening values, and whether SMTP is configured. */
  compose: defineOperation({
    kind: 'query',
    access: ['sales', 'books'],
    input: emailDialogInput,
    output: composeAnswer,
    run: ({ deps, input }) => composeEmail(deps, input.kind, input.id),
  }),
  send: defineOperation({
    kind: 'mutation',
    access: ['sales', 'books'],
    input: emailSendInput,
    output: emailLogEntry,
    run: ({ deps, user, input }) => sendEmail(deps, user.id, input.kind, input.id, input.data),
    // A quote is emailed through REST too, like a statement (POST /api/customers/{id}/statement/email/).
    rest: {
      method: 'POST',
      path: '/api/quotes/{id}/email/',
      summary:
        'Email the quote (its current PDF attached) to {to, cc?, subject, body} with a new customer link to it, through the ' +
        'queue; {quote_link} in the body is replaced by the link (else it is added at the end), and a draft becomes sent. ' +
        'Answers the sent log entry (status queued). Without an SMTP server the message is kept as not_sent (no link made, ' +
        'the quote stays as it was). 400 {to|cc|subject|body} with the email form\'s messages, or {detail} when no From address is set.',
      tag: 'Quotes',
      body: 'data',
      fixed: { kind: 'quote' },
      successStatus: 201,
    },
  }),
  log: defineOperation({
    kind: 'query',
    access: ['sales', 'books'],
    input: emailRecordInput,
    output: emailLogAnswer,
    run: async ({ deps, user, input }) => {
      // A purchase order's sent log is the buying roles' (sales has the dialog, not purchasing).
      if (input.kind === 'purchase_order' && !roleMay(user.role, 'purchasing')) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.forbidden);
      return { results: await emailLog(deps, input.kind, input.id) };
    },
  }),
});
