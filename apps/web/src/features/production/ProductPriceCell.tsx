import { formatMoney, priceBelowCost } from '@icehouse/domain';
import { PRODUCTION_TEXT as T } from './texts';

/**
 * A product's price on the Products screen, flagged when it is below what its components cost
 * (the domain's priceBelowCost). A product without components has no known cost: never flagged.
 */
export function ProductPriceCell({ product }: { product: { calculated_price: string; total_cost: string; components: readonly unknown[] } }) {
  const below = product.components.length > 0 && priceBelowCost(product.calculated_price, product.total_cost);
  if (!below) return <>{formatMoney(product.calculated_price)}</>;
  const title = T.belowCostTitle(formatMoney(product.calculated_price), formatMoney(product.total_cost));
  return (
    <span className="inline-flex items-center justify-end gap-2">
      <span role="img" aria-label={title} title={title} className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
        {T.belowCost}
      </span>
      <span className="text-red-800">{formatMoney(product.calculated_price)}</span>
    </span>
  );
}
