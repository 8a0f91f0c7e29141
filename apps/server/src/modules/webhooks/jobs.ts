import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { defineJob } from '../../jobs/define';
import { deliverOnce, type Requeue } from './deliver';

/** The jobs of the webhooks module (listed in src/jobs/all-jobs.ts). */

/**
 * Sends one outbox row (deliver.ts). pg-boss retries only a run that died or threw unexpectedly (a crash,
 * the database gone): a failed POST is not a failed job; deliverOnce schedules the next attempt itself
 * (deliveryRetryDelaySeconds) and releases a delivery parked behind this one (decision 125).
 */
export const deliverWebhookJob = defineJob({
  name: 'deliver-webhook',
  label: 'Deliver a webhook',
  data: z.object({ deliveryId: z.number().int() }),
  retryLimit: 12,
  retryDelay: 30,
  retryBackoff: false,
  expireInSeconds: 60,
  // A delivery mostly waits (the endpoint, the database): 8 per instance keep a backlog moving.
  concurrency: 8,
  run: ({ deps, data }) => deliverOnce(deps, data.deliveryId, requeueOf(deps)),
});

function requeueOf(deps: AppDeps): Requeue {
  return {
    send: (tx, deliveryId, startAfter) =>
      deps.jobs.send(deliverWebhookJob, { deliveryId }, startAfter ? { tx, startAfter } : { tx }),
    wake: () => deps.jobs.wake(deliverWebhookJob),
  };
}
