import { z } from 'zod';

/**
 * The words of the change feed, shared by the server (which announces changes, writes events and
 * delivers webhooks) and the web (which picks events for an endpoint and listens for live changes),
 * so that the two cannot drift.
 */

/** The records whose changes are announced. */
export const CHANGE_ENTITIES = [
  'order',
  'invoice',
  'bill_of_lading',
  'payment',
  'customer',
  'quote',
  'deposit',
  'credit_note',
  'stock',
  'purchase_order',
] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

/** What happened. Other areas add their own words (e.g. 'files_changed'); these are the common ones. */
export type ChangeAction =
  'created' | 'updated' | 'deleted' | 'status_changed' | 'voided' | 'unvoided' | (string & {});

/** The events integrators hear about (webhooks and GET /api/events/), `<entity>.<action>`. */
export const EVENT_TYPES = [
  'order.created',
  'order.updated',
  'order.status_changed',
  'order.voided',
  'order.unvoided',
  'order.deleted',
  'invoice.created',
  'invoice.updated',
  'invoice.deleted',
  'bill_of_lading.created',
  'bill_of_lading.updated',
  'payment.recorded',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'quote.created',
  'quote.updated',
  'quote.deleted',
  'quote.sent',
  'quote.accepted',
  'quote.declined',
  'quote.converted',
  // Quote to cash (decisions 171, 172): an entry of an order's deposit account, and a credit note issued.
  'deposit.recorded',
  'credit_note.created',
  // A credit note voided (decision 249): the note with its void, as GET /api/credit-notes/{id}/ answers.
  'credit_note.voided',
  // A component's stock moved (decision 261): the component's stock as GET /api/stock/{id}/ answers it.
  'stock.received',
  'stock.consumed',
  'stock.returned',
  'stock.adjusted',
  // Purchase orders (decision 263): the purchase order as GET /api/purchase-orders/{id}/ answers it.
  'purchase_order.created',
  'purchase_order.updated',
  'purchase_order.sent',
  'purchase_order.received',
  'purchase_order.cancelled',
  'purchase_order.deleted',
] as const satisfies readonly `${ChangeEntity}.${string}`[];
export type EventType = (typeof EVENT_TYPES)[number];

/** The event type of a change, or null when integrators are not told about it. A file change is an order update. */
export function eventTypeOf(change: { entity: ChangeEntity; action: string }): EventType | null {
  const action = change.entity === 'order' && change.action === 'files_changed' ? 'updated' : change.action;
  const type = `${change.entity}.${action}`;
  return (EVENT_TYPES as readonly string[]).includes(type) ? (type as EventType) : null;
}

/** One committed change to a record, as the change feed carries it: `{ entity, id, version, action, by, at }`. */
export const changeSchema = z.object({
  entity: z.enum(CHANGE_ENTITIES),
  id: z.number().int(),
  /** The record's version as committed (orders, invoices); null where the record has none. */
  version: z.number().int().nullable(),
  action: z.string().min(1).max(40),
  /** The user who made it; null for system work. */
  by: z.number().int().nullable(),
  /** When it was announced (just before its transaction committed), ISO 8601. */
  at: z.string(),
});
export type Change = z.output<typeof changeSchema>;

/** A change as a browser receives it: with the name of who made it. */
export const liveChangeSchema = changeSchema.extend({ by_name: z.string().nullable() });
export type LiveChange = z.output<typeof liveChangeSchema>;

/**
 * One event of the live subscription: a change, "refetch everything" (the feed may have missed
 * changes: the database connection was lost, or a reconnect could not be resumed), or "listening":
 * the first event of a new subscription, sent once every later change will reach it. Its id is where
 * a reconnect resumes from, even before any change came (decision 219).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('listening') }),
  z.object({ type: z.literal('change'), change: liveChangeSchema }),
  // role_changed: the user's role changed, so what they may see did (the subscription ends after it).
  z.object({ type: z.literal('refetch'), reason: z.enum(['reconnected', 'resume_unavailable', 'role_changed']) }),
]);
export type LiveEvent = z.output<typeof liveEventSchema>;
