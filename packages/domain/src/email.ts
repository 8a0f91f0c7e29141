import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * Emailing invoices and bills of lading (decision 062): the dialog's fields, the addresses
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
  'invoice_link',
] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

/** The placeholders each kind of email has values for (a BOL has no invoice number, balance or due date). */
export const EMAIL_PLACEHOLDERS_BY_KIND = {
  invoice: [
    'invoice_number',
    'order_number',
    'customer_name',
    'company_name',
    'total',
    'balance_due',
    'due_date',
    'invoice_link',
  ],
  bol: ['bol_number', 'order_number', 'customer_name', 'company_name', 'total'],
} as const satisfies Record<'invoice' | 'bol', readonly EmailPlaceholder[]>;

/**
 * The `{...}` tokens of a template that are not placeholders of its kind, each once, in order: a
 * typo (`{invoice_no}`, `{Invoice_Number}`) would otherwise be sent as written. Braces around text
 * with spaces ("{see attached}") are left alone: that is prose, not a placeholder.
 */
export function unknownPlaceholders(template: string, kind: 'invoice' | 'bol'): string[] {
  const allowed: readonly string[] = EMAIL_PLACEHOLDERS_BY_KIND[kind];
  const found = [...template.matchAll(/\{([^{}\s]{1,60})\}/g)].map((m) => m[1]!);
  return [...new Set(found)].filter((name) => !allowed.includes(name));
}

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

/**
 * Where an email puts a document's customer link, filled when it is sent (a new link each send:
 * decisions 162, 211); a message whose placeholder was removed gets the link added at its end.
 */
export function withDocumentLink(body: string, placeholder: string, url: string, lead: string): string {
  return body.includes(placeholder) ? body.split(placeholder).join(url) : `${body.trimEnd()}\n\n${lead}\n${url}\n`;
}

/** The invoice email's link placeholder; a template without it (every one written before) still gets the link at its end. */
export const INVOICE_LINK_PLACEHOLDER = '{invoice_link}';
export const withInvoiceLink = (body: string, url: string) =>
  withDocumentLink(body, INVOICE_LINK_PLACEHOLDER, url, 'View the invoice and how to pay it online:');

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

const placeholdersOf = (kind: 'invoice' | 'bol') => (template: string, ctx: z.RefinementCtx) => {
  const unknown = unknownPlaceholders(template, kind);
  if (unknown.length > 0)
    ctx.addIssue({
      code: 'custom',
      message: MESSAGES.emailPlaceholderUnknown(unknown, EMAIL_PLACEHOLDERS_BY_KIND[kind]),
    });
};

/** A subject template for one kind of email: within the subject limit, only that kind's placeholders. */
const subjectTemplate = (kind: 'invoice' | 'bol') =>
  z.string().max(EMAIL_LIMITS.subject, MESSAGES.emailSubjectTooLong).superRefine(placeholdersOf(kind));

/** A body template for one kind of email: within the template limit, only that kind's placeholders. */
const bodyTemplate = (kind: 'invoice' | 'bol') =>
  z.string().max(EMAIL_LIMITS.template, MESSAGES.emailBodyTooLong).superRefine(placeholdersOf(kind));

/**
 * Company Information's email settings: the From address and the templates, whose placeholders
 * must be ones their kind of email fills in (the message names the unknown ones).
 */
export const emailSettingsSchema = z.object({
  email_from: z
    .string()
    .trim()
    .refine((v) => v === '' || single.safeParse(v).success, MESSAGES.emailFromInvalid),
  invoice_email_subject: subjectTemplate('invoice'),
  invoice_email_body: bodyTemplate('invoice'),
  bol_email_subject: subjectTemplate('bol'),
  bol_email_body: bodyTemplate('bol'),
});
export type EmailSettings = z.output<typeof emailSettingsSchema>;
