import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkReceipt,
  draftPurchaseOrders,
  expectedDateOf,
  roundUpToPack,
  statusAfterReceipt,
  type DraftComponent,
} from './purchasing';
import { componentPurchasingSchema, purchaseOrderEditSchema, receiptSchema, supplierSchema } from './schemas/purchasing';

// The model: integers only (cents, units, epoch days), none of the product's money or date helpers.
const modelPack = (need: number, pack: number) => {
  let q = 0;
  while (q < need) q += Math.max(1, pack);
  return q;
};
const cents = (s: string) => {
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
};
const centsText = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
const epochDay = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;

describe('roundUpToPack', () => {
  it('orders whole packs that cover the need', () => {
    expect(roundUpToPack(7, 5)).toBe(10);
    expect(roundUpToPack(10, 5)).toBe(10);
    expect(roundUpToPack(0, 5)).toBe(0);
    expect(roundUpToPack(3, 1)).toBe(3);
    expect(roundUpToPack(3, 0)).toBe(3);
  });
  it('agrees with counting packs one at a time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 1, max: 250 }), (need, pack) => {
        const q = roundUpToPack(need, pack);
        expect(q).toBe(modelPack(need, pack));
        expect(q % pack).toBe(0);
        expect(q - need).toBeLessThan(pack);
      }),
    );
  });
});

describe('expectedDateOf', () => {
  it('adds the longest known lead time in calendar days, across a month and a year end', () => {
    expect(expectedDateOf('2026-12-28', [3, null, 7])).toBe('2027-01-04');
    expect(expectedDateOf('2028-02-27', [2])).toBe('2028-02-29');
    expect(expectedDateOf('2026-12-28', [null, undefined])).toBeNull();
    expect(expectedDateOf('2026-12-28', [])).toBeNull();
    expect(expectedDateOf('2026-12-28', [0])).toBe('2026-12-28');
  });
  it('agrees with epoch-day arithmetic', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.array(fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }), { maxLength: 6 }),
        (date, leads) => {
          const from = date.toISOString().slice(0, 10);
          const got = expectedDateOf(from, leads);
          const known = leads.filter((d) => d !== null) as number[];
          if (known.length === 0) expect(got).toBeNull();
          else expect(epochDay(got!)).toBe(epochDay(from) + Math.max(...known));
        },
      ),
    );
  });
});

const component = (over: Partial<DraftComponent> & { component_id: number }): DraftComponent => ({
  name: `Part ${over.component_id}`,
  to_buy: 1,
  cost: '1.00',
  preferred_supplier_id: 1,
  supplier_part_number: '',
  last_price: null,
  lead_time_days: null,
  pack_size: 1,
  ...over,
});

describe('draftPurchaseOrders', () => {
  it('makes one order per preferred supplier, rounds to packs, prices at the last price, and lists the unsupplied', () => {
    const draft = draftPurchaseOrders(
      [
        component({ component_id: 1, name: 'Panel', to_buy: 7, pack_size: 5, last_price: '12.50', preferred_supplier_id: 2, lead_time_days: 10 }),
        component({ component_id: 2, name: 'Hinge', to_buy: 3, cost: '4.10', preferred_supplier_id: 2, lead_time_days: 3 }),
        component({ component_id: 3, name: 'Gasket', to_buy: 4, preferred_supplier_id: null }),
        component({ component_id: 4, name: 'Latch', to_buy: 0, preferred_supplier_id: 1 }),
        component({ component_id: 5, name: 'Bolt', to_buy: 9, preferred_supplier_id: 1, pack_size: 100, cost: '0.07' }),
      ],
      '2026-12-01',
    );
    expect(draft.without_supplier).toEqual([{ component_id: 3, name: 'Gasket', to_buy: 4 }]);
    expect(draft.purchase_orders.map((p) => p.supplier_id)).toEqual([1, 2]);
    const [first, second] = draft.purchase_orders;
    expect(first!.lines).toMatchObject([{ component_id: 5, quantity: 100, unit_cost: '0.07', line_total: '7.00' }]);
    expect(first!.expected_date).toBeNull();
    expect(second!.lines.map((l) => [l.name, l.quantity, l.line_total])).toEqual([
      ['Hinge', 3, '12.30'],
      ['Panel', 10, '125.00'],
    ]);
    expect(second!.total).toBe('137.30');
    expect(second!.expected_date).toBe('2026-12-11');
  });

  it('agrees with a model in cents: every unit to buy is ordered once, by its supplier, in whole packs', () => {
    const arb = fc.uniqueArray(
      fc.record({
        component_id: fc.integer({ min: 1, max: 60 }),
        to_buy: fc.integer({ min: -3, max: 500 }),
        pack_size: fc.integer({ min: 1, max: 50 }),
        supplier: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        price: fc.option(fc.integer({ min: 0, max: 999_999 }), { nil: null }),
        cost: fc.integer({ min: 0, max: 999_999 }),
      }),
      { selector: (c) => c.component_id, maxLength: 25 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const draft = draftPurchaseOrders(
          rows.map((r) =>
            component({
              component_id: r.component_id,
              to_buy: r.to_buy,
              pack_size: r.pack_size,
              preferred_supplier_id: r.supplier,
              last_price: r.price === null ? null : centsText(r.price),
              cost: centsText(r.cost),
            }),
          ),
          '2026-12-01',
        );
        const expectedSuppliers = [...new Set(rows.filter((r) => r.to_buy > 0 && r.supplier !== null).map((r) => r.supplier!))].sort((a, b) => a - b);
        expect(draft.purchase_orders.map((p) => p.supplier_id)).toEqual(expectedSuppliers);
        expect(draft.without_supplier.map((w) => w.component_id).sort((a, b) => a - b)).toEqual(
          rows.filter((r) => r.to_buy > 0 && r.supplier === null).map((r) => r.component_id).sort((a, b) => a - b),
        );
        for (const po of draft.purchase_orders) {
          let total = 0;
          for (const line of po.lines) {
            const r = rows.find((x) => x.component_id === line.component_id)!;
            expect(r.supplier).toBe(po.supplier_id);
            expect(line.quantity).toBe(modelPack(r.to_buy, r.pack_size));
            const unit = r.price ?? r.cost;
            expect(cents(line.unit_cost)).toBe(unit);
            expect(cents(line.line_total)).toBe(unit * line.quantity);
            total += unit * line.quantity;
          }
          expect(cents(po.total)).toBe(total);
        }
      }),
    );
  });
});

describe('receiving', () => {
  const lines = [
    { id: 1, quantity: 10, received_quantity: 4 },
    { id: 2, quantity: 5, received_quantity: 0 },
  ];
  it('reports over-receipt against what is still outstanding, and refuses foreign or repeated lines', () => {
    expect(checkReceipt(lines, [{ line_id: 1, quantity: 6 }]).over).toEqual([]);
    expect(checkReceipt(lines, [{ line_id: 1, quantity: 7 }]).over).toEqual([{ line_id: 1, ordered: 10, received: 4, receiving: 7 }]);
    const bad = checkReceipt(lines, [{ line_id: 9, quantity: 1 }, { line_id: 2, quantity: 1 }, { line_id: 2, quantity: 1 }]);
    expect([...bad.lineErrors.keys()]).toEqual([0, 2]);
  });
  it('moves the status by what has come', () => {
    expect(statusAfterReceipt([{ quantity: 10, received_quantity: 0 }])).toBe('sent');
    expect(statusAfterReceipt([{ quantity: 10, received_quantity: 3 }, { quantity: 1, received_quantity: 0 }])).toBe('partly_received');
    expect(statusAfterReceipt([{ quantity: 10, received_quantity: 12 }, { quantity: 1, received_quantity: 1 }])).toBe('received');
  });
});

describe('schemas', () => {
  it('checks suppliers, purchasing fields, edits and receipts with the domain messages', () => {
    expect(supplierSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('Supplier name is required.');
    expect(supplierSchema.parse({ name: 'Acme', email: '' })).toMatchObject({ name: 'Acme', email: '', phone: '' });
    expect(componentPurchasingSchema.parse({ pack_size: '' })).toMatchObject({ pack_size: 1, lead_time_days: null, last_price: null });
    expect(componentPurchasingSchema.safeParse({ pack_size: 0 }).error?.issues[0]?.message).toBe('Pack size must be a whole number, 1 or more.');
    expect(componentPurchasingSchema.safeParse({ lead_time_days: 1.5 }).error?.issues[0]?.message).toMatch(/Lead time/);
    const twice = purchaseOrderEditSchema.safeParse({ lines: [{ component_id: 1, quantity: 1, unit_cost: '1' }, { component_id: 1, quantity: 2, unit_cost: '1' }] });
    expect(twice.error?.issues.map((i) => i.path.join('.'))).toEqual(['lines.1.component_id']);
    expect(purchaseOrderEditSchema.safeParse({ lines: [] }).error?.issues[0]?.message).toBe('A purchase order needs at least one line.');
    expect(receiptSchema.safeParse({ lines: [{ line_id: 1, quantity: -1 }] }).error?.issues[0]?.message).toMatch(/0 or more/);
    expect(receiptSchema.parse({ lines: [{ line_id: 1, quantity: '3' }] })).toEqual({ lines: [{ line_id: 1, quantity: 3 }], confirm_over_receipt: false });
  });
});
