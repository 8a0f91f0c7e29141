import { Decimal, addMoney, multiplyQty, roundCents, toMoneyString, type MoneyInput } from './money';

/**
 * The bill of materials of an order (make to order): what the shop cuts and assembles for one
 * order, and what those parts cost. One rule for the build sheet, the materials per ship week,
 * the order's cost and the margin report.
 *
 * - An order is one building (`units` = 1; the rule takes a count so a line is always
 *   quantity per unit × units).
 * - Component products (and simple products that list components) give one line per component:
 *   quantity = quantity per unit × units, line cost = unit cost × quantity, rounded half up to
 *   cents; the materials cost is the sum of the lines (exact: whole cents).
 * - A custom building, an order without a product, a product that is gone, and a simple product
 *   with no components have no known materials: their kind says which, and `materials_cost` is
 *   null (unknown), never "0.00".
 * - A component the product lists but the catalogue no longer has is named in
 *   `missing_components` and left out of the cost (the cost is then marked incomplete).
 * - The door type, cladding and additional items are listed for the shop with their quantities;
 *   the catalogue keeps no cost for them, so they do not add to the materials cost.
 */

export type BomKind = 'components' | 'simple' | 'custom' | 'no_product' | 'product_missing';

export const BOM_KIND_LABELS: Record<BomKind, string> = {
  components: 'Built from components',
  simple: 'Simple product (no components)',
  custom: 'Custom building: no bill of materials',
  no_product: 'No product chosen',
  product_missing: 'The product is no longer in the catalogue',
};

export interface BomProductInput {
  id: number;
  description: string;
  is_simple: boolean;
  components: readonly { component: number; quantity: number }[];
}

export interface BomComponentInput {
  id: number;
  name: string;
  cost: MoneyInput;
}

export interface BomOrderInput {
  is_custom: boolean;
  /** The order's product id (null: none chosen, or custom). */
  product_id: number | null;
  /** That product as the catalogue has it now; null when it is gone. */
  product: BomProductInput | null;
  /** Catalogue components by id (only those the product lists are read). */
  components: ReadonlyMap<number, BomComponentInput>;
  door_type?: string | null;
  door_cladding?: string | null;
  additional_items?: readonly { name: string; quantity: number }[];
  /** Buildings of this order; 1 unless given. */
  units?: number;
}

export interface BomLine {
  component_id: number;
  name: string;
  quantity_per_unit: number;
  quantity: number;
  unit_cost: string;
  line_cost: string;
}

export interface BillOfMaterials {
  kind: BomKind;
  kind_label: string;
  product_id: number | null;
  product_description: string | null;
  units: number;
  lines: BomLine[];
  door_type: string | null;
  door_cladding: string | null;
  additional_items: { name: string; quantity: number }[];
  missing_components: number[];
  /** Σ line costs; null when the materials are not known (see kind). */
  materials_cost: string | null;
}

export function billOfMaterials(input: BomOrderInput): BillOfMaterials {
  const units = input.units ?? 1;
  if (!Number.isInteger(units) || units < 1)
    throw new RangeError(`units must be a positive integer, got ${units}`);
  const product = input.is_custom ? null : input.product;
  const kind: BomKind = input.is_custom
    ? 'custom'
    : input.product_id === null
      ? 'no_product'
      : !product
        ? 'product_missing'
        : product.is_simple && product.components.length === 0
          ? 'simple'
          : 'components';

  // One line per component, in the product's order; a component listed twice adds up.
  const perUnit = new Map<number, number>();
  for (const ref of kind === 'components' ? product!.components : []) {
    if (!Number.isInteger(ref.quantity) || ref.quantity < 1) continue; // the catalogue refuses these
    perUnit.set(ref.component, (perUnit.get(ref.component) ?? 0) + ref.quantity);
  }
  const lines: BomLine[] = [];
  const missing: number[] = [];
  for (const [id, qty] of perUnit) {
    const c = input.components.get(id);
    if (!c) {
      missing.push(id);
      continue;
    }
    const quantity = qty * units;
    lines.push({
      component_id: id,
      name: c.name,
      quantity_per_unit: qty,
      quantity,
      unit_cost: toMoneyString(c.cost),
      line_cost: toMoneyString(multiplyQty(c.cost, quantity)),
    });
  }
  return {
    kind,
    kind_label: BOM_KIND_LABELS[kind],
    product_id: input.is_custom ? null : input.product_id,
    product_description: product?.description ?? null,
    units,
    lines,
    door_type: input.door_type || null,
    door_cladding: input.door_cladding || null,
    additional_items: (input.additional_items ?? []).map((i) => ({
      name: i.name,
      quantity: i.quantity * units,
    })),
    missing_components: missing,
    materials_cost: kind === 'components' ? toMoneyString(addMoney(...lines.map((l) => l.line_cost))) : null,
  };
}

export interface OrderMargin {
  price_before_tax: string;
  materials_cost: string | null;
  /** price before tax − materials cost; null when the cost is not known. */
  margin: string | null;
  /** margin ÷ price × 100, two places, half up; null when unknown or the price is 0. */
  margin_percent: string | null;
}

/** The order's price before tax is its subtotal (freight included) less its discount. */
export function priceBeforeTax(subtotal: MoneyInput, discountAmount: MoneyInput): string {
  return toMoneyString(roundCents(subtotal).minus(roundCents(discountAmount)));
}

export function orderMargin(price: MoneyInput, materialsCost: MoneyInput | null): OrderMargin {
  const p = roundCents(price);
  if (materialsCost === null || materialsCost === undefined) {
    return { price_before_tax: toMoneyString(p), materials_cost: null, margin: null, margin_percent: null };
  }
  const margin = p.minus(roundCents(materialsCost));
  const percent = p.isZero()
    ? null
    : margin.times(100).dividedBy(p).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return {
    price_before_tax: toMoneyString(p),
    materials_cost: toMoneyString(materialsCost),
    margin: toMoneyString(margin),
    margin_percent: percent === null ? null : percent.isZero() ? '0.00' : percent.toFixed(2),
  };
}

/** A product sold below what its components cost (the Products screen warns). */
export function priceBelowCost(price: MoneyInput, componentsCost: MoneyInput): boolean {
  return roundCents(price).lessThan(roundCents(componentsCost));
}
