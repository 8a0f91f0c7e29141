import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billOfMaterials, type BomComponentInput } from './billOfMaterials';
import { materialsNeeded, nextShipWeek, type MaterialsOrder } from './materials';
import { toDecimal } from './money';

const catalogue = new Map<number, BomComponentInput>([
  [1, { id: 1, name: 'Wall panel', cost: '123.45' }],
  [2, { id: 2, name: 'Door frame', cost: '89.99' }],
]);
const order = (
  id: number,
  parts: [number, number][],
  over: { is_custom?: boolean } = {},
): MaterialsOrder => ({
  order_id: id,
  door_number: String(1000 + id),
  ship_date: '2026-12-01',
  bill_of_materials: billOfMaterials({
    is_custom: over.is_custom ?? false,
    product_id: over.is_custom ? null : 10,
    product: {
      id: 10,
      description: 'Kit',
      is_simple: false,
      components: parts.map(([component, quantity]) => ({ component, quantity })),
    },
    components: catalogue,
  }),
});

describe('materials per ship week', () => {
  it('sums each component over the orders, with cost, on hand and to buy, traceable to the orders', () => {
    const summary = materialsNeeded(
      [
        order(1, [
          [1, 6],
          [2, 1],
        ]),
        order(2, [[1, 4]]),
      ],
      new Map([
        [1, 3],
        [2, 5],
      ]),
    );
    expect(summary.rows).toEqual([
      {
        component_id: 2,
        name: 'Door frame',
        needed: 1,
        consumed: 0,
        unit_cost: '89.99',
        total_cost: '89.99',
        on_hand: 5,
        on_order: 0,
        next_expected_date: null,
        available: 4,
        to_buy: 0,
        to_buy_cost: '0.00',
        orders: [{ order_id: 1, door_number: '1001', quantity: 1, consumed: false }],
        purchase_orders: [],
      },
      {
        component_id: 1,
        name: 'Wall panel',
        needed: 10,
        consumed: 0,
        unit_cost: '123.45',
        total_cost: '1234.50',
        on_hand: 3,
        on_order: 0,
        next_expected_date: null,
        available: -7,
        to_buy: 7,
        to_buy_cost: '864.15',
        orders: [
          { order_id: 1, door_number: '1001', quantity: 6, consumed: false },
          { order_id: 2, door_number: '1002', quantity: 4, consumed: false },
        ],
        purchase_orders: [],
      },
    ]);
    expect(summary.total_cost).toBe('1324.49');
    expect(summary.to_buy_cost).toBe('864.15');
  });

  it('lists orders without known materials apart; a negative on hand is a shortfall to buy', () => {
    const summary = materialsNeeded(
      [order(1, [[1, 2]]), order(2, [], { is_custom: true })],
      new Map([[1, -5]]),
    );
    expect(summary.orders_without_materials).toEqual([
      { order_id: 2, door_number: '1002', kind_label: 'Custom building: no bill of materials' },
    ]);
    expect(summary.rows[0]).toMatchObject({ needed: 2, on_hand: -5, available: -7, to_buy: 7 });
  });

  it('counts what is on order, and does not take an order’s consumed parts from the shelf twice', () => {
    const coming = { quantity: 4, next_expected_date: '2026-12-10', purchase_orders: [{ purchase_order_id: 9, number: 'P-1009', supplier_name: 'Acme', status: 'sent', expected_date: '2026-12-10', quantity: 4 }] };
    const consumed = { ...order(1, [[1, 6]]), consumed: true };
    const summary = materialsNeeded([consumed, order(2, [[1, 5]])], new Map([[1, 0]]), new Map([[1, coming]]));
    // The consumed order's 6 already left the shelf (on hand 0 after it); the other needs 5 of the 4 coming.
    expect(summary.rows[0]).toMatchObject({ needed: 11, consumed: 6, on_hand: 0, on_order: 4, available: -1, to_buy: 1, next_expected_date: '2026-12-10' });
    expect(summary.rows[0]!.orders.map((o) => o.consumed)).toEqual([true, false]);
    expect(summary.rows[0]!.purchase_orders).toEqual(coming.purchase_orders);
  });

  it('property: needed is the sum over the orders, to buy is needed − on hand − on order floored at 0', () => {
    const parts = fc.array(fc.tuple(fc.constantFrom(1, 2), fc.integer({ min: 1, max: 100 })), {
      maxLength: 3,
    });
    fc.assert(
      fc.property(fc.array(parts, { maxLength: 8 }), fc.integer({ min: -50, max: 500 }), fc.integer({ min: 0, max: 50 }), (orders, stock, coming) => {
        const list = orders.map((p, i) => order(i + 1, p));
        const onOrder = { quantity: coming, next_expected_date: null, purchase_orders: [] };
        const summary = materialsNeeded(
          list,
          new Map([
            [1, stock],
            [2, stock],
          ]),
          new Map([[1, onOrder]]),
        );
        for (const row of summary.rows) {
          const expected = list
            .flatMap((o) => o.bill_of_materials.lines)
            .filter((l) => l.component_id === row.component_id)
            .reduce((n, l) => n + l.quantity, 0);
          expect(row.needed).toBe(expected);
          expect(row.orders.reduce((n, o) => n + o.quantity, 0)).toBe(expected);
          expect(row.to_buy).toBe(Math.max(0, expected - stock - (row.component_id === 1 ? coming : 0)));
          expect(toDecimal(row.total_cost).equals(toDecimal(row.unit_cost).times(expected))).toBe(true);
        }
      }),
    );
  });

  it('defaults to next week, Sunday to Saturday', () => {
    expect(nextShipWeek('2026-11-27')).toEqual({ from: '2026-11-29', to: '2026-12-05' }); // a Friday
    expect(nextShipWeek('2026-11-28')).toEqual({ from: '2026-11-29', to: '2026-12-05' }); // a Saturday: its week's last day
    expect(nextShipWeek('2026-11-29')).toEqual({ from: '2026-12-06', to: '2026-12-12' }); // a Sunday: its week's first day
    expect(nextShipWeek('2026-12-31')).toEqual({ from: '2027-01-03', to: '2027-01-09' }); // across a year
  });
});
