import { MESSAGES, statusLabel } from '@icehouse/domain';
import { AppError } from '../../errors';
import type { AppDeps, ChangeDeps } from '../../deps';
import type { BillingCustomer } from './customers';

/**
 * What the invoice writes share: the dependencies they take, their messages and the created answer.
 * Every write is one transaction with its history entries; invoice numbers are allocated inside
 * it (numbers.ts) and the constraints decide races.
 */

/** `jobs` when the app has its queue: writes then queue the invoice's pre-render (decision 061). */
/** The invoice services that change records: the database and the change announcer, a log, the job queue when there is one. */
export type InvoiceDeps = ChangeDeps & Pick<AppDeps, 'log'> & Partial<Pick<AppDeps, 'jobs'>>;

/** create-invoice errors carry `error` too: the order form shows the server's `error`. */
export function createError(code: 'VALIDATION' | 'NOT_FOUND' | 'CONFLICT', message: string): AppError {
  return new AppError(code, message, { details: { error: message } });
}

export const INVOICE_MESSAGES = {
  voided: 'A voided order cannot be invoiced. Unvoid it first.',
  stale: 'This invoice was changed by someone else. Reload it and apply your changes again.',
  versionInvalid: 'A valid integer is required.',
  tooLarge: MESSAGES.amountTooLarge,
  completedOrder: (door: string) =>
    `Order ${door} is ${statusLabel('completed')}, and a completed order must keep its invoice. ` +
    `Change the order's status first, then delete the invoice.`,
  hasPayments:
    'This invoice has payments recorded, and payments stay on the books: it cannot be deleted. ' +
    'Keep it and correct it instead: reverse or refund a payment recorded by mistake, and edit the invoice.',
  combined: {
    missing: (id: number) => `Order ${id} does not exist.`,
    voided: (door: string) => `Order ${door} is voided and cannot be invoiced.`,
    invoiced: (door: string, number: string) => `Order ${door} already has invoice #${number}.`,
    mixedCustomers: (groups: readonly BillingCustomer[]) =>
      `These orders are billed to different customers: ${groups
        .map((g) => `${g.name || '(no billing name)'} (order${g.doorNumbers.length > 1 ? 's' : ''} ${g.doorNumbers.join(', ')})`)
        .join('; ')}. The invoice's Bill To shows only the first. Confirm to combine them anyway.`,
    mixedTaxExempt: (exempt: string[], taxed: string[]) =>
      `These orders cannot share an invoice: ${exempt.join(', ')} ${exempt.length > 1 ? 'are' : 'is'} tax exempt and ` +
      `${taxed.join(', ')} ${taxed.length > 1 ? 'are' : 'is'} not. Invoice them separately.`,
  },
} as const;

export interface CreatedInvoice {
  id: number;
  invoice_number: string;
  /** false when the order already had this invoice (nothing was written). */
  created: boolean;
}
