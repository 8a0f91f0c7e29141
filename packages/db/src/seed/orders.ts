import {
  billOfMaterials,
  calculateOrderPrice,
  CUSTOM_PRODUCT,
  isDoorOnly,
  needsSizeAndThickness,
  orderPriceInputFromOrder,
  priceBeforeTax,
  type AdditionalItemData,
  type BuildingType,
  type OrderData,
  type OrderForInvoice,
  type OrderInput,
  type OrderStatus,
} from '@icehouse/domain';
import { nextNumber } from '../sequences';
import { addresses, history, orderAdditionalItems, orderBuildingInfo, orders } from '../schema/index';
import {
  DEMO_COMPANY,
  DEMO_CUSTOMERS,
  DEMO_DOOR_PLACEMENTS,
  DEMO_JOB_NAMES,
  DEMO_NOTES,
  DEMO_SPECIAL_DELIVERY,
  PRODUCT_SIZES,
} from './data';
import {
  addDays,
  atOfficeHours,
  invoiceAddress,
  minIso,
  money,
  setting,
  settingLabel,
  settingsOf,
  type SeedContext,
} from './context';
import {
  DRAFT_DOOR_NUMBER,
  parseOrder,
  type OrderDraft,
  type PlannedOrder,
  type SavedOrder,
} from './order-draft';

/**
 * The demo orders: planned over the last 12 months in every status (with the story's orders among
 * them, story.ts), drafted as the order form's fields, and written as the order save writes them:
 * addresses, building, items, history and the order's cost at the save.
 */

/**
 * Dates spread over the last 12 months (oldest first), statuses by age, every status present; the
 * story's orders (their own dates and statuses) take the place of as many drawn ones.
 */
export function planOrders(ctx: SeedContext, story: readonly PlannedOrder[] = []): PlannedOrder[] {
  const n = Math.max(0, (ctx.opts.orderCount ?? 60) - story.length);
  const rnd = ctx.rnd;
  const ages = Array.from({ length: n }, (_, i) =>
    Math.max(0, Math.min(364, Math.round(((n - 1 - i) * 358) / Math.max(1, n - 1)) + rnd.int(-3, 3))),
  ).sort((a, b) => b - a);
  // By rank from the newest: recent orders are still open, older ones shipped (a few voided).
  const plans: PlannedOrder[] = ages.map((age, i) => {
    const f = (n - 1 - i) / n;
    const r = rnd.next();
    let status: OrderStatus;
    if (f < 0.17) status = r < 0.8 ? 'pending' : r < 0.95 ? 'processed' : 'voided';
    else if (f < 0.32) status = r < 0.7 ? 'processed' : r < 0.85 ? 'pending' : 'scheduled_to_ship';
    else if (f < 0.45) status = r < 0.7 ? 'scheduled_to_ship' : r < 0.85 ? 'processed' : 'completed';
    else status = r < 0.9 ? 'completed' : 'voided';
    return { date: addDays(ctx.today, -age), status, customer: rnd.pick(DEMO_CUSTOMERS) };
  });
  // Every status at least 3 times (small order counts, unlucky draws).
  const need = (status: OrderStatus, candidates: PlannedOrder[]) => {
    for (const p of candidates) {
      if (plans.filter((x) => x.status === status).length >= Math.min(3, Math.floor(n / 5))) break;
      const left = plans.filter((x) => x.status === p.status).length;
      if (left > 3) p.status = status;
    }
  };
  const newest = [...plans].reverse();
  need('pending', newest);
  need('processed', newest.slice(1));
  need('scheduled_to_ship', newest.slice(3));
  need('completed', plans);
  need('voided', plans.slice(2));

  // A repeat customer with two completed orders a week apart, invoiced together.
  const completed = plans.filter((p) => p.status === 'completed');
  const a = completed[Math.floor(completed.length / 2)];
  const b = completed[Math.floor(completed.length / 2) + 1];
  if (a && b) {
    const repeat = DEMO_CUSTOMERS.find((c) => c.name === 'Lake of the Woods Resort') ?? a.customer;
    a.customer = repeat;
    b.customer = repeat;
    a.combined = true;
    b.combined = true;
  }
  // Door numbers follow the order dates: the story's orders go in among the others by date.
  const merged = [...plans];
  for (const s of [...story].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))) {
    const at = merged.findIndex((p) => p.date > s.date);
    merged.splice(at < 0 ? merged.length : at, 0, s);
  }
  return merged;
}

/** The order form's address fields of a demo customer (billing, or their delivery address). */
export function addressInput(a: {
  name: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
}) {
  return { name: a.name, street: a.street, city: a.city, state: a.state, zip_code: a.zipCode, country: 'US' };
}

/** A drawn order: every choice from the PRNG, in a fixed order, as the order form would have sent it. */
export function randomDraft(ctx: SeedContext, plan: PlannedOrder): OrderDraft {
  const { rnd } = ctx;
  const status = plan.status;
  const progressed = status === 'processed' || status === 'scheduled_to_ship' || status === 'completed';
  const shipping = status === 'scheduled_to_ship' || status === 'completed';

  // Ship via and freight
  const shipVia = shipping || rnd.chance(0.35) ? rnd.pick(settingsOf(ctx, 'ship_via')) : null;
  let freight = '0.00';
  if (shipVia?.value === 'Company Truck') freight = money(rnd.int(6, 18) * 25);
  if (shipVia?.value === 'Freight Carrier') freight = money(rnd.int(12, 36) * 25);

  // Ship date
  let shipDate: string | null = null;
  if (status === 'completed') shipDate = minIso(ctx.today, addDays(plan.date, rnd.int(14, 45)));
  else if (status === 'scheduled_to_ship') shipDate = addDays(ctx.today, rnd.int(2, 30));
  else if (status === 'processed' && rnd.chance(0.3)) shipDate = addDays(ctx.today, rnd.int(20, 60));

  // Discount, tax
  let discount = '0.00';
  let discountIsPercentage = false;
  if (!plan.combined && rnd.chance(0.22)) {
    discountIsPercentage = rnd.chance(0.4);
    discount = discountIsPercentage
      ? money(rnd.pick([5, 10, 15]))
      : money(rnd.pick([50, 100, 150, 250, 500]));
  }
  const taxExempt = rnd.chance(0.1);

  const c = plan.customer;
  const createdBy = rnd.pick(ctx.userIds);
  const createdAt = atOfficeHours(plan.date, rnd, ctx.now);
  const jobName = rnd.pick(DEMO_JOB_NAMES);
  const specialDelivery = rnd.pick(DEMO_SPECIAL_DELIVERY);
  const epsPoNumber = progressed || rnd.chance(0.2) ? `EPS-${rnd.int(24000, 26999)}` : '';
  const poDeliveryDate = rnd.chance(0.4) ? addDays(plan.date, rnd.int(20, 60)) : null;
  const notes = rnd.pick(DEMO_NOTES);
  const version = status === 'pending' ? 1 : rnd.int(2, 4);
  const buildingInfo = randomBuilding(ctx);
  const statusChange =
    status === 'pending'
      ? null
      : {
          userId: rnd.pick(ctx.userIds),
          at: atOfficeHours(minIso(ctx.today, addDays(plan.date, rnd.int(1, 10))), rnd, ctx.now),
        };

  const data = parseOrder({
    status,
    date: plan.date,
    ship_date: shipDate,
    ship_via: shipVia?.id ?? null,
    door_number: DRAFT_DOOR_NUMBER,
    eps_po_number: epsPoNumber,
    customer_po_job_name: jobName,
    phone: c.phone,
    po_delivery_date: poDeliveryDate,
    special_delivery_info: specialDelivery,
    notes,
    freight_cost: freight,
    discount,
    discount_is_percentage: discountIsPercentage,
    tax_exempt: taxExempt,
    // A completed order has its invoice (made right after it is written: invoices-and-bols.ts).
    has_invoice: status === 'completed',
    customer_id: ctx.customerIds.get(c.name) ?? null,
    billing_address: addressInput(c),
    shipping_address: addressInput(c.shipTo ?? c),
    building_info: buildingInfo,
  });
  return { data, createdBy, createdAt, version, statusChange };
}

/** The building and additional items, drawn: a catalogue product (its size) or a custom building. */
function randomBuilding(ctx: SeedContext): NonNullable<OrderInput['building_info']> {
  const { rnd } = ctx;
  const custom = rnd.chance(0.22);
  const product = rnd.pick(ctx.catalogue);
  const buildingType: BuildingType = custom
    ? rnd.pick(['FREEZER_COOLER_UNIT', 'ICE_HOUSE_KIT', 'PREBUILT_ICE_HOUSE', 'DOOR_ONLY'] as const)
    : product.buildingType;
  const doorOnly = isDoorOnly(buildingType);

  let description = '';
  let price: string | null = null;
  if (custom) {
    if (!doorOnly) {
      description = rnd.pick(
        buildingType === 'FREEZER_COOLER_UNIT'
          ? ['Custom walk-in cooler with insulated floor', 'Custom walk-in freezer, two doors']
          : buildingType === 'ICE_HOUSE_KIT'
            ? ['Custom ice house kit with extra window', 'Custom 10x14 ice house kit']
            : ['Custom wheelhouse with bunk room', 'Custom skid house with 4 holes'],
      );
      price = money(rnd.int(90, 320) * 50);
    }
  } else {
    price = product.price;
  }

  // size and thickness for sized types
  let sizeId: number | null = null;
  let customSize = '';
  let thickness: { id: number; value: string } | null = null;
  if (needsSizeAndThickness(buildingType)) {
    const productSize = custom ? undefined : PRODUCT_SIZES[product.description];
    if (custom && rnd.chance(0.25)) {
      customSize = rnd.pick(['10x14', '8x18', '7x14']);
    } else {
      const s = productSize ? setting(ctx, 'size', productSize) : rnd.pick(settingsOf(ctx, 'size'));
      sizeId = s.id;
    }
    thickness = rnd.pick(settingsOf(ctx, 'thickness'));
  }

  // doors
  const doorType = doorOnly || rnd.chance(0.5) ? rnd.pick(settingsOf(ctx, 'door_type')) : null;
  const cladding = rnd.chance(doorOnly ? 0.6 : 0.35) ? rnd.pick(settingsOf(ctx, 'door_cladding')) : null;
  const hinge = doorType ? rnd.pick(settingsOf(ctx, 'hinge_side')) : null;
  const housey = buildingType === 'ICE_HOUSE_KIT' || buildingType === 'PREBUILT_ICE_HOUSE';
  const roof = housey ? rnd.pick(settingsOf(ctx, 'roof_color')) : null;
  const siding = housey ? rnd.pick(settingsOf(ctx, 'siding_color')) : null;
  const doorPlacement = rnd.pick(DEMO_DOOR_PLACEMENTS);

  // additional items
  const items: { item: number | null; custom_item_name: string; quantity: number; price: string }[] = [];
  const count = doorOnly ? rnd.int(0, 1) : rnd.int(0, 3);
  const pool = rnd.shuffle(settingsOf(ctx, 'additional_item'));
  for (let i = 0; i < count; i++) {
    const s = pool[i]!;
    const quantity =
      s.value.startsWith('Rod Holder') || s.value.startsWith('Interior LED') ? rnd.int(1, 4) : 1;
    items.push({ item: s.id, custom_item_name: '', quantity, price: s.price ?? '0.00' });
  }
  if (!doorOnly && rnd.chance(0.12)) {
    const name = rnd.pick(['Custom paint stripe', 'Extra cam locks', 'Reinforced floor hatch']);
    items.push({ item: null, custom_item_name: name, quantity: 1, price: money(rnd.int(3, 12) * 25) });
  }

  return {
    product: custom ? CUSTOM_PRODUCT : product.id,
    price,
    building_type: buildingType,
    building_description: description,
    size: sizeId,
    custom_size: customSize,
    thickness: thickness?.id ?? null,
    door_type: doorType?.id ?? null,
    // The door type is priced only for a door-only building (the door comes with any other).
    door_type_price: doorOnly && doorType ? doorType.price : null,
    door_cladding: cladding?.id ?? null,
    door_cladding_price: cladding?.price ?? null,
    hinge_side: hinge?.id ?? null,
    roof_color: roof?.id ?? null,
    siding_color: siding?.id ?? null,
    door_placement: doorPlacement,
    additional_items: items,
  };
}

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
