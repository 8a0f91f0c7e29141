import {
  addDays,
  isDoorOnly,
  needsSizeAndThickness,
  type OrderInput,
  type OrderStatus,
} from '@icehouse/domain';
import { PRODUCT_SIZES, type DemoCustomer } from './data';
import { catalogueProduct, customerId, setting, type SeedContext } from './context';
import { addressInput } from './orders';
import { DRAFT_DOOR_NUMBER, type PlannedOrder, type StoryOrder } from './order-draft';
import { DEMO_CREDIT_CUSTOMER, DEMO_STATEMENT_CUSTOMER, daysOf, demoCustomer } from './story';

/**
 * The story's orders (story.ts): the statement customer's and the credit customer's, and the shop's work
 * for this week and next, in every status on the board; and the order form's fields of each (and of
 * each story quote, story-quotes.ts).
 */

interface StoryOrderPlan extends StoryOrder {
  customer: string;
  status: OrderStatus;
  date: string;
}

export function storyOrders(today: string): StoryOrderPlan[] {
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
export function orderInput(
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
