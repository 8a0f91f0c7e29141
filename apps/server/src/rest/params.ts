import { z } from 'zod';

/** `{id}` path parameter: a positive integer. */
export const idParams = z.object({
  id: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').positive('A valid integer is required.'),
});
