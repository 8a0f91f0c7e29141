import { z } from 'zod';
import { BUILDING_TYPES, LIMITS, TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { parseMoney, roundCents, toMoneyString } from '../money';
import { addIssue, flag, requiredChoice, requiredRef, requiredText } from './fields';
import { quantityField } from './money-fields';

/**
 * Products form and POST/PUT /api/products/ (invoices spec §5). A simple product carries its own
 * price (at least 0.01); a component product needs components and its price is calculated, so
 * the price it sends is dropped (null).
 */

export const productComponentSchema = z.object({
  component: requiredRef(MESSAGES.componentSelectionRequired),
  quantity: quantityField({
    invalid: MESSAGES.quantityMin,
    whole: MESSAGES.quantityWhole,
    min: { value: LIMITS.quantityMin, message: MESSAGES.quantityMin },
    defaultValue: LIMITS.quantityMin,
  }),
});

export const productSchema = z
  .object({
    description: requiredText(MESSAGES.descriptionRequired, TEXT_LIMITS.line),
    building_type: requiredChoice(
      BUILDING_TYPES,
      MESSAGES.buildingTypeRequired,
      MESSAGES.buildingTypeInvalid,
    ),
    is_simple: flag(false),
    // Read below, where is_simple is known: a component product's price is ignored.
    price: z.union([z.string(), z.number()]).nullish(),
    components: z
      .array(productComponentSchema)
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((product, ctx) => {
    if (product.is_simple) {
      const price = parseMoney(product.price);
      if (price === null) addIssue(ctx, MESSAGES.simpleProductPrice, ['price']);
      else if (roundCents(price).lessThan(LIMITS.simpleProductMinPrice)) {
        addIssue(ctx, MESSAGES.priceGreaterThanZero, ['price']);
      } else if (roundCents(price).greaterThan(LIMITS.moneyMax))
        addIssue(ctx, MESSAGES.amountTooLarge, ['price']);
      return;
    }
    if (product.components.length === 0) addIssue(ctx, MESSAGES.componentsRequired, ['components']);
    const seen = new Set<number>();
    product.components.forEach((row, i) => {
      if (row.component > 0 && seen.has(row.component)) {
        addIssue(ctx, MESSAGES.componentDuplicate, ['components', i, 'component']);
      }
      seen.add(row.component);
    });
  })
  .transform((product) => ({ ...product, price: product.is_simple ? toMoneyString(product.price) : null }));

export type ProductInput = z.input<typeof productSchema>;
export type ProductData = z.output<typeof productSchema>;
