import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import type { JobQueue, SendOptions } from '../../deps';
import { AppError } from '../../errors';
import { invoicePdf } from './documents';

/** The jobs of the invoices module (listed in src/jobs/all-jobs.ts). */

/**
 * Renders an invoice's PDF into the archive ahead of time, after it is created or saved, so the first
 * download is served from the archive. `stately`, one key per invoice: saves in a row while one job
 * waits add no job (the waiting one renders the latest). An invoice deleted meanwhile: nothing to do.
 */
export const renderInvoiceJob = defineJob({
  name: 'render-invoice',
  label: 'Render an invoice PDF ahead of time',
  data: z.object({ invoiceId: z.number().int().positive(), userId: z.number().int().positive().nullable() }),
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 15,
  expireInSeconds: 120,
  run: async ({ deps, data }) => {
    try {
      await invoicePdf(deps, data.invoiceId, data.userId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return;
      throw error;
    }
  },
});

/** Queues the invoice's pre-render in the caller's transaction (no queue: tools and bare service calls). */
export async function queueInvoiceRender(
  jobs: JobQueue | undefined,
  invoiceId: number,
  userId: number | null,
  tx: SendOptions['tx'],
): Promise<void> {
  if (!jobs) return;
  await jobs.send(renderInvoiceJob, { invoiceId, userId }, { tx, singletonKey: `invoice:${invoiceId}` });
}
