import type { JobDefinition } from './define';
import { deliverWebhookJob } from '../modules/webhooks/jobs';
import { renderInvoiceJob } from '../modules/invoices/jobs';
import { sendEmailJob } from '../modules/email/jobs';
import { quoteAnswerNoticeJob } from '../modules/quotes/jobs';
import { runBackupJob } from '../modules/system/jobs';
import { passwordResetEmailJob } from '../modules/users/jobs';

/**
 * Every kind of job, one line each: the queue creates a pg-boss queue and a worker for each.
 * A job sent whose definition is not listed here is refused (`send` throws). Each is declared in the
 * `jobs.ts` of the module it belongs to.
 */
export const allJobs: readonly JobDefinition[] = [renderInvoiceJob, sendEmailJob, deliverWebhookJob, quoteAnswerNoticeJob, runBackupJob, passwordResetEmailJob];
