import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { deliverWebhook } from './deliver';

/** The jobs of the webhooks module (listed in src/jobs/all-jobs.ts). */

/** Sends one outbox row (deliver.ts); retried with backoff until it is delivered or given up. */
export const deliverWebhookJob = defineJob({
  name: 'deliver-webhook',
  label: 'Deliver a webhook',
  data: z.object({ deliveryId: z.number().int() }),
  retryLimit: 12,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 60,
  // A delivery mostly waits (the endpoint, the database): 8 per instance keep a backlog moving.
  concurrency: 8,
  run: ({ deps, data }) => deliverWebhook(deps, data),
});
