import { z } from 'zod';

export const choiceSchema = z.object({ value: z.string(), label: z.string() });
export const choiceListSchema = z.array(choiceSchema);
export type Choice = z.output<typeof choiceSchema>;

/** Region choices' country: a country code, default US (`?country=` on REST; absent means US). */
export const regionInput = z
  .object({
    country: z.string().max(10, 'Country code is too long').optional(),
  })
  .optional();

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const lookupsAnswers = {
  'lookups.statusChoices': choiceListSchema,
  'lookups.countries': choiceListSchema,
  'lookups.regions': choiceListSchema,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const lookupsRestAnswers = {
  'GET /api/orders/status_choices/': lookupsAnswers['lookups.statusChoices'],
  'GET /api/customers/country_choices/': lookupsAnswers['lookups.countries'],
  'GET /api/customers/region_choices/': lookupsAnswers['lookups.regions'],
};
