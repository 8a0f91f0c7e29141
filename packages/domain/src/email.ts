import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * Emailing invoices and bills of lading (issue 15, decision 062): the dialog's fields, the addresses
 * they take and the templates' placeholders. Used by the web dialog and the server alike.
 */

export const EMAIL_LIMITS = { addresses: 20, subject: 300, body: 20_000, template: 20_000 } as const;

/** The placeholders a template may use; each is replaced by the record's value when the dialog opens. */
export const EMAIL_PLACEHOLDERS = [
  'invoice_number',
  'bol_number',
  'order_number',
  'customer_name',
  'company_name',
  'total',
  'balance_due',
  'due_date',
] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

/** `{invoice_number}` -> its value; unknown or missing placeholders are left as written. */
export function fillEmailTemplate(
  template: string,
  values: Partial<Record<EmailPlaceholder, string>>,
): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, key: string) => {
    const value = (values as Record<string, string | undefined>)[key];
    return value === undefined ? whole : value;
  });
}

const single = z.email();

/** 'a@x.com, b@y.com; c@z.com' -> the addresses (commas, semicolons or new lines between them). */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;\n]+/)
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

/** The addresses of a To/Cc field that are not valid addresses. */
export function invalidAddresses(text: string): string[] {
  return splitAddresses(text).filter((a) => !single.safeParse(a).success);
}

const addressList = (required: boolean) =>
  z.string().superRefine((text, ctx) => {
    const all = splitAddresses(text);
    if (required && all.length === 0) ctx.addIssue({ code: 'custom', message: MESSAGES.emailToRequired });
    const bad = invalidAddresses(text);
    if (bad.length > 0)
      ctx.addIssue({ code: 'custom', message: `${MESSAGES.emailAddressInvalid} ${bad.join(', ')}` });
    if (all.length > EMAIL_LIMITS.addresses)
      ctx.addIssue({ code: 'custom', message: MESSAGES.emailTooManyAddresses });
  });

/** The email dialog's form: To and Cc as typed (several addresses separated by commas). */
export const emailFormSchema = z.object({
  to: addressList(true),
  cc: addressList(false).default(''),
  subject: z
    .string()
    .trim()
    .min(1, MESSAGES.emailSubjectRequired)
    .max(EMAIL_LIMITS.subject, MESSAGES.emailSubjectTooLong),
  body: z.string().max(EMAIL_LIMITS.body, MESSAGES.emailBodyTooLong),
});
export type EmailForm = z.input<typeof emailFormSchema>;

/** Company Information's email settings: the From address and the templates. */
export const emailSettingsSchema = z.object({
  email_from: z
    .string()
    .trim()
    .refine((v) => v === '' || single.safeParse(v).success, MESSAGES.emailFromInvalid),
  invoice_email_subject: z.string().max(EMAIL_LIMITS.subject, MESSAGES.emailSubjectTooLong),
  invoice_email_body: z.string().max(EMAIL_LIMITS.template, MESSAGES.emailBodyTooLong),
  bol_email_subject: z.string().max(EMAIL_LIMITS.subject, MESSAGES.emailSubjectTooLong),
  bol_email_body: z.string().max(EMAIL_LIMITS.template, MESSAGES.emailBodyTooLong),
});
export type EmailSettings = z.output<typeof emailSettingsSchema>;
