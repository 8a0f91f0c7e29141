/**
 * The names every answer gives its money: prices, totals, balances, costs, deposits and margins, and the
 * objects made only of them (`totals`, `aging`). A role that may not see money (roles.ts `seesMoney`)
 * receives answers without these fields, anywhere in the answer: inside lists, nested records, an order's
 * history (`changes.price`) and the records the change feed carries. A server test checks that every
 * answer field documented as money is named here.
 */
export const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'aging',
  'aging_total',
  'amount',
  'amount_due',
  'applied',
  'balance',
  'balance_due',
  'calculated_price',
  'closing_balance',
  'cost',
  'cost_at_save',
  'cost_changed',
  'cost_now',
  'cost_recorded',
  'credit',
  'credited',
  'current',
  'days_1_30',
  'days_31_60',
  'days_61_90',
  'deposit',
  'deposit_limit',
  'deposits_held',
  'discount',
  'discount_amount',
  'door_cladding_price',
  'door_type_price',
  'exempt_sales',
  'freight',
  'freight_cost',
  'held',
  'invoiced',
  'last_price',
  'line_cost',
  'line_total',
  'margin',
  'margin_now',
  'margin_now_percent',
  'margin_percent',
  'markup',
  'materials_cost',
  'opening_balance',
  'over_90',
  'owed_to_customer',
  'paid',
  'payment_adjustment',
  'payments_credits',
  'price',
  'price_before_tax',
  'price_each',
  'revenue',
  'subtotal',
  'tax',
  'tax_amount',
  'taxable_sales',
  'taxable_subtotal',
  'to_buy_cost',
  'total',
  'total_amount',
  'total_cost',
  'total_revenue',
  'totals',
  'unapplied_credit',
  'unit_cost',
]);

/**
 * Whether `name` names money: a money field itself, or a path ending in one, as an order's history names
 * what changed ('building_info.price', 'building_info.additional_items[0].price').
 */
export function isMoneyField(name: string): boolean {
  if (MONEY_FIELDS.has(name)) return true;
  const last = name.slice(name.lastIndexOf('.') + 1).replace(/\[\d+\]$/, '');
  return last !== name && MONEY_FIELDS.has(last);
}

/** `value` without any money field, at any depth (a copy; the value itself is left as it was). */
export function withoutMoney<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutMoney(item)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (!isMoneyField(key)) out[key] = withoutMoney(item);
  }
  return out as T;
}
