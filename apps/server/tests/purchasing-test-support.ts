import { sql } from 'drizzle-orm';
import { components, productComponents, products, suppliers } from '@icehouse/db/schema';
import type { Database } from '@icehouse/db/client';
import { orderPayload, shippable, type OrdersTestContext } from './orders-test-support';

/** Purchasing tests' world: two suppliers, three components (one without a supplier) and a kit built from them. */
export async function purchasingCatalogue(database: Database) {
  const db = database.db;
  await db.execute(sql`truncate table suppliers, purchase_orders restart identity cascade`);
  const [coldco, steelco] = await db
    .insert(suppliers)
    .values([
      { name: 'ColdCo Panels', email: 'orders@coldco.example', terms: 'Net 30' },
      { name: 'Steel & Sons', email: 'sales@steel.example' },
    ])
    .returning({ id: suppliers.id });
  const [panel, frame, gasket] = await db
    .insert(components)
    .values([
      { name: 'Wall panel', cost: '100.00', markup: '40', preferredSupplierId: coldco!.id, packSize: 4, lastPrice: '95.50', leadTimeDays: 10, supplierPartNumber: 'WP-4' },
      { name: 'Door frame', cost: '80.00', markup: '40', preferredSupplierId: steelco!.id, leadTimeDays: 3 },
      { name: 'Gasket', cost: '2.25', markup: '40' },
    ])
    .returning({ id: components.id });
  const [kit] = await db
    .insert(products)
    .values({ description: 'Freezer kit', buildingType: 'FREEZER_COOLER_UNIT', isSimple: false })
    .returning({ id: products.id });
  await db.insert(productComponents).values([
    { productId: kit!.id, componentId: panel!.id, quantity: 6 },
    { productId: kit!.id, componentId: frame!.id, quantity: 1 },
    { productId: kit!.id, componentId: gasket!.id, quantity: 3 },
  ]);
  return { coldco: coldco!.id, steelco: steelco!.id, panel: panel!.id, frame: frame!.id, gasket: gasket!.id, kit: kit!.id };
}

let door = 5000;

/** An order of the kit shipping on `shipDate` (pending: the materials list counts it). */
export async function kitOrder(ctx: OrdersTestContext, kit: number, shipDate: string, status = 'pending') {
  const res = await ctx.staff.post(
    '/api/orders/',
    orderPayload(ctx.cat, {
      ...shippable(ctx.cat),
      ship_date: shipDate,
      door_number: String((door += 1)),
      status,
      building_info: { ...(orderPayload(ctx.cat).building_info as object), product: kit, additional_items: [] },
    }),
  );
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; version: number };
}
