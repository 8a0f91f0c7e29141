import { AppError } from '../../errors';
import type { DbDeps } from '../../deps';

/**
 * What every part of the orders service shares: the database it is given, who acts, and the
 * not-found answer. The operations (operations.ts, file-operations.ts) call the parts: order-read,
 * list-filters, list-query, export-query, order-write, order-status, door-numbers; invoicing-loader serves the invoices module.
 * Multi-row writes happen in one transaction with their history entry.
 */

export type { DbDeps };

/** Who makes a change (recorded in history); null for system jobs. */
export type Actor = { id: number } | null;

export const ORDER_NOT_FOUND = 'Order not found.';

export const notFound = () => AppError.notFound(ORDER_NOT_FOUND);
