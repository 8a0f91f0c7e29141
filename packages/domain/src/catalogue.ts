import {
  addMoney,
  multiplyQty,
  roundCents,
  toDecimal,
  toMoneyString,
  type Decimal,
  type MoneyInput,
} from './money';

/** Catalogue prices (invoices spec §3, §9). All results are money strings. */

export interface ComponentPricing {
  cost: MoneyInput;
  /** Percent over cost. */
  markup: MoneyInput;
}

export interface ProductComponentRef {
  /** Component id. */
  component: number | string;
  quantity: MoneyInput;
}

export interface ProductPricing {
  is_simple: boolean;
  price?: MoneyInput;
  components?: readonly ProductComponentRef[] | null;
}

/** Components by id: a Map (number or string keys) or a plain object keyed by id. */
export type ComponentLookup =
  ReadonlyMap<number | string, ComponentPricing> | Readonly<Record<string, ComponentPricing>>;

function findComponent(lookup: ComponentLookup, id: number | string): ComponentPricing | undefined {
  if (lookup instanceof Map) {
    const map = lookup as ReadonlyMap<number | string, ComponentPricing>;
    return map.get(id) ?? map.get(String(id)) ?? map.get(Number(id));
  }
  return (lookup as Readonly<Record<string, ComponentPricing>>)[String(id)];
}

function componentPriceDecimal(cost: MoneyInput, markup: MoneyInput): Decimal {
  return roundCents(roundCents(cost).times(toDecimal(markup).dividedBy(100).plus(1)));
}

/** cost × (1 + markup/100), rounded half up to cents. */
export function componentPrice(cost: MoneyInput, markup: MoneyInput): string {
  return toMoneyString(componentPriceDecimal(cost, markup));
}

/**
 * A simple product's price is its own. A component product's price is Σ (component price ×
 * quantity), each component's price rounded to cents first, as the components table shows it.
 * A component missing from the lookup (deleted) counts as 0.
 */
export function productCalculatedPrice(product: ProductPricing, componentsById: ComponentLookup): string {
  if (product.is_simple) return toMoneyString(product.price);
  const lines = (product.components ?? []).map((ref) => {
    const c = findComponent(componentsById, ref.component);
    return c ? multiplyQty(componentPriceDecimal(c.cost, c.markup), ref.quantity) : 0;
  });
  return toMoneyString(addMoney(...lines));
}

/**
 * Σ (component cost × quantity), for simple and component products alike: cost is what the
 * parts cost whoever sets the price, so a simple product that lists components shows their
 * cost, and one without components shows 0. Missing components count as 0.
 */
export function productTotalCost(product: ProductPricing, componentsById: ComponentLookup): string {
  const lines = (product.components ?? []).map((ref) => {
    const c = findComponent(componentsById, ref.component);
    return c ? multiplyQty(c.cost, ref.quantity) : 0;
  });
  return toMoneyString(addMoney(...lines));
}
