import type { InvoiceAddress } from '@icehouse/db/schema';

/**
 * Who an order is billed to, for the combined invoice's check (decision 012): the billing name and
 * address, compared without case, spacing or punctuation ('ACME Foods, Inc.' = 'Acme foods inc').
 */
export function billingCustomerKey(address: InvoiceAddress): string {
  const norm = (v: string | undefined) =>
    (v ?? '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[.,;:'"#()-]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return [address.name, address.street, address.city, address.state, address.zip_code, address.country].map(norm).join('|');
}

export interface BillingCustomer {
  /** The billing name as the first of its orders writes it. */
  name: string;
  doorNumbers: string[];
}

/** The distinct billing customers of these orders, in their order. */
export function billingCustomers(orders: readonly { doorNumber: string; billTo: InvoiceAddress }[]): BillingCustomer[] {
  const groups = new Map<string, BillingCustomer>();
  for (const o of orders) {
    const key = billingCustomerKey(o.billTo);
    const group = groups.get(key);
    if (group) group.doorNumbers.push(o.doorNumber);
    else groups.set(key, { name: o.billTo.name.trim(), doorNumbers: [o.doorNumber] });
  }
  return [...groups.values()];
}
