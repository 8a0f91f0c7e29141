import { z } from 'zod';

export const systemStatusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['postgres', 'pglite']),
  version: z.string(),
});
