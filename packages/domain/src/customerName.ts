/**
 * The name a document is known by in lists, reports and exports: the billing name, else the shipping name
 * (a walk-in order may have only a ship-to). Blank when both are blank.
 */
export function customerNameOf(billingName: string | null | undefined, shippingName: string | null | undefined): string {
  return (billingName ?? '').trim() || (shippingName ?? '').trim();
}
