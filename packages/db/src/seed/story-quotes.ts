import { quotePrice, quoteSchema, type QuoteOrderFields, type StoredQuoteStatus } from '@icehouse/domain';
import { nextNumber } from '../sequences';
import { quotes } from '../schema/index';
import { DEMO_COMPANY } from './data';
import { catalogueProduct, momentOn, type SeedContext } from './context';
import type { SavedOrder } from './order-draft';
import { byKey, daysOf, demoCustomer, staffOf } from './story';
import { orderInput, storyOrders } from './story-orders';

/**
 * The story's quotes (story.ts), one in every status: draft, sent, accepted, declined, expired, and one
 * converted to its order (story-order-drafts.ts).
 */

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
export function quoteOf(ctx: SeedContext, key: string) {
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
