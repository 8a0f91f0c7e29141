import { describe, expect, it } from 'vitest';
import { quoteSchema } from '@icehouse/domain';
import { emptyQuote, payloadOf, valuesOfQuote } from './formValues';
import type { QuoteView } from './types';

const saved = (fields: Record<string, unknown>) =>
  ({ id: 1, date: '2026-03-01', valid_until: '2026-03-31', fields }) as unknown as QuoteView;

describe('the quote form values', () => {
  it('a new quote is valid until 30 days after its date', () => {
    expect(emptyQuote('2026-03-01').valid_until).toBe('2026-03-31');
  });

  it("are the order form's values: every order field read and sent back (no door number or status), as the domain schema accepts", () => {
    const fields = quoteSchema.parse({
      date: '2026-03-01',
      valid_until: '2026-03-31',
      ship_date: '2026-04-15',
      ship_via: 7,
      billing_address: { name: 'Acme' },
      building_info: { product: 'custom', building_type: 'DOOR_ONLY', door_type: 3, door_type_price: '450.00', hinge_side: 9 },
    });
    const { valid_until: _v, ...stored } = fields;
    const values = valuesOfQuote(saved(stored as Record<string, unknown>));
    values.freight_cost = '120.00';
    const payload = payloadOf(values);
    expect(payload).toMatchObject({ ship_date: '2026-04-15', ship_via: 7, freight_cost: '120.00' });
    expect(payload.building_info).toMatchObject({ door_type: 3, door_type_price: '450.00', hinge_side: 9, product: 'custom', building_type: 'DOOR_ONLY' });
    expect(payload).not.toHaveProperty('door_number');
    expect(payload).not.toHaveProperty('status');
    expect(payload).toMatchObject({ valid_until: '2026-03-31' });
    const again = quoteSchema.safeParse(payload);
    expect(again.success, JSON.stringify(again.error?.issues)).toBe(true);
  });
});
