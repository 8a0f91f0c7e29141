import { z } from 'zod';
import { QUOTE_STATUSES, quoteSchema } from '@icehouse/domain';
import { idField } from '../../operations/input';
import { listPage, listPageSize, listText, pageAnswer, restPageAnswer } from '../../operations/list-input';
import { successAnswer } from '../../operations/answers';
import { documentList } from '../documents/schemas';
import { customerLinkAnswer, customerLinkCreatedAnswer, customerLinkEventsAnswer, customerLinksAnswer } from '../links/schemas';

/** Schemas of the quotes API and of the customer links (decisions 160, 161). */

// ------------------------------------------------------------------------------------- inputs

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function quoteBodyJsonSchema(): Record<string, unknown> {
  try {
    const json = z.toJSONSchema(quoteSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return { type: 'object' };
  }
}

/** The quote body: its shape (an object) here; the service validates the fields with the domain's quoteSchema. */
export const quoteWriteInput = z
  .custom<Record<string, unknown>>(isPlainObject, { message: 'Send the quote as a JSON object.' })
  .meta({
    description:
      "A quote: the order form's fields (POST /api/orders/'s body without door_number, status and invoice_number), " +
      'valid_until (YYYY-MM-DD, required, not before date), plus version on update.',
    ...quoteBodyJsonSchema(),
  });

export const quoteIdInput = z.object({ id: idField });
export const quoteUpdateInput = z.object({ id: idField, data: quoteWriteInput });

export const quoteListInput = z
  .object({
    search: listText().describe('Quote number or customer (bill-to or ship-to name) contains this (any case)'),
    status: z
      .preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(QUOTE_STATUSES).optional())
      .describe('Only quotes of this status (expired: open quotes past Valid Until)'),
    customer_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField.optional()),
    page: listPage(),
    page_size: listPageSize(),
  })
  .nullish();

export const quoteConvertInput = z.object({
  id: idField,
  data: z
    .object({
      door_number: z.unknown().optional().describe('The door number the new order takes (required)'),
      date: z.unknown().optional().describe('The order date, YYYY-MM-DD; default today'),
      version: z.unknown().optional().describe('The version of the quote you read'),
    })
    .catchall(z.unknown()),
});

/** A customer link's call: the document in the path, the token in the X-Customer-Link header. */
export const customerQuoteInput = z.object({ id: idField });
export const customerAcceptInput = z.object({
  id: idField,
  data: z.object({ name: z.unknown().optional(), version: z.unknown().optional() }).catchall(z.unknown()),
});
export const customerDeclineInput = z.object({
  id: idField,
  data: z.object({ comment: z.unknown().optional(), version: z.unknown().optional() }).catchall(z.unknown()),
});

// ------------------------------------------------------------------------------------ answers

const money = z.string().describe('Decimal with two places, e.g. "1250.00"');
const date = z.string().describe('YYYY-MM-DD');
const timestamp = z.string().describe('ISO 8601');

export const quoteLineAnswer = z.object({
  quantity: z.number(),
  description: z.string(),
  price_each: money,
  amount: money,
});

export const quoteTotalsAnswer = z.object({
  subtotal: money,
  discount_amount: money,
  tax_rate: z.string().describe('Percent, the sales tax rate of the last save'),
  tax_amount: money,
  total: money,
});

export const quoteListRow = z.object({
  id: z.number().int(),
  quote_number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  date,
  valid_until: date,
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  total: money,
  order_id: z.number().int().nullable(),
});

export const quoteAnswer = quoteListRow.extend({
  /** The order form's fields as validated (prices included). */
  fields: z
    .record(z.string(), z.unknown())
    .describe(
      "The order form's fields as validated (prices included): the body of POST /api/orders/ without door_number, status " +
        'and invoice_number. building_info.additional_items[] are the order form\'s items: item (a catalogue item\'s id) ' +
        'with the price picked, or item null and custom_item_name (a custom line, as the order form makes one); a ' +
        "catalogue item also answers item_name, its catalogue name when the quote was saved (read-only: the quote's " +
        'lines and PDF show it; a save takes the catalogue\'s name again). Conversion copies every field into the order.',
    ),
  line_items: z.array(quoteLineAnswer),
  totals: quoteTotalsAnswer,
  order_door_number: z.string().nullable(),
  sent_at: timestamp.nullable(),
  accepted: z.object({ name: z.string(), at: timestamp, ip: z.string() }).nullable(),
  declined: z.object({ comment: z.string(), at: timestamp }).nullable(),
  converted_at: timestamp.nullable(),
  version: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
  created_by: z.string().nullable(),
});

export const quoteListAnswer = pageAnswer(quoteListRow);
export const quoteListRestAnswer = restPageAnswer(quoteListRow);

/** What a customer sees through a link: the document's key figures, nothing of the staff's. */
export const customerQuoteAnswer = z.object({
  quote_number: z.string(),
  company_name: z.string(),
  status: z.enum(QUOTE_STATUSES),
  date,
  valid_until: date,
  customer_name: z.string(),
  line_items: z.array(quoteLineAnswer),
  totals: quoteTotalsAnswer,
  accepted: z.object({ name: z.string(), at: timestamp }).nullable(),
  declined: z.object({ at: timestamp }).nullable(),
  can_respond: z.boolean(),
  version: z.number().int(),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const quotesAnswers = {
  'quotes.list': quoteListAnswer,
  'quotes.get': quoteAnswer,
  'quotes.create': quoteAnswer,
  'quotes.update': quoteAnswer,
  'quotes.delete': successAnswer,
  'quotes.convert': quoteAnswer,
  'quotes.markSent': quoteAnswer,
  'quotes.duplicate': quoteAnswer,
  'quotes.documents': documentList,
  'quotes.links': customerLinksAnswer,
  'quotes.createLink': customerLinkCreatedAnswer,
  'quotes.revokeLink': customerLinkAnswer,
  'quotes.linkEvents': customerLinkEventsAnswer,
  'customerLinks.quote': customerQuoteAnswer,
  'customerLinks.accept': customerQuoteAnswer,
  'customerLinks.decline': customerQuoteAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const quotesRestAnswers = {
  'GET /api/quotes/': quoteListRestAnswer,
  'GET /api/quotes/{id}/': quotesAnswers['quotes.get'],
  'POST /api/quotes/': quotesAnswers['quotes.create'],
  'PUT /api/quotes/{id}/': quotesAnswers['quotes.update'],
  'DELETE /api/quotes/{id}/': quotesAnswers['quotes.delete'],
  'POST /api/quotes/{id}/convert/': quotesAnswers['quotes.convert'],
  'POST /api/quotes/{id}/mark-sent/': quotesAnswers['quotes.markSent'],
  'POST /api/quotes/{id}/duplicate/': quotesAnswers['quotes.duplicate'],
  'GET /api/quotes/{id}/links/': quotesAnswers['quotes.links'],
  'POST /api/quotes/{id}/links/': quotesAnswers['quotes.createLink'],
  'POST /api/quotes/{id}/links/{linkId}/revoke/': quotesAnswers['quotes.revokeLink'],
  'GET /api/quotes/{id}/link-events/': quotesAnswers['quotes.linkEvents'],
  'GET /api/customer/quotes/{id}/': quotesAnswers['customerLinks.quote'],
  'POST /api/customer/quotes/{id}/accept/': quotesAnswers['customerLinks.accept'],
  'POST /api/customer/quotes/{id}/decline/': quotesAnswers['customerLinks.decline'],
};
