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
