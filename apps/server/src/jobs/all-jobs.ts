import type { JobDefinition } from './define';
import { deliverWebhookJob } from '../modules/integrations/deliver';
import { renderInvoiceJob } from '../modules/documents/jobs';
import { sendEmailJob } from '../modules/email/jobs';

/**
 * Every kind of job, one line each: the queue creates a pg-boss queue and a worker for each.
 * A job sent whose definition is not listed here is refused (`send` throws).
 */
export const allJobs: readonly JobDefinition[] = [renderInvoiceJob, sendEmailJob, deliverWebhookJob as unknown as JobDefinition];
