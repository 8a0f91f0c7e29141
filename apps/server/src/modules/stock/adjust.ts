import { STOCK_MESSAGES } from '@icehouse/domain';
import type { ChangeDeps } from '../../deps';
import { AppError } from '../../errors';
import { changeTransaction } from '../../changes';
import { lockStock, writeMovements } from './ledger';
import { getStock, type StockView } from './stock-read';

/**
 * An adjustment with its reason (a count, damage, a sample): one movement of `quantity` valued at the
 * component's cost. Refused (400 on quantity) when it would leave less than 0 on hand: a count never
 * finds fewer than none. Announces `stock.adjusted`; answers the component's stock after it.
 */
export async function adjustStock(
  deps: ChangeDeps,
  userId: number | null,
  componentId: number,
  data: { quantity: number; reason: string },
): Promise<StockView> {
  return changeTransaction(deps, async (tx) => {
    const locked = (await lockStock(tx, [componentId])).get(componentId)!;
    if (locked.onHand + data.quantity < 0 && data.quantity < 0)
      throw AppError.validation({ quantity: [STOCK_MESSAGES.belowZero] }, STOCK_MESSAGES.belowZero);
    await writeMovements(tx, userId, [{ componentId, quantity: data.quantity, unitCost: locked.cost, source: 'adjustment', reason: data.reason }]);
    return getStock({ database: { ...deps.database, db: tx } }, componentId);
  });
}

/**
 * Sets on hand to a counted figure (the older PUT /api/production/on-hand/{id}/, kept for integrators): the
 * adjustment of the difference, with `reason`; nothing is written when the count matches.
 */
export async function setCountedStock(deps: ChangeDeps, userId: number | null, componentId: number, counted: number, reason: string) {
  return changeTransaction(deps, async (tx) => {
    const locked = (await lockStock(tx, [componentId])).get(componentId)!;
    const difference = counted - locked.onHand;
    if (difference !== 0)
      await writeMovements(tx, userId, [{ componentId, quantity: difference, unitCost: locked.cost, source: 'adjustment', reason }]);
    return { component_id: componentId, on_hand: counted };
  });
}
