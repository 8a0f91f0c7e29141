import { describe, expect, it } from 'vitest';
import { MESSAGE_TEMPLATES } from './messages';
import { PAYMENT_NOTES } from './payments';

describe('money in messages', () => {
  it('is written by formatMoney: a dollar sign, thousands separators, two places', () => {
    expect(MESSAGE_TEMPLATES.creditNoteAboveCreditable('3615.25')).toBe(
      'The credit note cannot be more than $3,615.25, what remains to be credited on this invoice',
    );
    expect(MESSAGE_TEMPLATES.creditAboveAvailable('1068.8')).toBe('Only $1,068.80 of credit is available from there');
    expect(PAYMENT_NOTES.adjustment('0.00', '12500')).toBe(
      'Payments/Credits set from $0.00 to $12,500.00 by an invoice edit',
    );
  });
});
