import { z } from 'zod';
import { BUILDING_TYPES, SETTING_CATEGORIES, TEXT_LIMITS, boundedString, componentSchema, productSchema, settingSchema } from '@icehouse/domain';
import { idField } from '../../operations/input';
import { noAnswer } from '../../operations/answers';

/**
 * Answer shapes of the catalogue (invoices spec §3) and the inputs the domain does not own.
 * Form inputs themselves are the domain's settingSchema, componentSchema and productSchema.
 * Money is a string with two places ('12.50').
 */

const money = z.string().describe('Decimal with two places, e.g. "12.50"');

export const settingViewSchema = z.object({
  id: z.number().int(),
  category: z.enum(SETTING_CATEGORIES),
  category_display: z.string(),
  value: z.string(),
  /** null only for rows written before price was required (the column allows it). */
  price: money.nullable(),
});
export const settingListSchema = z.array(settingViewSchema);

export const categoryChoiceSchema = z.object({ value: z.enum(SETTING_CATEGORIES), label: z.string() });
export const categoryChoiceListSchema = z.array(categoryChoiceSchema);

/** Ship via options: value is the setting id (what an order's ship_via refers to), label its value. */
export const shipViaOptionSchema = z.object({ value: z.number().int(), label: z.string() });
export const shipViaOptionListSchema = z.array(shipViaOptionSchema);

export const componentViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cost: money,
  /** Percent over cost. */
  markup: money,
  /** cost × (1 + markup/100), rounded half up to cents. */
  price: money,
});
export const componentListSchema = z.array(componentViewSchema);

export const productComponentViewSchema = z.object({
  /** Id of the product-component row. */
  id: z.number().int(),
  /** Component id. */
  component: z.number().int(),
  quantity: z.number().int(),
  component_name: z.string(),
});

export const productViewSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  building_type: z.enum(BUILDING_TYPES),
  building_type_display: z.string(),
  is_simple: z.boolean(),
  /** A simple product's own price; null for a product built from components. */
  price: money.nullable(),
  components: z.array(productComponentViewSchema),
  /** The selling price: a simple product's price, else Σ component price × quantity. */
  calculated_price: money,
  /** Σ component cost × quantity. */
  total_cost: money,
});
export const productListSchema = z.array(productViewSchema);

// ---------------------------------------------------------------- inputs (forms are the domain's)

/** Settings list filter (`?category=` on REST; blank or absent: every category). */
export const settingListInput = z.object({ category: boundedString(TEXT_LIMITS.line).optional() }).optional();
export const idInput = z.object({ id: idField });
export const updateSettingInput = z.object({ id: idField, data: settingSchema });
export const updateComponentInput = z.object({ id: idField, data: componentSchema });
export const updateProductInput = z.object({ id: idField, data: productSchema });

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const catalogueAnswers = {
  'catalogue.settings.list': settingListSchema,
  'catalogue.settings.categories': categoryChoiceListSchema,
  'catalogue.settings.shipViaOptions': shipViaOptionListSchema,
  'catalogue.settings.create': settingViewSchema,
  'catalogue.settings.update': settingViewSchema,
  'catalogue.settings.delete': noAnswer,
  'catalogue.components.list': componentListSchema,
  'catalogue.components.create': componentViewSchema,
  'catalogue.components.update': componentViewSchema,
  'catalogue.components.delete': noAnswer,
  'catalogue.products.list': productListSchema,
  'catalogue.products.create': productViewSchema,
  'catalogue.products.update': productViewSchema,
  'catalogue.products.delete': noAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const catalogueRestAnswers = {
  'GET /api/settings/': catalogueAnswers['catalogue.settings.list'],
  'GET /api/settings/categories/': catalogueAnswers['catalogue.settings.categories'],
  'GET /api/settings/ship_via_options/': catalogueAnswers['catalogue.settings.shipViaOptions'],
  'POST /api/settings/': catalogueAnswers['catalogue.settings.create'],
  'PUT /api/settings/{id}/': catalogueAnswers['catalogue.settings.update'],
  'DELETE /api/settings/{id}/': catalogueAnswers['catalogue.settings.delete'],
  'GET /api/components/': catalogueAnswers['catalogue.components.list'],
  'POST /api/components/': catalogueAnswers['catalogue.components.create'],
  'PUT /api/components/{id}/': catalogueAnswers['catalogue.components.update'],
  'DELETE /api/components/{id}/': catalogueAnswers['catalogue.components.delete'],
  'GET /api/products/': catalogueAnswers['catalogue.products.list'],
  'POST /api/products/': catalogueAnswers['catalogue.products.create'],
  'PUT /api/products/{id}/': catalogueAnswers['catalogue.products.update'],
  'DELETE /api/products/{id}/': catalogueAnswers['catalogue.products.delete'],
};
