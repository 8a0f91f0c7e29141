/**
 * Test support for customers: the answers of the customers procedures, built as the server builds
 * them. Only tests import this file.
 */
import type { CustomerDetail, CustomerListRow } from './types';

/**
 * A customer as customers.get (and customers.create) answers it, from its list row: every ship-to
 * address given, none of the list-only default, no orders or invoices yet.
 */
export function customerDetailOf(
  row: CustomerListRow,
  shipTo: CustomerDetail['ship_to'] = [],
): CustomerDetail {
  const { default_ship_to: _listOnly, ...detail } = row;
  return {
    ...detail,
    notes: '',
    ship_to: shipTo,
    orders: [],
    invoices: [],
    invoice_count: 0,
    balance: { invoiced: '0.00', paid: '0.00', deposits_held: '0.00', balance: '0.00', credit: '0.00' },
    payment_terms: '',
    created_at: row.updated_at,
  };
}
