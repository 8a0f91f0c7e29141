import { z } from 'zod';

/** `{id}` path parameter: a positive integer. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .positive('A valid integer is required.')
    // ids are PostgreSQL integers: a larger one would make the database refuse the query (a 500)
    .max(2_147_483_647, 'Ensure this value is less than or equal to 2147483647.'),
});
