import type { OrderStatus } from './constants';
import { roundCents, toDecimal, toMoneyString } from './money';

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

/**
 * A component's cost after a receipt (decision 260): the moving average of the parts on the shelf and the
 * parts received, (on hand × cost + received × price) / (on hand + received), rounded half up to cents.
 * When the shelf holds nothing (or less than nothing: parts used before the ledger knew of them) the
 * received price is the cost. Quantities are whole numbers; money stays exact (never a float).
 */
export function movingAverageCost(onHand: number, cost: string, received: number, price: string): string {
  if (!Number.isInteger(onHand) || !Number.isInteger(received) || received <= 0)
    throw new RangeError('movingAverageCost: whole quantities, received > 0');
  if (onHand <= 0) return toMoneyString(roundCents(price));
  const value = roundCents(cost).times(onHand).plus(roundCents(price).times(received));
  return toMoneyString(roundCents(value.dividedBy(toDecimal(onHand + received))));
}

/** What a stock movement changes: > 0 into stock, < 0 out of it, never 0. */
export const STOCK_MESSAGES = {
  quantityInvalid: 'Enter a whole number other than 0 (negative takes stock out).',
  quantityTooLarge: 'Ensure this value is less than or equal to 1000000.',
  reasonRequired: 'Say why the stock is adjusted.',
  reasonTooLong: 'Ensure this field has no more than 200 characters.',
  belowZero: 'The adjustment would leave less than 0 on hand.',
  componentNotFound: 'Component not found.',
} as const;
