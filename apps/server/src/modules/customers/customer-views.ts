import { MESSAGES } from '@icehouse/domain';
import type { customerAddresses, customers } from '@icehouse/db/schema';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { ListPage } from '../../operations/list-page';
import type { DbDeps } from '../../deps';
import type { customerAnswer, customerListRowAnswer, shipToAnswer } from './schemas';

/**
 * Customers: list with search and pages (customer-list.ts), one customer with
 * their orders, invoices and balance (customer-read.ts), create, update (optimistic concurrency) and
 * delete (refused while they have orders) (customer-write.ts). Orders and invoices keep their own
 * copies of the addresses: nothing here writes to them. This file holds what those share.
 */

export type { DbDeps };
export type Actor = { id: number } | null;

export type CustomerListRow = z.output<typeof customerListRowAnswer>;
export type CustomerView = z.output<typeof customerAnswer>;
export type ShipToView = z.output<typeof shipToAnswer>;
export type CustomerListPage = ListPage<CustomerListRow>;

/** Rows per page of the customers list. */
export const CUSTOMER_PAGE_SIZE = 25;
/** Orders and invoices a customer's answer lists (the newest). */
export const CUSTOMER_RECENT_ROWS = 100;
/** Past this many matches a search stops counting (`count` is then a lower bound, as the orders list does). */
export const CUSTOMER_COUNT_LIMIT = 1000;

export interface CustomerListFilters {
  search?: string | null | undefined;
  page?: number | null | undefined;
  /** Rows per page (1 to PAGE_SIZE_MAX); absent: CUSTOMER_PAGE_SIZE. */
  page_size?: number | null | undefined;
  /** Incremental sync, as on the orders and invoices lists: changed at or after this moment. */
  updated_since?: Date | null | undefined;
  ordering?: 'updated_at' | '-updated_at' | null | undefined;
}

export const notFound = () => AppError.notFound(MESSAGES.customerNotFound);
export const stale = () => new AppError('CONFLICT', MESSAGES.customerStale);

type CustomerRow = typeof customers.$inferSelect;
type ShipToRow = typeof customerAddresses.$inferSelect;

export function billingAddressOf(
  c: Pick<
    CustomerRow,
    'name' | 'billingStreet' | 'billingCity' | 'billingState' | 'billingZipCode' | 'billingCountry'
  >,
) {
  return {
    name: c.name,
    street: c.billingStreet,
    city: c.billingCity,
    state: c.billingState,
    zip_code: c.billingZipCode,
    country: c.billingCountry,
  };
}

export function shipToView(a: ShipToRow): ShipToView {
  return {
    id: a.id,
    label: a.label,
    name: a.name,
    street: a.street,
    city: a.city,
    state: a.state,
    zip_code: a.zipCode,
    country: a.country,
    is_default: a.isDefault,
  };
}
