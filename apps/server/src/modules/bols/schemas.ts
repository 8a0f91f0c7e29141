import { z } from 'zod';

/** Schemas of the BOL API (the body itself is the domain's bolSchema). */

export const bolInfoInput = z.object({ orderId: z.number().int().positive() });

export const bolInfoAnswer = z.object({
  bol_number: z.string().describe("The order's BOL number, or the number a new BOL would get now (not reserved)"),
  is_update: z.boolean().describe('true when the order already has a BOL'),
  date: z.string().describe("YYYY-MM-DD: the BOL's date; for a new one the order's ship date, else today"),
  free_on_board: z.string(),
});
