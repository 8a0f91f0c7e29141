import { z } from 'zod';

export const choiceSchema = z.object({ value: z.string(), label: z.string() });
export const choiceListSchema = z.array(choiceSchema);

/** ?country= of region_choices: a country code, default US. */
export const regionQuerySchema = z.object({
  country: z.string().max(10, 'Country code is too long').optional(),
});

/** lookups.regions input; absent means US. */
export const regionInput = regionQuerySchema.optional();
