import { components, productComponents, products, purchaseOrderLines, purchaseOrders, suppliers } from '@icehouse/db/schema';
import type { Database } from '@icehouse/db/client';
import type { PurchaseOrderStatus } from '@icehouse/domain';

/** Stock tests' catalogue: a product built from 6 wall panels and 1 door frame. */
export async function stockCatalogue(database: Database) {
  const db = database.db;
  const [panel, frame] = await db
    .insert(components)
    .values([
      { name: 'Wall panel', cost: '100.00', markup: '40' },
      { name: 'Door frame', cost: '80.00', markup: '40' },
    ])
    .returning({ id: components.id });
  const [product] = await db
    .insert(products)
    .values({ description: 'Freezer kit', buildingType: 'FREEZER_COOLER_UNIT', isSimple: false })
    .returning({ id: products.id });
  await db.insert(productComponents).values([
    { productId: product!.id, componentId: panel!.id, quantity: 6 },
    { productId: product!.id, componentId: frame!.id, quantity: 1 },
  ]);
  return { product: product!.id, panel: panel!.id, frame: frame!.id };
}

let supplierCount = 0;
let poCount = 1000;

/** A purchase order written directly (purchasing's own screens and rules are tested with it). */
export async function insertPurchaseOrder(
  database: Database,
  status: PurchaseOrderStatus,
  lines: { componentId: number; quantity: number; unitCost: string; received?: number }[],
  expectedDate: string | null = null,
) {
  const db = database.db;
  const [supplier] = await db
    .insert(suppliers)
    .values({ name: `Supplier ${(supplierCount += 1)}` })
    .returning({ id: suppliers.id });
  const [po] = await db
    .insert(purchaseOrders)
    .values({ number: `P-${(poCount += 1)}`, supplierId: supplier!.id, status, expectedDate })
    .returning({ id: purchaseOrders.id, number: purchaseOrders.number });
  const rows = await db
    .insert(purchaseOrderLines)
    .values(
      lines.map((l, position) => ({
        purchaseOrderId: po!.id,
        componentId: l.componentId,
        quantity: l.quantity,
        unitCost: l.unitCost,
        receivedQuantity: l.received ?? 0,
        position,
      })),
    )
    .returning({ id: purchaseOrderLines.id, componentId: purchaseOrderLines.componentId });
  return { id: po!.id, number: po!.number, supplierId: supplier!.id, lines: rows };
}
