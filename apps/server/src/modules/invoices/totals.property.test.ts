import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { BUILDING_TYPES, calculateOrderPrice, orderPriceInputFromOrder } from '@icehouse/domain';
import { companyInfo, invoiceLineItems, invoices } from '@icehouse/db/schema';
import { createOrder as createOrderService } from '../orders/order-write';
import { getOrder } from '../orders/order-read';
import { createInvoiceForOrder } from './invoice-of-order';
import { useInvoicesTestApp } from '../../../tests/invoices-test-support';

/**
 * The invoice made from an order totals exactly what the order's price calculation says, for
 * many generated orders: created through the orders service (generated prices, quantities,
 * discounts, tax exemption, freight, building types, tax rates), invoiced through the invoices
 * service, and the stored totals compared with calculateOrderPrice of the stored order.
 */

const ctx = useInvoicesTestApp();

const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);

const generatedOrder = fc.record({
  buildingType: fc.constantFrom(...BUILDING_TYPES),
  buildingPrice: fc.option(cents(5_000_000), { nil: null }),
  doorTypePrice: fc.option(cents(300_000), { nil: null }),
  withDoorType: fc.boolean(),
  claddingPrice: fc.option(cents(200_000), { nil: null }),
  items: fc.array(
    fc.record({
      custom: fc.constantFrom(null, 'Bench', 'Freight liner', 'Heater'),
      quantity: fc.integer({ min: 1, max: 25 }),
      price: cents(500_000),
    }),
    { maxLength: 5 },
  ),
  freight: fc.oneof(fc.constant('0'), cents(400_000)),
  discountIsPercentage: fc.boolean(),
  percent: cents(10_000),
  fixed: cents(3_000_000),
  taxExempt: fc.boolean(),
  taxRate: cents(2_000),
});

let door = 0;

describe('invoice totals = order totals (property)', () => {
  it('holds for many generated orders', async () => {
    const { cat } = ctx;
    const deps = { database: ctx.database, changes: ctx.app.changes, log: pino({ level: 'silent' }) };
    await fc.assert(
      fc.asyncProperty(generatedOrder, async (g) => {
        await ctx.database.db.update(companyInfo).set({ salesTaxRate: g.taxRate }).where(eq(companyInfo.id, 1));
        door += 1;
        const doorOnly = g.buildingType === 'DOOR_ONLY';
        const order = await createOrderService(deps, { id: ctx.staffId }, {
          status: 'pending',
          date: '2024-05-01',
          door_number: `P-${door}`,
          billing_address: { name: 'Property Customer' },
          shipping_address: {},
          freight_cost: g.freight,
          discount: g.discountIsPercentage ? g.percent : g.fixed,
          discount_is_percentage: g.discountIsPercentage,
          tax_exempt: g.taxExempt,
          building_info: {
            product: 'custom',
            building_type: g.buildingType,
            building_description: doorOnly ? '' : 'Custom building',
            custom_size: '8x10',
            thickness: cat.thickness,
            price: g.buildingPrice,
            door_type: doorOnly || g.withDoorType ? cat.doorType : null,
            door_type_price: doorOnly || g.withDoorType ? g.doorTypePrice : null,
            door_cladding: g.claddingPrice !== null ? cat.doorCladding : null,
            door_cladding_price: g.claddingPrice,
            additional_items: g.items.map((i) =>
              i.custom === null
                ? { item: cat.item.light, quantity: i.quantity, price: i.price }
                : { custom_item_name: i.custom, quantity: i.quantity, price: i.price },
            ),
          },
        });
        const created = await createInvoiceForOrder(deps, { id: ctx.staffId }, order.id);
        const [stored] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, created.id));
        const lines = await ctx.database.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, created.id));

        const reread = await getOrder({ database: ctx.database }, order.id);
        const expected = calculateOrderPrice(
          orderPriceInputFromOrder(reread, { taxRate: g.taxRate, buildingType: reread.building_info?.building_type }),
        );
        expect({
          subtotal: stored!.subtotal,
          discountAmount: stored!.discountAmount,
          taxAmount: stored!.taxAmount,
          total: stored!.totalAmount,
        }).toEqual(expected);
        expect(stored!.totalAmount).toBe(reread.totals.total);
        expect(stored!.balanceDue).toBe(expected.total);
        // Freight is its own line, says "Freight" and is marked.
        const freight = lines.filter((l) => l.isFreight);
        if (Number(g.freight) > 0) {
          expect(freight).toHaveLength(1);
          expect(freight[0]!.description).toContain('Freight');
          expect(freight[0]!.priceEach).toBe(reread.freight_cost);
        } else {
          expect(freight).toHaveLength(0);
        }
      }),
      { numRuns: 120 },
    );
  }, 300_000); // 120 orders made and invoiced through the services: minutes on a loaded two-core machine
});
