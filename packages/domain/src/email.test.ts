import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  EMAIL_LIMITS,
  EMAIL_PLACEHOLDERS_BY_KIND,
  emailFormSchema,
  emailSettingsSchema,
  fillEmailTemplate,
  invalidAddresses,
  splitAddresses,
  unknownPlaceholders,
  withInvoiceLink,
} from './email';

describe('email', () => {
  it('fills known placeholders and leaves the others as written', () => {
    expect(
      fillEmailTemplate('Invoice {invoice_number} for {customer_name}: {total} {unknown}', {
        invoice_number: '1001',
        customer_name: 'Acme',
        total: '$5.00',
      }),
    ).toBe('Invoice 1001 for Acme: $5.00 {unknown}');
  });

  it('splits To/Cc on commas, semicolons and new lines, and names the invalid addresses', () => {
    expect(splitAddresses(' a@x.com, b@y.com;\nc@z.com ,')).toEqual(['a@x.com', 'b@y.com', 'c@z.com']);
    expect(invalidAddresses('a@x.com, nope, b@')).toEqual(['nope', 'b@']);
  });

  it('refuses an empty To and invalid addresses as field errors', () => {
    const empty = emailFormSchema.safeParse({ to: ' ', subject: 's', body: '' });
    expect(empty.success).toBe(false);
    expect(empty.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['to', MESSAGES.emailToRequired],
    ]);
    const bad = emailFormSchema.safeParse({ to: 'a@x.com', cc: 'bad', subject: '', body: '' });
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['cc', 'subject']);
  });

  it('finds the placeholders a template has no value for, by kind', () => {
    expect(unknownPlaceholders('Invoice {invoice_no} for {customer_name}', 'invoice')).toEqual([
      'invoice_no',
    ]);
    expect(
      unknownPlaceholders('{Invoice_Number} {invoice-number} {invoice_no} {invoice_no}', 'invoice'),
    ).toEqual(['Invoice_Number', 'invoice-number', 'invoice_no']);
    // A bill of lading has no balance; braces around prose are not placeholders.
    expect(unknownPlaceholders('BOL {bol_number}: {balance_due} {see attached}', 'bol')).toEqual([
      'balance_due',
    ]);
    expect(unknownPlaceholders('Invoice {invoice_number}, due {due_date}', 'invoice')).toEqual([]);
  });

  it('refuses a template with an unknown placeholder on its field, naming it and the ones to use', () => {
    const settings = {
      email_from: '',
      invoice_email_subject: 'Invoice {invoice_no}',
      invoice_email_body: 'Total {total}',
      bol_email_subject: 'BOL {bol_number}',
      bol_email_body: 'Due {due_date}',
    };
    const parsed = emailSettingsSchema.safeParse(settings);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'invoice_email_subject',
        MESSAGES.emailPlaceholderUnknown(['invoice_no'], EMAIL_PLACEHOLDERS_BY_KIND.invoice),
      ],
      ['bol_email_body', MESSAGES.emailPlaceholderUnknown(['due_date'], EMAIL_PLACEHOLDERS_BY_KIND.bol)],
    ]);
    expect(parsed.error!.issues[0]!.message).toBe(
      'Unknown placeholder {invoice_no}. Use {invoice_number}, {order_number}, {customer_name}, {company_name}, {total}, {balance_due}, {due_date}, {invoice_link}.',
    );
    expect(
      emailSettingsSchema.safeParse({
        ...settings,
        invoice_email_subject: 'Invoice {invoice_number}',
        bol_email_body: '',
      }).success,
    ).toBe(true);
  });

  it('holds each template to its limit: subjects to the subject limit, bodies to the template limit', () => {
    const fine = {
      email_from: '',
      invoice_email_subject: '',
      invoice_email_body: '',
      bol_email_subject: '',
      bol_email_body: '',
    };
    const issues = (over: Record<string, string>) =>
      emailSettingsSchema
        .safeParse({ ...fine, ...over })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    const subject = 'x'.repeat(EMAIL_LIMITS.subject + 1);
    const body = 'x'.repeat(EMAIL_LIMITS.template + 1);
    expect(issues({ invoice_email_subject: subject, bol_email_subject: subject })).toEqual([
      ['invoice_email_subject', MESSAGES.emailSubjectTooLong],
      ['bol_email_subject', MESSAGES.emailSubjectTooLong],
    ]);
    expect(issues({ invoice_email_body: body, bol_email_body: body })).toEqual([
      ['invoice_email_body', MESSAGES.emailBodyTooLong],
      ['bol_email_body', MESSAGES.emailBodyTooLong],
    ]);
    expect(issues({ invoice_email_body: subject, bol_email_body: subject })).toBeUndefined();
  });
});

describe('the invoice email\'s link', () => {
  const url = 'https://orders.example.com/customer/invoice/7#abc';
  it('takes the place of {invoice_link}, each time it is written', () => {
    expect(withInvoiceLink('Pay here: {invoice_link}\nor {invoice_link}', url)).toBe(`Pay here: ${url}\nor ${url}`);
  });
  it('is added at the end of a template written before the placeholder existed', () => {
    expect(withInvoiceLink('Please find attached invoice 1001.\n\n', url)).toBe(
      `Please find attached invoice 1001.\n\nView the invoice and how to pay it online:\n${url}\n`,
    );
  });
});
