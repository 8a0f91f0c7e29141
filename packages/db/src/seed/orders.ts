import {
  isDoorOnly,
  needsSizeAndThickness,
  type BuildingType,
  type OrderForInvoice,
  type OrderStatus,
} from '@icehouse/domain';
import { nextNumber } from '../sequences';
import {
  addresses,
  history,
  orderAdditionalItems,
  orderBuildingInfo,
  orders,
  type InvoiceAddress,
} from '../schema/index';
import {
  DEMO_CUSTOMERS,
  DEMO_DOOR_PLACEMENTS,
  DEMO_JOB_NAMES,
  DEMO_NOTES,
  DEMO_SPECIAL_DELIVERY,
  PRODUCT_SIZES,
  type DemoCustomer,
} from './data';
import {
  addDays,
  atOfficeHours,
  invoiceAddress,
  minIso,
  money,
  setting,
  settingsOf,
  type SeedContext,
} from './context';

/** The demo orders: planned over the last 12 months in every status, each with its building and history. */

export interface PlannedOrder {
  date: string;
  status: OrderStatus;
  customer: DemoCustomer;
  /** Part of the combined-invoice pair. */
  combined?: boolean;
}

export interface SavedOrder {
  id: number;
  plan: PlannedOrder;
  doorNumber: string;
  shipDate: string | null;
  shipViaLabel: string;
  discount: string;
  discountIsPercentage: boolean;
  taxExempt: boolean;
  poJobName: string;
  billTo: InvoiceAddress;
  shipTo: InvoiceAddress;
  forInvoice: OrderForInvoice;
  createdBy: number;
  createdAt: Date;
}

/** Dates spread over the last 12 months (oldest first), statuses by age, every status present. */
export function planOrders(ctx: SeedContext): PlannedOrder[] {
  const n = ctx.opts.orderCount ?? 60;
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
  return plans;
}

export async function createOrder(ctx: SeedContext, plan: PlannedOrder): Promise<SavedOrder> {
  const { tx, rnd } = ctx;
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

  // Addresses
  const c = plan.customer;
  const [billing] = await tx
    .insert(addresses)
    .values({
      name: c.name,
      street: c.street,
      city: c.city,
      state: c.state,
      zipCode: c.zipCode,
      country: 'US',
    })
    .returning();
  const shipToSource = c.shipTo ?? c;
  const [shippingAddress] = await tx
    .insert(addresses)
    .values({
      name: shipToSource.name,
      street: shipToSource.street,
      city: shipToSource.city,
      state: shipToSource.state,
      zipCode: shipToSource.zipCode,
      country: 'US',
    })
    .returning();

  const doorNumber = String(await nextNumber(tx, 'door_number'));
  const createdBy = rnd.pick(ctx.userIds);
  const createdAt = atOfficeHours(plan.date, rnd, ctx.now);
  const jobName = rnd.pick(DEMO_JOB_NAMES);

  const [order] = await tx
    .insert(orders)
    .values({
      status,
      date: plan.date,
      shipDate,
      shipViaId: shipVia?.id ?? null,
      doorNumber,
      specialDeliveryInfo: rnd.pick(DEMO_SPECIAL_DELIVERY),
      customerPoJobName: jobName,
      freightCost: freight,
      discount,
      discountIsPercentage,
      taxExempt,
      phone: c.phone,
      epsPoNumber: progressed || rnd.chance(0.2) ? `EPS-${rnd.int(24000, 26999)}` : '',
      poDeliveryDate: rnd.chance(0.4) ? addDays(plan.date, rnd.int(20, 60)) : null,
      notes: rnd.pick(DEMO_NOTES),
      billingAddressId: billing!.id,
      shippingAddressId: shippingAddress!.id,
      version: status === 'pending' ? 1 : rnd.int(2, 4),
      createdAt,
      updatedAt: createdAt,
      createdBy,
      updatedBy: createdBy,
    })
    .returning();
  const orderId = order!.id;

  const forInvoice = await createBuilding(ctx, orderId, freight);

  await tx.insert(history).values({ orderId, action: 'created', userId: createdBy, createdAt });
  if (status !== 'pending') {
    await tx.insert(history).values({
      orderId,
      action: status === 'voided' ? 'voided' : 'status_changed',
      changes: { status: { old: 'pending', new: status } },
      userId: rnd.pick(ctx.userIds),
      createdAt: atOfficeHours(minIso(ctx.today, addDays(plan.date, rnd.int(1, 10))), rnd, ctx.now),
    });
  }
  ctx.summary.orders++;
  ctx.summary.ordersByStatus[status]++;

  return {
    id: orderId,
    plan,
    doorNumber,
    shipDate,
    shipViaLabel: shipVia?.value ?? '',
    discount,
    discountIsPercentage,
    taxExempt,
    poJobName: jobName,
    billTo: invoiceAddress(c),
    shipTo: invoiceAddress(shipToSource),
    forInvoice,
    createdBy,
    createdAt,
  };
}

/** Building info and additional items; returns the order as the invoice rules see it. */
async function createBuilding(ctx: SeedContext, orderId: number, freight: string): Promise<OrderForInvoice> {
  const { tx, rnd } = ctx;
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
  let sizeLabel = '';
  let thickness: { id: number; value: string } | null = null;
  if (needsSizeAndThickness(buildingType)) {
    const productSize = custom ? undefined : PRODUCT_SIZES[product.description];
    if (custom && rnd.chance(0.25)) {
      customSize = rnd.pick(['10x14', '8x18', '7x14']);
      sizeLabel = customSize;
    } else {
      const s = productSize ? setting(ctx, 'size', productSize) : rnd.pick(settingsOf(ctx, 'size'));
      sizeId = s.id;
      sizeLabel = s.value;
    }
    thickness = rnd.pick(settingsOf(ctx, 'thickness'));
  }

  // doors
  const doorType = doorOnly || rnd.chance(0.5) ? rnd.pick(settingsOf(ctx, 'door_type')) : null;
  const doorTypePrice = doorOnly && doorType ? doorType.price : null;
  const cladding = rnd.chance(doorOnly ? 0.6 : 0.35) ? rnd.pick(settingsOf(ctx, 'door_cladding')) : null;
  const hinge = doorType ? rnd.pick(settingsOf(ctx, 'hinge_side')) : null;
  const housey = buildingType === 'ICE_HOUSE_KIT' || buildingType === 'PREBUILT_ICE_HOUSE';
  const roof = housey ? rnd.pick(settingsOf(ctx, 'roof_color')) : null;
  const siding = housey ? rnd.pick(settingsOf(ctx, 'siding_color')) : null;

  await tx.insert(orderBuildingInfo).values({
    orderId,
    productId: custom ? null : product.id,
    isCustom: custom,
    price,
    buildingType,
    buildingDescription: description,
    sizeId,
    customSize,
    thicknessId: thickness?.id ?? null,
    doorTypeId: doorType?.id ?? null,
    doorTypePrice,
    doorCladdingId: cladding?.id ?? null,
    doorCladdingPrice: cladding?.price ?? null,
    hingeSideId: hinge?.id ?? null,
    roofColorId: roof?.id ?? null,
    sidingColorId: siding?.id ?? null,
    doorPlacement: rnd.pick(DEMO_DOOR_PLACEMENTS),
  });

  // additional items
  const items: { label: string; quantity: number; price: string }[] = [];
  const count = doorOnly ? rnd.int(0, 1) : rnd.int(0, 3);
  const pool = rnd.shuffle(settingsOf(ctx, 'additional_item'));
  for (let i = 0; i < count; i++) {
    const s = pool[i]!;
    const quantity =
      s.value.startsWith('Rod Holder') || s.value.startsWith('Interior LED') ? rnd.int(1, 4) : 1;
    await tx.insert(orderAdditionalItems).values({
      orderId,
      position: i,
      itemId: s.id,
      quantity,
      price: s.price ?? '0.00',
    });
    items.push({ label: s.value, quantity, price: s.price ?? '0.00' });
  }
  if (!doorOnly && rnd.chance(0.12)) {
    const name = rnd.pick(['Custom paint stripe', 'Extra cam locks', 'Reinforced floor hatch']);
    const itemPrice = money(rnd.int(3, 12) * 25);
    await tx.insert(orderAdditionalItems).values({
      orderId,
      position: items.length,
      customItemName: name,
      quantity: 1,
      price: itemPrice,
    });
    items.push({ label: name, quantity: 1, price: itemPrice });
  }

  return {
    buildingDescription: custom ? description : product.description,
    buildingType,
    buildingPrice: price,
    size: sizeLabel,
    thickness: thickness?.value ?? '',
    doorType: doorType ? { label: doorType.value, price: doorTypePrice } : null,
    doorCladding: cladding ? { label: cladding.value, price: cladding.price } : null,
    additionalItems: items,
    freightCost: freight,
  };
}
