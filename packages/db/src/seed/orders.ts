import {
  CUSTOM_PRODUCT,
  isDoorOnly,
  needsSizeAndThickness,
  type BuildingType,
  type OrderInput,
  type OrderStatus,
} from '@icehouse/domain';
import {
  DEMO_CUSTOMERS,
  DEMO_DOOR_PLACEMENTS,
  DEMO_JOB_NAMES,
  DEMO_NOTES,
  DEMO_SPECIAL_DELIVERY,
  PRODUCT_SIZES,
} from './data';
import { addDays, atOfficeHours, minIso, money, setting, settingsOf, type SeedContext } from './context';
import { DRAFT_DOOR_NUMBER, parseOrder, type OrderDraft, type PlannedOrder } from './order-draft';

/**
 * The demo orders: planned over the last 12 months in every status (with the story's orders among
 * them, story.ts), drafted as the order form's fields, and written as the order save writes them
 * (order-save.ts): addresses, building, items, history and the order's cost at the save.
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
