import type { BillOfMaterials } from './billOfMaterials';
import { addMoney, multiplyQty, toMoneyString } from './money';
import { addDays, shipWeekOf } from './schedule';

/**
 * Materials per ship week: the components the orders shipping in a range need, summed from each
 * order's bill of materials (the one rule), with what they cost, what is coming and what is left to buy.
 * - needed = Σ over the orders of the component's quantity; total cost = unit cost × needed
 *   (the unit cost is the catalogue's current one: buying happens at today's prices);
 * - consumed = the part of needed already taken from stock (orders at or past the shop's consumption
 *   status, decision 259): on hand has already gone down by it, so it is not needed from the shelf again;
 * - on hand = the stock ledger's sum (decision 261), below 0 when parts were used the ledger did not have;
 *   on order = open purchase orders' lines not yet received;
 * - available = on hand + on order − (needed − consumed); to buy = what available lacks, never below 0;
 * - each row names its orders (door number, quantity, consumed or not) and its purchase orders, so every
 *   figure can be traced;
 * - orders whose materials are not known (custom, simple, no product) are listed apart.
 */

export interface MaterialsOrder {
  order_id: number;
  door_number: string;
  ship_date: string | null;
  bill_of_materials: BillOfMaterials;
  /** Its parts already taken from stock (consumption by status). */
  consumed?: boolean;
}

/** One open purchase order's outstanding quantity of a component (what on order is made of). */
export interface MaterialsPurchaseOrder {
  purchase_order_id: number;
  number: string;
  supplier_name: string;
  status: string;
  expected_date: string | null;
  quantity: number;
}

/** A component's on order: the quantity, the soonest expected date and the purchase orders behind it. */
export interface MaterialsOnOrder {
  quantity: number;
  next_expected_date: string | null;
  purchase_orders: MaterialsPurchaseOrder[];
}

export interface MaterialsRow {
  component_id: number;
  name: string;
  needed: number;
  consumed: number;
  unit_cost: string;
  total_cost: string;
  on_hand: number;
  on_order: number;
  next_expected_date: string | null;
  available: number;
  to_buy: number;
  to_buy_cost: string;
  orders: { order_id: number; door_number: string; quantity: number; consumed: boolean }[];
  purchase_orders: MaterialsPurchaseOrder[];
}

export interface MaterialsSummary {
  rows: MaterialsRow[];
  total_cost: string;
  to_buy_cost: string;
  /** Orders in the range without a known bill of materials, with why (kind label). */
  orders_without_materials: { order_id: number; door_number: string; kind_label: string }[];
}

export function materialsNeeded(
  orders: readonly MaterialsOrder[],
  onHand: ReadonlyMap<number, number>,
  onOrder: ReadonlyMap<number, MaterialsOnOrder> = new Map(),
): MaterialsSummary {
  const byComponent = new Map<number, MaterialsRow>();
  const without: MaterialsSummary['orders_without_materials'] = [];
  for (const order of orders) {
    const bom = order.bill_of_materials;
    if (bom.kind !== 'components') {
      without.push({ order_id: order.order_id, door_number: order.door_number, kind_label: bom.kind_label });
      continue;
    }
    for (const line of bom.lines) {
      let row = byComponent.get(line.component_id);
      if (!row) {
        const coming = onOrder.get(line.component_id);
        row = {
          component_id: line.component_id,
          name: line.name,
          needed: 0,
          consumed: 0,
          unit_cost: line.unit_cost,
          total_cost: '0.00',
          on_hand: Math.trunc(onHand.get(line.component_id) ?? 0),
          on_order: coming?.quantity ?? 0,
          next_expected_date: coming?.next_expected_date ?? null,
          available: 0,
          to_buy: 0,
          to_buy_cost: '0.00',
          orders: [],
          purchase_orders: coming?.purchase_orders ?? [],
        };
        byComponent.set(line.component_id, row);
      }
      row.needed += line.quantity;
      if (order.consumed) row.consumed += line.quantity;
      row.orders.push({ order_id: order.order_id, door_number: order.door_number, quantity: line.quantity, consumed: order.consumed ?? false });
    }
  }
  const rows = [...byComponent.values()]
    .map((row) => {
      const available = row.on_hand + row.on_order - (row.needed - row.consumed);
      const toBuy = Math.max(0, -available);
      return {
        ...row,
        available,
        total_cost: toMoneyString(multiplyQty(row.unit_cost, row.needed)),
        to_buy: toBuy,
        to_buy_cost: toMoneyString(multiplyQty(row.unit_cost, toBuy)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.component_id - b.component_id);
  return {
    rows,
    total_cost: toMoneyString(addMoney(...rows.map((r) => r.total_cost))),
    to_buy_cost: toMoneyString(addMoney(...rows.map((r) => r.to_buy_cost))),
    orders_without_materials: without,
  };
}

/** The ship week after the one `today` is in (the materials list's default range): Sunday to Saturday. */
export function nextShipWeek(today: string): { from: string; to: string } {
  return shipWeekOf(addDays(today, 7));
}

/** The materials list's and the on-hand editor's messages (one place for the web and the server). */
export const MATERIALS_MESSAGES = {
  onHandInvalid: 'On hand must be a whole number, 0 or more.',
  onHandTooLarge: 'On hand is too large.',
  statusesInvalid: 'Choose statuses among pending, processed, scheduled_to_ship and completed.',
  rangeTooLong: 'A materials list covers at most 366 days.',
} as const;

/** The statuses whose orders count by default (not yet shipped; voided ones never count). */
export const MATERIALS_DEFAULT_STATUSES = ['pending', 'processed', 'scheduled_to_ship'] as const;
export const MATERIALS_STATUSES = ['pending', 'processed', 'scheduled_to_ship', 'completed'] as const;

/** The shop board's columns, in order (voided orders are not on the board). */
export const BOARD_STATUSES = ['pending', 'processed', 'scheduled_to_ship', 'completed'] as const;
