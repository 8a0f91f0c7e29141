import type { OrderStatus } from './constants';

/**
 * The stock ledger: every movement of a component in or out is an entry, and on hand is their sum.
 * Pure rules shared by the server (which stores them) and the screens.
 */

export const STOCK_MOVEMENT_SOURCES = ['receipt', 'consumption', 'consumption_return', 'adjustment'] as const;
export type StockMovementSource = (typeof STOCK_MOVEMENT_SOURCES)[number];

export const STOCK_MOVEMENT_SOURCE_LABELS: Record<StockMovementSource, string> = {
  receipt: 'Receipt',
  consumption: 'Used by order',
  consumption_return: 'Returned from order',
  adjustment: 'Adjustment',
};

/** The order statuses in the order an order moves through them (voided aside). */
export const CONSUMPTION_STATUS_PATH: readonly OrderStatus[] = ['pending', 'processed', 'scheduled_to_ship', 'completed'];

/** The statuses the shop may choose as "its parts leave the shelf here" (company settings). */
export const CONSUMPTION_STATUSES = ['processed', 'scheduled_to_ship', 'completed'] as const;
export type ConsumptionStatus = (typeof CONSUMPTION_STATUSES)[number];

/**
 * Default: processed, the status at which an order is confirmed (its EPS PO number is in) and goes to the
 * shop to be built, so the parts are taken from the shelf when building starts (decision 259).
 */
export const DEFAULT_CONSUMPTION_STATUS: ConsumptionStatus = 'processed';

/**
 * Whether an order in `status` has its bill of materials consumed, when the shop consumes at
 * `consumptionStatus`: at that status or any later one on the path; never when voided or pending before it.
 */
export function consumesStock(status: string, consumptionStatus: ConsumptionStatus): boolean {
  const at = CONSUMPTION_STATUS_PATH.indexOf(status as OrderStatus);
  return at >= 0 && at >= CONSUMPTION_STATUS_PATH.indexOf(consumptionStatus);
}

/** The reason an opening balance carries (the typed on-hand figures became this adjustment). */
export const OPENING_BALANCE_REASON = 'Opening balance';
