import { eq, sql } from 'drizzle-orm';
import {
  CUSTOM_PRODUCT,
  QUOTE_MESSAGES,
  deriveInvoiceLineItems,
  lineAmount,
  quoteStatusOf,
  todayIso,
  type OrderForInvoice,
  type QuoteOrderFields,
} from '@icehouse/domain';
import { orders, products, quotes, users } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { DbDeps } from '../../deps';
import { AppError } from '../../errors';
import { productDescriptions, settingLabels } from '../orders/views';
import type { quoteAnswer, quoteLineAnswer, quoteListRow } from './schemas';
import type { z } from 'zod';

/** Reading quotes: one quote as GET /api/quotes/{id}/ answers it (also the body of its events). */

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteView = z.output<typeof quoteAnswer>;
export type QuoteListRow = z.output<typeof quoteListRow>;
export type QuoteLine = z.output<typeof quoteLineAnswer>;

export const quoteNotFound = () => AppError.notFound(QUOTE_MESSAGES.notFound);

/** The quote's status as shown: expired computed from Valid Until and the server's calendar date (decision 160). */
export const shownStatus = (row: Pick<QuoteRow, 'status' | 'validUntil'>, today = todayIso()) =>
  quoteStatusOf(row.status, row.validUntil, today);

/** The building type pricing reads: the custom type, else the chosen product's. */
export async function quoteBuildingType(db: Db, fields: QuoteOrderFields): Promise<string | null> {
  const info = fields.building_info;
  if (info.product === CUSTOM_PRODUCT || info.product === null) return info.building_type ?? null;
  const [row] = await db.select({ type: products.buildingType }).from(products).where(eq(products.id, info.product));
  return row?.type ?? info.building_type ?? null;
}

/**
 * The quote's lines, as its order's invoice would have them (the domain's deriveInvoiceLineItems, every
 * id resolved to its label), so the lines add up to the quote's price by the same rules.
 */
export async function quoteLines(db: Db, fields: QuoteOrderFields): Promise<QuoteLine[]> {
  const info = fields.building_info;
  const productId = typeof info.product === 'number' ? info.product : null;
  const [labels, productNames, buildingType] = await Promise.all([
    settingLabels(db, [info.size, info.thickness, info.door_type, info.door_cladding, ...info.additional_items.map((i) => i.item)]),
    productDescriptions(db, [productId]),
    quoteBuildingType(db, fields),
  ]);
  const label = (id: number | null) => (id === null ? '' : (labels.get(id) ?? ''));
  const order: OrderForInvoice = {
    buildingDescription: productId !== null ? (productNames.get(productId) ?? info.building_description) : info.building_description,
    buildingType,
    buildingPrice: info.price,
    size: info.custom_size || label(info.size),
    thickness: label(info.thickness),
    doorType: info.door_type !== null ? { label: label(info.door_type), price: info.door_type_price } : null,
    doorCladding: info.door_cladding !== null ? { label: label(info.door_cladding), price: info.door_cladding_price } : null,
    additionalItems: info.additional_items.map((i) => ({
      // A catalogue item by the name it had when the quote was saved (the words the customer saw: decision 253).
      label: i.item !== null ? i.item_name || label(i.item) : i.custom_item_name,
      quantity: i.quantity,
      price: i.price,
    })),
    freightCost: fields.freight_cost,
  };
  return deriveInvoiceLineItems(order).map((l) => ({
    quantity: l.quantity,
    description: l.description,
    price_each: l.price_each,
    amount: lineAmount(l.quantity, l.price_each),
  }));
}

export function quoteListRowOf(row: QuoteRow, today = todayIso()): QuoteListRow {
  return {
    id: row.id,
    quote_number: row.quoteNumber,
    status: shownStatus(row, today),
    date: row.date,
    valid_until: row.validUntil,
    customer_id: row.customerId,
    customer_name: row.customerName,
    total: row.total,
    order_id: row.orderId,
  };
}

/** The quote's row, or 404. */
export async function quoteRow(db: Db, id: number): Promise<QuoteRow> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw quoteNotFound();
  return row;
}

/** GET /api/quotes/{id}/: the quote, its lines and totals, its customer's answer, its order. */
export async function getQuote(deps: DbDeps, id: number): Promise<QuoteView> {
  const db = deps.database.db;
  const [found] = await db
    .select({
      quote: quotes,
      createdBy: users.username,
      doorNumber: sql<string | null>`(select ${orders.doorNumber} from ${orders} where ${orders.id} = ${quotes.orderId})`,
    })
    .from(quotes)
    .leftJoin(users, eq(users.id, quotes.createdBy))
    .where(eq(quotes.id, id));
  if (!found) throw quoteNotFound();
  const row = found.quote;
  return {
    ...quoteListRowOf(row),
    fields: row.fields as unknown as Record<string, unknown>,
    line_items: await quoteLines(db, row.fields),
    totals: {
      subtotal: row.subtotal,
      discount_amount: row.discountAmount,
      tax_rate: row.taxRate,
      tax_amount: row.taxAmount,
      total: row.total,
    },
    order_door_number: found.doorNumber,
    sent_at: row.sentAt?.toISOString() ?? null,
    accepted:
      row.acceptedAt && row.acceptedName !== null
        ? { name: row.acceptedName, at: row.acceptedAt.toISOString(), ip: row.acceptedIp ?? '' }
        : null,
    declined: row.declinedAt ? { comment: row.declinedComment ?? '', at: row.declinedAt.toISOString() } : null,
    converted_at: row.convertedAt?.toISOString() ?? null,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: found.createdBy ?? null,
  };
}
