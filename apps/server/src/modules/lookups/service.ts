import { DEFAULT_COUNTRY, ORDER_STATUSES, ORDER_STATUS_LABELS } from '@icehouse/domain';
import { COUNTRIES, REGIONS_BY_COUNTRY } from './regions';
import type { Choice } from './schemas';

export type { Choice };

/** GET /api/orders/status_choices/: every order status with its label, in pipeline order. */
export function statusChoices(): Choice[] {
  return ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));
}

/** GET /api/customers/country_choices/: the countries address forms offer, US first. */
export function countryChoices(): Choice[] {
  return COUNTRIES.map((c) => ({ ...c }));
}

/**
 * GET /api/customers/region_choices/?country=: the states / provinces of a country
 * (code, any case; blank or absent means US). A country we do not list gives [].
 */
export function regionChoices(country?: string | null): Choice[] {
  const code = (country ?? '').trim().toUpperCase() || DEFAULT_COUNTRY;
  return (REGIONS_BY_COUNTRY[code] ?? []).map((r) => ({ ...r }));
}
