import { describe, expect, it } from 'vitest';
import { openQuotesOf, receivablesOf } from './dashboard';

describe('the dashboard figures', () => {
  it('counts as open only the quotes sent and still valid, and adds their totals to the cent', () => {
    const today = '2026-11-29';
    expect(
      openQuotesOf(
        [
          { status: 'sent', validUntil: '2026-12-01', total: '1000.10' },
          { status: 'sent', validUntil: '2026-11-29', total: '0.20' },
          { status: 'sent', validUntil: '2026-11-28', total: '5.00' },
          { status: 'draft', validUntil: '2026-12-31', total: '7.00' },
          { status: 'accepted', validUntil: '2026-12-31', total: '9.00' },
        ],
        today,
      ),
    ).toEqual({ count: 2, value: '1000.30' });
  });
  it('owed is what the open invoices ask for; overdue the part past due', () => {
    expect(
      receivablesOf([
        { amountDue: '600.00', bucket: 'days_1_30' },
        { amountDue: '250.00', bucket: 'current' },
        { amountDue: '0.10', bucket: 'over_90' },
        { amountDue: '0', bucket: 'over_90' },
      ]),
    ).toEqual({ owed: '850.10', overdue: '600.10', open_invoices: 3, overdue_invoices: 2 });
  });
});
