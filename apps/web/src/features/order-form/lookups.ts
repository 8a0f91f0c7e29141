import { useEffect, useMemo } from 'react';
import { CUSTOM_PRODUCT, LIMITS, SETTING_CATEGORIES, type SettingCategory } from '@icehouse/domain';
import { trpc } from '../../lib/trpc';
import type { Choice, Option, ProductRow, SettingRow } from './types';

/**
 * The lists the order form chooses from: settings grouped by category, products, statuses,
 * countries, and the company's sales tax rate. Lookups are kept for 5 minutes (spec §9); a list
 * that fails to load is only logged (spec §8) and its select stays empty.
 */

const LOOKUP_CACHE = { staleTime: LIMITS.lookupCacheMs, gcTime: LIMITS.lookupCacheMs } as const;

export interface OrderLookups {
  /** Options of each settings category: value = setting id, with its price. */
  settings: Record<SettingCategory, Option[]>;
  settingById: Map<number, SettingRow>;
  products: ProductRow[];
  productById: Map<number, ProductRow>;
  statuses: Choice[];
  countries: Choice[];
  /** Company info's sales_tax_rate (percent), '0.00' until known. */
  taxRate: string;
  /** True while the lists the form needs first (settings, products) are loading. */
  loading: boolean;
}

function groupSettings(rows: readonly SettingRow[]): Record<SettingCategory, Option[]> {
  const grouped = Object.fromEntries(SETTING_CATEGORIES.map((c) => [c, [] as Option[]])) as Record<
    SettingCategory,
    Option[]
  >;
  for (const row of rows) grouped[row.category].push({ value: row.id, label: row.value, price: row.price });
  return grouped;
}

/** A lookup that fails is only logged (spec §8: no user message). */
function useLogFailure(what: string, error: unknown) {
  useEffect(() => {
    if (error) console.warn(`Order form: could not load ${what}`, error);
  }, [what, error]);
}

export function useOrderLookups(): OrderLookups {
  const settings = trpc.catalogue.settings.list.useQuery(undefined, LOOKUP_CACHE);
  const products = trpc.catalogue.products.list.useQuery(undefined, LOOKUP_CACHE);
  const statuses = trpc.lookups.statusChoices.useQuery(undefined, LOOKUP_CACHE);
  const countries = trpc.lookups.countries.useQuery(undefined, LOOKUP_CACHE);
  const company = trpc.company.get.useQuery(undefined, LOOKUP_CACHE);

  useLogFailure('settings', settings.error);
  useLogFailure('products', products.error);
  useLogFailure('statuses', statuses.error);
  useLogFailure('countries', countries.error);
  useLogFailure('company information', company.error);

  const settingRows = settings.data;
  const productRows = products.data;
  return useMemo<OrderLookups>(
    () => ({
      settings: groupSettings(settingRows ?? []),
      settingById: new Map((settingRows ?? []).map((row) => [row.id, row])),
      products: productRows ?? [],
      productById: new Map((productRows ?? []).map((row) => [row.id, row])),
      statuses: statuses.data ?? [],
      countries: countries.data ?? [],
      taxRate: company.data?.sales_tax_rate ?? '0.00',
      loading: settings.isLoading || products.isLoading,
    }),
    [
      settingRows,
      productRows,
      statuses.data,
      countries.data,
      company.data?.sales_tax_rate,
      settings.isLoading,
      products.isLoading,
    ],
  );
}

/** The regions (states, provinces) of a country; empty when it has none listed. */
export function useRegions(country: string) {
  return trpc.lookups.regions.useQuery({ country: country || undefined }, LOOKUP_CACHE);
}

/** The product's selling price: a simple product's own price, else the calculated one. */
export function productPrice(product: ProductRow): string {
  return product.calculated_price ?? product.price ?? '0.00';
}

export const CUSTOM_OPTION_LABEL = 'Custom';
export { CUSTOM_PRODUCT };
