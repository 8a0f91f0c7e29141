import { z } from 'zod';

export const choiceSchema = z.object({ value: z.string(), label: z.string() });
export const choiceListSchema = z.array(choiceSchema);
