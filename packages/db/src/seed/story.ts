import {
  addDays,
  isDoorOnly,
  monthStartOf,
  needsSizeAndThickness,
  orderInputFromQuote,
  quotePrice,
  quoteSchema,
  roundCents,
  toDecimal,
  weekdayOf,
  type OrderInput,
  type OrderStatus,
  type QuoteOrderFields,
  type StoredQuoteStatus,
} from '@icehouse/domain';
import { nextNumber } from '../sequences';
import { quotes } from '../schema/index';
import { DEMO_COMPANY, DEMO_CUSTOMERS, PRODUCT_SIZES, type DemoCustomer } from './data';
import { catalogueProduct, customerId, momentOn, money, setting, type SeedContext } from './context';
import { addressInput } from './orders';
import {
  DRAFT_DOOR_NUMBER,
  parseOrder,
  type OrderDraft,
  type PlannedOrder,
  type SavedOrder,
  type StoryOrder,
} from './order-draft';
import type { InvoicePlan, InvoicesByOrder } from './invoices-and-bols';
import {
  applyInvoiceCredit,
  applyVoidedDeposit,
  invoiceLinesOf,
  issueCreditNote,
  recordDepositEntry,
  recordLedgerEntry,
} from './ledger';

/**
 * The demo's story: what a newcomer should find on the screens the drawn history does not fill, dated
 * from today so it is always current.
 *
 * - Quotes in every status (draft, sent, accepted, declined, expired, converted to an order).
 * - Make to order: orders shipping this week (Monday to Sunday) and next, in every shop status, built
 *   from component products, so the shop board and the materials list (against the on-hand figures)
 *   show work.
 * - Quote to cash: deposits on open orders (one paid twice and the card payment refunded, later invoiced
 *   ahead of delivery; one moved onto its order's invoice when it shipped), credit notes, an overpaid invoice and a voided order's deposit applied as credit to another
 *   invoice, and DEMO_STATEMENT_CUSTOMER, whose statement for last month and this month lists invoices,
 *   payments, a deposit and credit notes.
 *
 * Its orders take the place of as many drawn ones (the demo keeps its order count); with fewer than
 * STORY_MIN_ORDERS orders asked for (the benchmark asks for none) there is no story.
 */

export const STORY_MIN_ORDERS = 30;
/** The customer whose statement for the default period (last month and this month) has entries of every kind. */
export const DEMO_STATEMENT_CUSTOMER = 'Mille Lacs Outfitters';
/** The customer with an overpaid invoice and a voided order's deposit, both applied to another invoice. */
export const DEMO_CREDIT_CUSTOMER = 'Leech Lake Marine';

/** The story's days, from today: this month, last month, this week's Monday and next week's. */
function daysOf(today: string) {
  const thisMonth = monthStartOf(today);
  const lastMonth = monthStartOf(addDays(thisMonth, -1));
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const latest = (a: string, b: string) => (a > b ? a : b);
  return {
    today,
    ago: (days: number) => addDays(today, -days),
    /** `days` ago, but not before the first of this month (so it is this month's, whatever today is). */
    thisMonth: (days: number) => latest(thisMonth, addDays(today, -days)),
    /** The first of last month + `days` (at most 27: every month has 28 days). */
    lastMonth: (days: number) => addDays(lastMonth, days),
    thisWeek: (day: number) => addDays(monday, day),
    nextWeek: (day: number) => addDays(monday, 7 + day),
  };
}

// ------------------------------------------------------------------------------------------ orders

interface StoryOrderPlan extends StoryOrder {
  customer: string;
  status: OrderStatus;
  date: string;
}

function storyOrders(today: string): StoryOrderPlan[] {
  const d = daysOf(today);
  return [
    // The statement customer: a house last season, paid (their history before the statement's period) ...
    {
      key: 'statement-paid-last-season',
      customer: DEMO_STATEMENT_CUSTOMER,
      product: 'Ice House Kit 8x16 Deluxe',
      status: 'completed',
      date: d.ago(150),
      shipDate: d.ago(128),
      statusOn: d.ago(128),
      shipVia: 'Company Truck',
      freight: '250.00',
      items: [['Interior LED Light', 2]],
      jobName: 'Rental fleet #3',
    },
    // ... shipped last month, half paid, a window returned this month.
    {
      key: 'statement-shipped-last-month',
      customer: DEMO_STATEMENT_CUSTOMER,
      product: 'Ice House Kit 8x12 Standard',
      status: 'completed',
      date: addDays(d.lastMonth(0), -20),
      shipDate: d.lastMonth(5),
      statusOn: d.lastMonth(5),
      shipVia: 'Company Truck',
      freight: '250.00',
      items: [
        ['Rod Holder Set', 2],
        ['Sliding Window', 1],
      ],
      jobName: 'Rental fleet #4',
    },
    // ... a deposit last month, shipped and invoiced this week: the deposit moves onto the invoice.
    {
      key: 'statement-deposit-invoiced',
      customer: DEMO_STATEMENT_CUSTOMER,
      product: 'Prebuilt Skid House 6x12',
      status: 'completed',
      date: d.lastMonth(1),
      shipDate: d.thisWeek(0),
      statusOn: d.thisWeek(0),
      shipVia: 'Company Truck',
      freight: '300.00',
      items: [['Vented Propane Heater', 1]],
      jobName: 'Rental fleet #5',
    },
    // ... and a freezer with a deposit this month, shipping next week.
    {
      key: 'statement-deposit-held',
      customer: DEMO_STATEMENT_CUSTOMER,
      product: 'Walk-in Freezer 8x12',
      status: 'processed',
      date: d.thisMonth(6),
      statusOn: d.thisMonth(4),
      shipDate: d.nextWeek(2),
      shipVia: 'Freight Carrier',
      freight: '450.00',
      items: [
        ['Wire Shelving Unit', 2],
        ['Strip Curtain', 1],
      ],
      doorType: 'Freezer Door with Heater Strip',
      jobName: 'Bait freezer',
    },
    // The credit customer: an invoice paid $300 over, a voided order's deposit, both applied to a later invoice.
    {
      key: 'credit-overpaid',
      customer: DEMO_CREDIT_CUSTOMER,
      product: 'Walk-in Cooler 8x10',
      status: 'completed',
      date: d.ago(75),
      shipDate: d.ago(60),
      statusOn: d.ago(60),
      shipVia: 'Customer Pickup',
      freight: '0.00',
      items: [['Interior LED Light', 2]],
      jobName: 'Live bait cooler',
    },
    {
      key: 'credit-voided-deposit',
      customer: DEMO_CREDIT_CUSTOMER,
      product: 'Walk-in Freezer 8x12',
      status: 'voided',
      date: d.ago(45),
      statusOn: d.ago(35),
      shipDate: null,
      shipVia: null,
      freight: '0.00',
      notes: 'Voided: the customer bought a used freezer. The deposit stays with us as credit.',
    },
    {
      key: 'credit-applied',
      customer: DEMO_CREDIT_CUSTOMER,
      product: 'Cooler Door Replacement Kit',
      status: 'completed',
      date: d.ago(30),
      shipDate: d.ago(12),
      statusOn: d.ago(12),
      shipVia: 'Company Truck',
      freight: '150.00',
      doorType: 'Freezer Door with Heater Strip',
      cladding: 'Stainless Steel',
      jobName: 'Showroom cooler door',
    },
    // The shop's week: every status on the board.
    {
      key: 'week-paid-twice',
      customer: 'Red Lake Fish House Rentals',
      product: 'Prebuilt Wheelhouse 8x20 with Axle',
      status: 'scheduled_to_ship',
      date: d.ago(25),
      statusOn: d.ago(14),
      shipDate: d.thisWeek(4),
      // Invoiced ahead of delivery: what the order holds moves onto the invoice.
      invoiceOn: d.ago(6),
      shipVia: 'Freight Carrier',
      freight: '600.00',
      items: [
        ['Fold-down Bunk', 2],
        ['Vented Propane Heater', 1],
      ],
      jobName: 'Rental wheelhouse',
    },
    {
      key: 'week-processed',
      customer: 'Big Sandy Lodge',
      product: 'Ice House Kit 8x12 Standard',
      status: 'processed',
      date: d.ago(15),
      statusOn: d.ago(13),
      shipDate: d.thisWeek(3),
      shipVia: 'Company Truck',
      freight: '200.00',
      items: [['Floor Hole Cutouts (pair)', 2]],
      jobName: 'Guest fish house',
    },
    {
      key: 'week-pending',
      customer: 'Karen Nguyen',
      product: 'Cooler Door Replacement Kit',
      status: 'pending',
      date: d.ago(4),
      shipDate: d.thisWeek(5),
      shipVia: 'Customer Pickup',
      freight: '0.00',
      doorType: 'Standard Swing 36"',
    },
    // Next week's.
    {
      key: 'next-week-from-quote',
      customer: 'Rainy Lake Guides',
      product: 'Prebuilt Skid House 6x12',
      status: 'pending',
      date: d.ago(12),
      shipDate: d.nextWeek(1),
      shipVia: 'Company Truck',
      freight: '325.00',
      fromQuote: 'converted',
    },
    {
      key: 'next-week-scheduled',
      customer: 'Lake Vermilion Outpost',
      product: 'Prebuilt Skid House 6x12',
      status: 'scheduled_to_ship',
      date: d.ago(21),
      statusOn: d.ago(7),
      shipDate: d.nextWeek(3),
      invoiceOn: d.ago(5),
      shipVia: 'Freight Carrier',
      freight: '375.00',
      items: [['Sliding Window', 2]],
      jobName: 'Outpost rental #2',
    },
    {
      key: 'next-week-pending',
      customer: 'Winnibigoshish Fishing Camp',
      product: 'Ice House Kit 8x12 Standard',
      status: 'pending',
      date: d.ago(8),
      shipDate: d.nextWeek(4),
      shipVia: null,
      freight: '0.00',
      items: [['Floor Hole Cutouts (pair)', 2]],
    },
  ];
}

const demoCustomer = (name: string): DemoCustomer => {
  const c = DEMO_CUSTOMERS.find((x) => x.name === name);
  if (!c) throw new Error(`demo seed: missing demo customer ${name}`);
  return c;
};

/** The story's orders as plans, among the drawn ones by date (orders.ts planOrders). */
export function storyPlans(ctx: SeedContext): PlannedOrder[] {
  return storyOrders(ctx.today).map(({ customer, status, date, ...story }) => ({
    date,
    status,
    customer: demoCustomer(customer),
    story,
  }));
}

/** What the order form (or the quote form) sends for a story building: a catalogue product at its price, with its size. */
function buildingInput(ctx: SeedContext, s: Pick<StoryOrder, 'product' | 'items' | 'doorType' | 'cladding'>) {
  const product = catalogueProduct(ctx, s.product);
  const type = product.buildingType;
  const sized = needsSizeAndThickness(type);
  const size = PRODUCT_SIZES[product.description];
  const doorOnly = isDoorOnly(type);
  const doorType = s.doorType ? setting(ctx, 'door_type', s.doorType) : null;
  const cladding = s.cladding ? setting(ctx, 'door_cladding', s.cladding) : null;
  const housey = type === 'ICE_HOUSE_KIT' || type === 'PREBUILT_ICE_HOUSE';
  return {
    product: product.id,
    price: product.price,
    building_type: type,
    building_description: '',
    size: sized && size ? setting(ctx, 'size', size).id : null,
    // A product without a size of the list (the 8x20 wheelhouse) says its own.
    custom_size: sized && !size ? (/\d+x\d+/.exec(product.description)?.[0] ?? '') : '',
    thickness: sized ? setting(ctx, 'thickness', type === 'FREEZER_COOLER_UNIT' ? '6"' : '4"').id : null,
    door_type: doorType?.id ?? null,
    door_type_price: doorOnly && doorType ? doorType.price : null,
    door_cladding: cladding?.id ?? null,
    door_cladding_price: cladding?.price ?? null,
    hinge_side: doorType ? setting(ctx, 'hinge_side', 'Left').id : null,
    roof_color: housey ? setting(ctx, 'roof_color', 'Charcoal').id : null,
    siding_color: housey ? setting(ctx, 'siding_color', 'Tan').id : null,
    door_placement: doorOnly ? '' : 'Door centered on the 8 ft wall, opens out',
    additional_items: (s.items ?? []).map(([name, quantity]) => {
      const item = setting(ctx, 'additional_item', name);
      return { item: item.id, custom_item_name: '', quantity, price: item.price ?? '0.00' };
    }),
  };
}

/** The order form's fields of a story order (or quote): the customer's addresses and phone, no discount. */
function orderInput(
  ctx: SeedContext,
  customer: DemoCustomer,
  status: OrderStatus,
  date: string,
  s: Omit<StoryOrder, 'key'>,
  epsPoNumber: string,
): OrderInput {
  return {
    status,
    date,
    ship_date: s.shipDate,
    ship_via: s.shipVia ? setting(ctx, 'ship_via', s.shipVia).id : null,
    door_number: DRAFT_DOOR_NUMBER,
    eps_po_number: epsPoNumber,
    customer_po_job_name: s.jobName ?? '',
    phone: customer.phone,
    po_delivery_date: null,
    special_delivery_info: '',
    notes: s.notes ?? '',
    freight_cost: s.freight,
    discount: '0.00',
    discount_is_percentage: false,
    tax_exempt: false,
    has_invoice: status === 'completed',
    customer_id: customerId(ctx, customer.name),
    billing_address: addressInput(customer),
    shipping_address: addressInput(customer.shipTo ?? customer),
    building_info: buildingInput(ctx, s),
  };
}

const staffOf = (ctx: SeedContext) => ctx.userIds[1] ?? ctx.userIds[0]!;

/** A story order's draft: its given fields through the order's schema (a converted quote's: the quote's fields). */
export function storyDraft(ctx: SeedContext, plan: PlannedOrder): OrderDraft {
  const s = plan.story!;
  const staff = staffOf(ctx);
  const index = storyOrders(ctx.today).findIndex((o) => o.key === s.key);
  const eps = plan.status === 'pending' ? '' : `EPS-${27001 + index}`;
  const data = s.fromQuote
    ? // "Convert to order": the quote's fields, a door number and the day of the conversion (quotes/convert.ts).
      parseOrder(
        orderInputFromQuote(quoteOf(ctx, s.fromQuote).fields, DRAFT_DOOR_NUMBER, plan.date) as OrderInput,
      )
    : parseOrder(orderInput(ctx, plan.customer, plan.status, plan.date, s, eps));
  return {
    data,
    createdBy: staff,
    createdAt: momentOn(ctx, plan.date, 15),
    version: plan.status === 'pending' ? 1 : 2,
    statusChange:
      plan.status === 'pending' ? null : { userId: staff, at: momentOn(ctx, s.statusOn ?? plan.date, 240) },
  };
}

const byKey = (saved: readonly SavedOrder[], key: string): SavedOrder => {
  const o = saved.find((x) => x.plan.story?.key === key);
  if (!o) throw new Error(`demo seed: the story has no order ${key}`);
  return o;
};

// ------------------------------------------------------------------------------------------ money

/**
 * Deposits taken on the story's orders before any of them is invoiced: one paid twice and the card
 * payment refunded (invoiced ahead of delivery, what it holds then moves onto the invoice), one on the
 * order later voided, one that moves onto its invoice when it ships this week, and three still held.
 */
export async function recordStoryDeposits(ctx: SeedContext, saved: readonly SavedOrder[]): Promise<void> {
  const d = daysOf(ctx.today);
  const staff = staffOf(ctx);
  const admin = ctx.userIds[0]!;
  const held = byKey(saved, 'statement-deposit-held');
  // A third of the freezer's price, in whole hundreds.
  const third = money(toDecimal(held.total).dividedBy(300).floor().times(100));
  const entry = (
    key: string,
    kind: 'deposit' | 'refund',
    date: string,
    amount: string,
    method: 'check' | 'card' | 'ach' | 'cash',
    reference: string,
    reason = '',
  ) => ({ key, kind, date, amount, method, reference, reason });
  const entries = [
    entry('statement-deposit-invoiced', 'deposit', d.lastMonth(2), '2000.00', 'ach', 'ACH-0412'),
    entry('credit-voided-deposit', 'deposit', d.ago(44), '1500.00', 'card', 'VISA 4417'),
    entry('week-paid-twice', 'deposit', d.ago(20), '5000.00', 'check', 'CHK-2208'),
    entry('week-paid-twice', 'deposit', d.ago(18), '5000.00', 'card', 'VISA 0093'),
    entry(
      'week-paid-twice',
      'refund',
      d.ago(16),
      '-5000.00',
      'card',
      'VISA 0093',
      'The deposit was paid twice: the card payment refunded.',
    ),
    entry('week-processed', 'deposit', d.ago(15), '1000.00', 'cash', ''),
    entry('next-week-from-quote', 'deposit', d.ago(11), '2500.00', 'ach', 'ACH-7760'),
    entry('statement-deposit-held', 'deposit', d.thisMonth(5), third, 'check', 'CHK-5531'),
  ];
  for (const { key, ...e } of entries) {
    await recordDepositEntry(
      ctx,
      e.kind === 'refund' ? admin : staff,
      { orderId: byKey(saved, key).id, ...e },
      momentOn(ctx, e.date, 90),
    );
  }
}

/** The story's invoices: each completed order of it on its ship date, a few others ahead of delivery. */
export function storyInvoicePlans(saved: readonly SavedOrder[]): InvoicePlan[] {
  return saved.flatMap((o) => {
    const date =
      o.plan.story?.invoiceOn ?? (o.plan.story && o.plan.status === 'completed' ? o.shipDate : null);
    return date ? [{ orders: [o], date }] : [];
  });
}

/** After invoicing: payments (one $300 over), credit applied from that invoice and from the voided order, credit notes. */
export async function recordStoryMoney(
  ctx: SeedContext,
  saved: readonly SavedOrder[],
  invoices: InvoicesByOrder,
): Promise<void> {
  const d = daysOf(ctx.today);
  const staff = staffOf(ctx);
  const admin = ctx.userIds[0]!;
  const invoiceOf = (key: string) => {
    const found = invoices.get(byKey(saved, key).id);
    if (!found) throw new Error(`demo seed: the story's order ${key} has no invoice`);
    return found;
  };
  const overpaid = invoiceOf('credit-overpaid');
  const credited = invoiceOf('credit-applied');
  const lastMonths = invoiceOf('statement-shipped-last-month');
  const thisWeeks = invoiceOf('statement-deposit-invoiced');

  // Every step in date order.
  const lastSeasons = invoiceOf('statement-paid-last-season');
  await recordLedgerEntry(
    ctx,
    staff,
    {
      invoiceId: lastSeasons.id,
      kind: 'payment',
      date: d.ago(118),
      amount: lastSeasons.total,
      method: 'check',
      reference: 'CHK-4980',
    },
    momentOn(ctx, d.ago(118), 60),
  );
  await recordLedgerEntry(
    ctx,
    staff,
    {
      invoiceId: overpaid.id,
      kind: 'payment',
      date: d.ago(50),
      amount: money(roundCents(overpaid.total).plus(300)),
      method: 'check',
      reference: 'CHK-8812',
      note: 'Paid the quoted price before the LED lights were taken off.',
    },
    momentOn(ctx, d.ago(50), 60),
  );
  await recordLedgerEntry(
    ctx,
    staff,
    {
      invoiceId: lastMonths.id,
      kind: 'payment',
      date: d.lastMonth(14),
      amount: money(toDecimal(lastMonths.total).dividedBy(2).toDecimalPlaces(0)),
      method: 'check',
      reference: 'CHK-5120',
    },
    momentOn(ctx, d.lastMonth(14), 60),
  );
  // Credit applied to the later invoice: $200 of the $300 overpaid (the rest stays as credit), and the voided order's deposit.
  await applyInvoiceCredit(
    ctx,
    admin,
    { sourceInvoiceId: overpaid.id, targetInvoiceId: credited.id, amount: '200.00', date: d.ago(10) },
    momentOn(ctx, d.ago(10), 30),
  );
  await applyVoidedDeposit(
    ctx,
    admin,
    {
      orderId: byKey(saved, 'credit-voided-deposit').id,
      targetInvoiceId: credited.id,
      amount: '1500.00',
      date: d.ago(10),
    },
    momentOn(ctx, d.ago(10), 35),
  );
  // Credit notes this month: a window returned unused, and the freight of a late delivery waived.
  const creditLine = async (
    invoiceId: number,
    which: (l: { description: string; isFreight: boolean | null }) => boolean,
  ) => {
    const line = (await invoiceLinesOf(ctx, invoiceId)).find(which);
    if (!line) throw new Error('demo seed: the line to credit is not on the invoice');
    return {
      quantity: line.quantity,
      description: line.description,
      price_each: line.priceEach,
      is_freight: line.isFreight,
    };
  };
  await issueCreditNote(
    ctx,
    admin,
    lastMonths.id,
    {
      date: d.thisMonth(3),
      reason: 'Sliding window returned unused.',
      lines: [await creditLine(lastMonths.id, (l) => l.description === 'Sliding Window')],
    },
    momentOn(ctx, d.thisMonth(3), 120),
  );
  await issueCreditNote(
    ctx,
    admin,
    thisWeeks.id,
    {
      date: d.today,
      reason: 'Delivered a week late: freight waived.',
      lines: [await creditLine(thisWeeks.id, (l) => l.isFreight === true)],
    },
    momentOn(ctx, d.today, 0),
  );
}

// ------------------------------------------------------------------------------------------ quotes

interface StoryQuote {
  key: string;
  customer: string;
  product: string;
  items?: readonly (readonly [string, number])[];
  freight: string;
  shipVia?: string;
  shipDate?: string;
  date: string;
  validUntil: string;
  /** As stored: an expired quote is a sent one past its Valid Until. */
  status: StoredQuoteStatus;
  sent?: string;
  accepted?: { on: string; name: string };
  declined?: { on: string; comment: string };
  converted?: string;
}

function storyQuotes(today: string): StoryQuote[] {
  const d = daysOf(today);
  const converted = storyOrders(today).find((o) => o.fromQuote === 'converted')!;
  return [
    {
      key: 'expired',
      customer: 'Cass Lake Convenience',
      product: 'Walk-in Cooler 8x10',
      items: [['Strip Curtain', 1]],
      freight: '300.00',
      date: d.ago(50),
      validUntil: d.ago(20),
      status: 'sent',
      sent: d.ago(49),
    },
    {
      key: 'declined',
      customer: 'Otter Tail County Fair Assoc.',
      product: 'Ice House Kit 8x16 Deluxe',
      items: [['Sliding Window', 2]],
      freight: '0.00',
      date: d.ago(20),
      validUntil: d.ago(-10),
      status: 'declined',
      sent: d.ago(19),
      declined: { on: d.ago(14), comment: 'We are renting houses this season instead.' },
    },
    {
      key: 'converted',
      customer: 'Rainy Lake Guides',
      product: converted.product,
      items: [
        ['Floor Hole Cutouts (pair)', 2],
        ['Rod Holder Set', 4],
      ],
      freight: converted.freight,
      shipVia: converted.shipVia ?? undefined,
      shipDate: converted.shipDate ?? undefined,
      date: d.ago(16),
      validUntil: d.ago(-14),
      status: 'converted',
      sent: d.ago(16),
      accepted: { on: d.ago(13), name: 'Gary Lindahl' },
      converted: converted.date,
    },
    {
      key: 'accepted',
      customer: 'Fargo Catering Kitchen',
      product: 'Walk-in Freezer 8x12',
      items: [['Strip Curtain', 1]],
      freight: '600.00',
      shipVia: 'Freight Carrier',
      date: d.ago(12),
      validUntil: d.ago(-18),
      status: 'accepted',
      sent: d.ago(12),
      accepted: { on: d.ago(9), name: 'Dana Olafson' },
    },
    {
      key: 'sent',
      customer: 'Hometown Grocery Co-op',
      product: 'Walk-in Cooler 8x10',
      items: [
        ['Strip Curtain', 1],
        ['Wire Shelving Unit', 3],
      ],
      freight: '350.00',
      date: d.ago(6),
      validUntil: d.ago(-24),
      status: 'sent',
      sent: d.ago(6),
    },
    {
      key: 'draft',
      customer: 'Pelican Lake Sportsmen Club',
      product: 'Prebuilt Wheelhouse 8x16',
      items: [
        ['Fold-down Bunk', 2],
        ['Vented Propane Heater', 1],
      ],
      freight: '450.00',
      shipVia: 'Freight Carrier',
      date: d.ago(2),
      validUntil: d.ago(-28),
      status: 'draft',
    },
  ];
}

/** A story quote's stored fields (the quote form's, through quoteSchema) and its price (the order's own rule). */
function quoteOf(ctx: SeedContext, key: string) {
  const q = storyQuotes(ctx.today).find((x) => x.key === key);
  if (!q) throw new Error(`demo seed: the story has no quote ${key}`);
  const customer = demoCustomer(q.customer);
  const input = orderInput(
    ctx,
    customer,
    'pending',
    q.date,
    {
      product: q.product,
      items: q.items,
      freight: q.freight,
      shipVia: q.shipVia ?? null,
      shipDate: q.shipDate ?? null,
    },
    '',
  );
  const parsed = quoteSchema.safeParse({ ...input, valid_until: q.validUntil });
  if (!parsed.success)
    throw new Error(`demo seed: a quote the quote form would refuse (${parsed.error.message})`);
  const { valid_until: _valid, ...fields } = parsed.data;
  const price = quotePrice(fields, {
    taxRate: DEMO_COMPANY.salesTaxRate,
    buildingType: catalogueProduct(ctx, q.product).buildingType,
  });
  return { quote: q, fields: fields as QuoteOrderFields, price };
}

/**
 * The quotes, numbered Q-1001... from the quote_number sequence in the order they were made, each as the
 * quote screens and the customer's link leave it (sent, accepted with a typed name, declined with a
 * comment, converted to its order).
 */
export async function seedQuotes(ctx: SeedContext, saved: readonly SavedOrder[]): Promise<void> {
  const staff = staffOf(ctx);
  const ip = '198.51.100.23';
  for (const story of storyQuotes(ctx.today)) {
    const { quote: q, fields, price } = quoteOf(ctx, story.key);
    const number = `Q-${await nextNumber(ctx.tx, 'quote_number', { floor: 1001 })}`;
    const createdAt = momentOn(ctx, q.date, 20);
    const sentAt = q.sent ? momentOn(ctx, q.sent, 45) : null;
    const acceptedAt = q.accepted ? momentOn(ctx, q.accepted.on, 200) : null;
    const declinedAt = q.declined ? momentOn(ctx, q.declined.on, 200) : null;
    const convertedAt = q.converted ? momentOn(ctx, q.converted, 15) : null;
    const order = q.converted ? byKey(saved, 'next-week-from-quote') : null;
    const events = [createdAt, sentAt, acceptedAt, declinedAt, convertedAt].filter(
      (t): t is Date => t !== null,
    );
    await ctx.tx.insert(quotes).values({
      quoteNumber: number,
      status: q.status,
      date: q.date,
      validUntil: q.validUntil,
      customerId: fields.customer_id ?? null,
      customerName: fields.billing_address.name || fields.shipping_address.name || '',
      fields,
      subtotal: price.subtotal,
      discountAmount: price.discountAmount,
      taxAmount: price.taxAmount,
      total: price.total,
      taxRate: DEMO_COMPANY.salesTaxRate,
      orderId: order?.id ?? null,
      convertedAt,
      sentAt,
      acceptedName: q.accepted?.name ?? null,
      acceptedAt,
      acceptedIp: q.accepted ? ip : null,
      declinedComment: q.declined?.comment ?? null,
      declinedAt,
      declinedIp: q.declined ? ip : null,
      // Each save, send, answer and the conversion moved it on.
      version: events.length,
      createdAt,
      updatedAt: events[events.length - 1]!,
      createdBy: staff,
      updatedBy: staff,
    });
    ctx.summary.quotes++;
  }
}
