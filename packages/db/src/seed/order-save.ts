import {
  billOfMaterials,
  calculateOrderPrice,
  orderPriceInputFromOrder,
  priceBeforeTax,
  type AdditionalItemData,
  type OrderData,
  type OrderForInvoice,
} from '@icehouse/domain';
import { nextNumber } from '../sequences';
import { addresses, history, orderAdditionalItems, orderBuildingInfo, orders } from '../schema/index';
import { DEMO_COMPANY } from './data';
import { invoiceAddress, settingLabel, type SeedContext } from './context';
import type { OrderDraft, PlannedOrder, SavedOrder } from './order-draft';

/**
 * Writes a drafted order as the order save does (orders/order-rows.ts): its two addresses, the order
 * with the next door number, its building (a catalogue product's building type is the product's),
 * its items and history; and keeps its cost at this save (order_costings, decision 150).
 */
export async function insertOrder(
  ctx: SeedContext,
  plan: PlannedOrder,
  draft: OrderDraft,
): Promise<SavedOrder> {
  const { tx } = ctx;
  const { data, createdBy, createdAt } = draft;
  const b = data.building_info;
  const product = typeof b.product === 'number' ? ctx.catalogue.find((p) => p.id === b.product) : undefined;
  const buildingType = (b.is_custom ? b.building_type : (product?.buildingType ?? b.building_type)) ?? null;

  const [billing, shipping] = await tx
    .insert(addresses)
    .values(
      [data.billing_address, data.shipping_address].map((a) => ({
        name: a.name,
        street: a.street,
        city: a.city,
        state: a.state,
        zipCode: a.zip_code,
        country: a.country,
      })),
    )
    .returning();
  const doorNumber = String(await nextNumber(tx, 'door_number'));
  const [order] = await tx
    .insert(orders)
    .values({
      status: data.status,
      date: data.date,
      shipDate: data.ship_date,
      shipViaId: data.ship_via,
      doorNumber,
      specialDeliveryInfo: data.special_delivery_info,
      customerPoJobName: data.customer_po_job_name,
      freightCost: data.freight_cost,
      discount: data.discount,
      discountIsPercentage: data.discount_is_percentage,
      taxExempt: data.tax_exempt,
      phone: data.phone,
      epsPoNumber: data.eps_po_number,
      poDeliveryDate: data.po_delivery_date,
      notes: data.notes,
      billingAddressId: billing!.id,
      shippingAddressId: shipping!.id,
      customerId: data.customer_id ?? null,
      version: draft.version,
      createdAt,
      updatedAt: draft.statusChange?.at ?? createdAt,
      createdBy,
      updatedBy: draft.statusChange?.userId ?? createdBy,
    })
    .returning();
  const orderId = order!.id;

  await tx.insert(orderBuildingInfo).values({
    orderId,
    productId: typeof b.product === 'number' ? b.product : null,
    isCustom: b.is_custom,
    price: b.price,
    buildingType,
    buildingDescription: b.building_description,
    sizeId: b.size,
    customSize: b.custom_size,
    thicknessId: b.thickness,
    doorTypeId: b.door_type,
    doorTypePrice: b.door_type_price,
    doorCladdingId: b.door_cladding,
    doorCladdingPrice: b.door_cladding_price,
    hingeSideId: b.hinge_side,
    roofColorId: b.roof_color,
    sidingColorId: b.siding_color,
    doorPlacement: b.door_placement,
  });
  if (b.additional_items.length > 0) {
    await tx.insert(orderAdditionalItems).values(
      b.additional_items.map((item: AdditionalItemData, position) => ({
        orderId,
        position,
        itemId: item.item,
        customItemName: item.custom_item_name,
        quantity: item.quantity,
        price: item.price,
      })),
    );
  }

  await tx.insert(history).values({ orderId, action: 'created', userId: createdBy, createdAt });
  if (draft.statusChange) {
    await tx.insert(history).values({
      orderId,
      action: data.status === 'voided' ? 'voided' : 'status_changed',
      changes: { status: { old: 'pending', new: data.status } },
      userId: draft.statusChange.userId,
      createdAt: draft.statusChange.at,
    });
  }

  // What the invoice rules read of the order (as orders/invoicing-loader.ts reads it back).
  const forInvoice: OrderForInvoice = {
    buildingDescription: b.is_custom
      ? b.building_description
      : (product?.description ?? b.building_description),
    buildingType,
    buildingPrice: b.price,
    size: b.custom_size || settingLabel(ctx, b.size),
    thickness: settingLabel(ctx, b.thickness),
    doorType:
      b.door_type !== null ? { label: settingLabel(ctx, b.door_type), price: b.door_type_price } : null,
    doorCladding:
      b.door_cladding !== null
        ? { label: settingLabel(ctx, b.door_cladding), price: b.door_cladding_price }
        : null,
    additionalItems: b.additional_items.map((i) => ({
      label: i.item !== null ? settingLabel(ctx, i.item) : i.custom_item_name,
      quantity: i.quantity,
      price: i.price,
    })),
    freightCost: data.freight_cost,
  };
  const price = calculateOrderPrice(
    orderPriceInputFromOrder(data, { taxRate: DEMO_COMPANY.salesTaxRate, buildingType }),
  );
  ctx.costings.push(costingOf(ctx, orderId, data, price, createdAt));

  ctx.summary.orders++;
  ctx.summary.ordersByStatus[data.status]++;
  const c = plan.customer;
  return {
    id: orderId,
    plan,
    customerId: data.customer_id ?? null,
    doorNumber,
    shipDate: data.ship_date,
    shipViaLabel: settingLabel(ctx, data.ship_via),
    discount: data.discount,
    discountIsPercentage: data.discount_is_percentage,
    taxExempt: data.tax_exempt,
    poJobName: data.customer_po_job_name,
    billTo: invoiceAddress(c),
    shipTo: invoiceAddress(c.shipTo ?? c),
    forInvoice,
    total: price.total,
    createdBy,
    createdAt,
  };
}

/** The order's cost at its save: its bill of materials at today's component costs, and its price before tax. */
function costingOf(
  ctx: SeedContext,
  orderId: number,
  data: OrderData,
  price: { subtotal: string; discountAmount: string },
  savedAt: Date,
) {
  const b = data.building_info;
  const productId = typeof b.product === 'number' ? b.product : null;
  const product = productId === null ? undefined : ctx.catalogue.find((p) => p.id === productId);
  const bom = billOfMaterials({
    is_custom: b.is_custom,
    product_id: productId,
    product: product
      ? {
          id: product.id,
          description: product.description,
          is_simple: product.isSimple,
          components: product.components,
        }
      : null,
    components: ctx.components,
  });
  return {
    orderId,
    productId: bom.product_id,
    productDescription: bom.product_description ?? '',
    bomKind: bom.kind,
    materialsCost: bom.materials_cost,
    priceBeforeTax: priceBeforeTax(price.subtotal, price.discountAmount),
    savedAt,
  };
}
