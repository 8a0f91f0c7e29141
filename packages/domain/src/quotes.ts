import { z } from 'zod';
import { TEXT_LIMITS } from './constants';
import { addDays } from './schedule';
import { calculateOrderPrice, orderPriceInputFromOrder, type OrderPriceResult, type OrderPricingContext } from './pricing';
import { addIssue, asText, optionalText, requiredDate, scalar, textProblem } from './schemas/fields';
import { withDocumentLink } from './email';
import { orderSchema, type AdditionalItemData, type OrderData } from './schemas/order';

/**
 * Quotes (decision 160): the order form's fields, priced by the order's own rules (no rule of their
 * own), numbered Q-1001, Q-1002... never reused; and what a customer does with one through a link.
 */

/** The statuses a quote is stored with; `expired` is never stored: it is computed (quoteStatusOf). */
export const STORED_QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'converted'] as const;
export type StoredQuoteStatus = (typeof STORED_QUOTE_STATUSES)[number];
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'converted'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  converted: 'Converted',
};

/** A new quote is valid this many days unless the form says otherwise. */
export const QUOTE_VALID_DAYS = 30;
/** A customer link works this many days unless staff choose otherwise (at most CUSTOMER_LINK_MAX_DAYS). */
export const CUSTOMER_LINK_DAYS = 60;
export const CUSTOMER_LINK_MAX_DAYS = 365;
/** The prefix of quote numbers: Q-1001. */
export const QUOTE_NUMBER_PREFIX = 'Q-';

export const QUOTE_MESSAGES = {
  validUntilRequired: 'Valid Until is required.',
  validUntilBeforeDate: 'Valid Until cannot be before the quote date.',
  notFound: 'Quote not found.',
  stale: 'This quote was changed by someone else. Reload it to see their changes.',
  lockedAccepted:
    'This quote was accepted by the customer and can no longer be edited. Convert it to an order, or make a new quote.',
  lockedConverted: 'This quote was converted to an order and can no longer be changed.',
  lockedDeclined: 'This quote was declined; make a new quote instead.',
  convertNotAccepted: 'Only an accepted quote can be converted to an order.',
  alreadyConverted: 'This quote was already converted to an order.',
  acceptNotOpen: 'This quote can no longer be accepted.',
  declineNotOpen: 'This quote can no longer be declined.',
  alreadyAccepted: 'This quote was already accepted.',
  alreadyDeclined: 'This quote was already declined.',
  expired: 'This quote has expired. Ask us for a new one.',
  notSent: 'This quote has not been sent to you yet, so it cannot be answered. Ask us to send it.',
  changedSinceOpened: 'This quote was changed since you opened it. Reload the page to see the current quote.',
  deleteNotDraft: 'Only a draft quote can be deleted; a sent quote keeps its number on record.',
  acceptNameRequired: 'Type your name to accept the quote.',
  linkInvalid: 'This link is not valid. Ask us for a new one.',
  linkExpired: 'This link has expired. Ask us for a new one.',
  linkRevoked: 'This link was withdrawn. Ask us for a new one.',
  linkOtherDocument: 'This link is for another document.',
  linkNotFound: 'Link not found.',
  linkDaysInvalid: `Days must be a whole number from 1 to ${CUSTOMER_LINK_MAX_DAYS}.`,
  rateLimited: 'Too many requests from your address. Try again in a few minutes.',
} as const;

/**
 * The quote as the form submits it: the order form's fields (the order's own schema, so every rule
 * and message is the order's) without what only an order has (door number, status, invoice number,
 * its invoice and BOL), plus Valid Until and the order form's Additional Info.
 */
const ORDER_ONLY = { door_number: 'quote', status: 'pending', invoice_number: '', has_invoice: false, has_bol: false };

export const quoteSchema = z
  .preprocess(
    (raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...raw, ...ORDER_ONLY } : raw),
    orderSchema.and(
      z.object({
        valid_until: requiredDate(QUOTE_MESSAGES.validUntilRequired),
        // The order form's Additional Info, which the order keeps beside its schema's fields: the quote keeps it
        // with its fields, and the order made from it takes it.
        additional_info: optionalText(TEXT_LIMITS.longText),
      }),
    ),
  )
  .superRefine((quote, ctx) => {
    if (quote.valid_until && quote.date && quote.valid_until < quote.date)
      addIssue(ctx, QUOTE_MESSAGES.validUntilBeforeDate, ['valid_until']);
  })
  .transform((quote) => {
    const { door_number: _d, status: _s, invoice_number: _i, has_invoice: _hi, has_bol: _hb, ...fields } = quote;
    return fields;
  });
export type QuoteInput = z.input<typeof quoteSchema>;
export type QuoteData = z.output<typeof quoteSchema>;

/**
 * An additional item as a quote keeps it: the order's item (the catalogue item's id and the price picked, or a
 * custom line's name) and, for a catalogue item, its name when the quote was saved (`item_name`), so the quote
 * the customer saw keeps its words when the catalogue is renamed later (decision 253).
 */
export type QuoteAdditionalItem = AdditionalItemData & { item_name?: string };
type QuoteBuildingInfo = Omit<QuoteData['building_info'], 'additional_items'> & { additional_items: QuoteAdditionalItem[] };
/** The order fields a quote keeps (stored as they are, for the PDF, the form and the order made from it). */
export type QuoteOrderFields = Omit<QuoteData, 'valid_until' | 'building_info'> & { building_info: QuoteBuildingInfo };

/**
 * The quote's items with each catalogue item's name as the catalogue has it now (`nameOf`); a custom line (no
 * catalogue item: typed on the order form, or free text of a quote from before decision 253) is kept as it is.
 */
export function withPickedItemNames<T extends { building_info: { additional_items: readonly AdditionalItemData[] } }>(
  fields: T,
  nameOf: (itemId: number) => string | undefined,
): T & { building_info: { additional_items: QuoteAdditionalItem[] } } {
  const additional_items = fields.building_info.additional_items.map((i): QuoteAdditionalItem => {
    const { item_name: _old, ...item } = i as QuoteAdditionalItem;
    const name = item.item !== null ? nameOf(item.item) : undefined;
    return name === undefined ? item : { ...item, item_name: name };
  });
  return { ...fields, building_info: { ...fields.building_info, additional_items } };
}

/**
 * The order a quote becomes: the quote's fields (their prices included, each catalogue item by its id, custom
 * lines as the order form's custom items), with the door number given at conversion.
 */
export function orderInputFromQuote(fields: QuoteOrderFields, doorNumber: string, date: string): OrderData {
  const info = fields.building_info;
  return {
    ...fields,
    building_info: { ...info, additional_items: info.additional_items.map(({ item_name: _name, ...item }) => item) },
    date,
    door_number: doorNumber,
    status: 'pending',
    invoice_number: '',
    has_invoice: false,
    has_bol: false,
  } as OrderData;
}

/** The quote's price: the order's own rule (calculateOrderPrice) on the order's fields. */
export function quotePrice(fields: QuoteOrderFields, context: OrderPricingContext): OrderPriceResult {
  return calculateOrderPrice(orderPriceInputFromOrder(fields, context));
}

/**
 * The status a quote shows (decision 160): `expired` when it is still open (draft or sent) and its
 * Valid Until date is before `today` (a calendar date, the server's); otherwise as stored.
 */
export function quoteStatusOf(stored: StoredQuoteStatus, validUntil: string, today: string): QuoteStatus {
  if ((stored === 'draft' || stored === 'sent') && validUntil < today) return 'expired';
  return stored;
}

/** The default Valid Until of a quote dated `date`. */
export const defaultValidUntil = (date: string): string => addDays(date, QUOTE_VALID_DAYS);

/** The customer's acceptance: the name typed (a signature of sorts), required. */
export const quoteAcceptSchema = z.object({
  name: scalar.nullish().transform((v, ctx) => {
    const text = asText(v);
    if (text === '') addIssue(ctx, QUOTE_MESSAGES.acceptNameRequired);
    else {
      const problem = textProblem(text, TEXT_LIMITS.line);
      if (problem) addIssue(ctx, problem);
    }
    return text;
  }),
});
export const quoteDeclineSchema = z.object({ comment: optionalText(TEXT_LIMITS.longText) });

/** How long a new customer link works. */
export const customerLinkSchema = z.object({
  days: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return CUSTOMER_LINK_DAYS;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > CUSTOMER_LINK_MAX_DAYS) addIssue(ctx, QUOTE_MESSAGES.linkDaysInvalid);
      return n;
    }),
});

/** The documents a customer link can open (an entity type column). */
export const CUSTOMER_LINK_DOCUMENTS = ['quote', 'invoice', 'statement'] as const;
export type CustomerLinkDocument = (typeof CUSTOMER_LINK_DOCUMENTS)[number];

/** Where the email of a quote puts the customer link (filled when the email is sent: a new link each time). */
export const QUOTE_LINK_PLACEHOLDER = '{quote_link}';
export const QUOTE_EMAIL_SUBJECT = 'Quote {quote_number} from {company_name}';
export const QUOTE_EMAIL_BODY =
  'Dear {customer_name},\n\nPlease find attached our quote {quote_number} for {total}, valid until {valid_until}.\n\n' +
  `You can view it and accept or decline it online:\n${QUOTE_LINK_PLACEHOLDER}\n\nThank you,\n{company_name}`;

/** The message with the link in place of the placeholder, or added at its end when the placeholder was removed. */
export function withQuoteLink(body: string, url: string): string {
  return withDocumentLink(body, QUOTE_LINK_PLACEHOLDER, url, 'View and accept the quote online:');
}
