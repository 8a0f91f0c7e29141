import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { emailFormSchema, fillEmailTemplate, invalidAddresses, splitAddresses } from './email';

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
});
