import { z } from 'zod';
import { LIMITS, TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { addressSchema, shipToAddressSchema } from './address';
import { addIssue, optionalEmail, optionalText, requiredText } from './fields';
import { normalizePhone } from '../inputMasks';
import { phoneField } from './order';

/** Payment terms are at most this long. */
export const PAYMENT_TERMS_MAX = 100;

/** The order form's phone rule; ten bare digits (as staff type a phone) are formatted first, not refused. */
const customerPhoneField = z.preprocess((v) => (typeof v === 'string' ? normalizePhone(v) : v), phoneField);

/**
 * A customer as its form submits it and as POST/PUT /api/customers/ receive it (one schema, one set of rules).
 * `name` is the billing name; `billing_address` holds the other billing parts (its `name`, if
 * sent, is ignored: the customer's name is the one). The address, phone, email and ZIP rules are
 * the order form's. Ship-to addresses: at most one default; with some and none marked, the first
 * becomes the default, so a customer with ship-to addresses always has exactly one.
 */
export const customerSchema = z
  .object({
    name: requiredText(MESSAGES.customerNameRequired, TEXT_LIMITS.line),
    phone: customerPhoneField,
    email: optionalEmail(MESSAGES.emailInvalid),
    billing_address: addressSchema.prefault({}),
    notes: optionalText(TEXT_LIMITS.longText),
    /** Payment terms each new invoice of the customer takes ("Net 30": due 30 days after the invoice date); blank: the default. */
    payment_terms: optionalText(PAYMENT_TERMS_MAX),
    ship_to: z
      .array(shipToAddressSchema)
      .max(LIMITS.customerShipToMax, MESSAGES.shipToTooMany(LIMITS.customerShipToMax))
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((customer, ctx) => {
    // Every default after the first is wrong: the message sits on its checkbox.
    let defaults = 0;
    customer.ship_to.forEach((a, i) => {
      if (a.is_default && ++defaults > 1)
        addIssue(ctx, MESSAGES.shipToOneDefault, ['ship_to', i, 'is_default']);
    });
  })
  .transform((customer) => {
    const hasDefault = customer.ship_to.some((a) => a.is_default);
    return {
      ...customer,
      ship_to: customer.ship_to.map((a, i) => ({ ...a, is_default: hasDefault ? a.is_default : i === 0 })),
    };
  });

export type CustomerInput = z.input<typeof customerSchema>;
export type CustomerData = z.output<typeof customerSchema>;
export type ShipToAddressData = CustomerData['ship_to'][number];
