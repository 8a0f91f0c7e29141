import { z } from 'zod';
import { EMAIL_KINDS } from '../outbox/send-email';
import { emailSettingsSchema } from '@icehouse/domain';
import { emailLogAnswer, emailLogEntry } from '../outbox/schemas';

/** The record an email is about. */
export const emailRecordInput = z.object({
  kind: z.enum(EMAIL_KINDS),
  /** The invoice's id (invoice), the order's (bol) the quote's (quote), the credit note's (credit_note) or the issued statement's (statement). */
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
/**
 * The email dialog's records: every kind but a purchase order, which is sent to its supplier by its own call
 * (purchasing.send) for the roles that buy, never through this dialog's wider access.
 */
export const emailDialogInput = emailRecordInput.extend({
  kind: z.enum(EMAIL_KINDS).refine((k) => k !== 'purchase_order', 'A purchase order is emailed to its supplier from its own screen.'),
});
/** The form's values: the service validates them with the domain's email schemas (field errors). */
export const emailSendInput = emailDialogInput.extend({ data: z.record(z.string(), z.unknown()) });
/** The templates' form: validated by the service with the domain's `emailSettingsSchema`. */
export const emailSettingsInput = z.record(z.string(), z.unknown());

/** The dialog's opening values, and whether SMTP is configured. */
export const composeAnswer = z.object({
  to: z.string(),
  cc: z.string(),
  subject: z.string(),
  body: z.string(),
  smtp_configured: z.boolean(),
  /**
   * The customer a quote's or an invoice's email is for, with the address saved on them ('' when none): the dialog
   * offers to save a To typed otherwise on the customer (`save_to_customer`), since statements go only there. Null for
   * other kinds, and when the record has no customer.
   */
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const emailAnswers = {
  'email.settings': emailSettingsSchema,
  'email.saveSettings': emailSettingsSchema,
  'email.compose': composeAnswer,
  'email.send': emailLogEntry,
  'email.log': emailLogAnswer,
};

/** Each JSON REST route's answer: a quote's email is `email.send` on REST. */
export const emailRestAnswers = {
  'POST /api/quotes/{id}/email/': emailAnswers['email.send'],
};
