import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';
import type { ComponentInput, ProductInput, SettingInput } from '@icehouse/domain';

type Catalogue = TRPCClient<AppRouter>['catalogue'];

/** A setting as catalogue.settings.list gives it: { id, category, category_display, value, price }. */
export type SettingRow = Awaited<ReturnType<Catalogue['settings']['list']['query']>>[number];

/** A component as catalogue.components.list gives it: { id, name, cost, markup, price }. */
export type ComponentRow = Awaited<ReturnType<Catalogue['components']['list']['query']>>[number];

/** A product as catalogue.products.list gives it, with its component lines and prices. */
export type ProductRow = Awaited<ReturnType<Catalogue['products']['list']['query']>>[number];

/** What the Configurations form edits: settingSchema's fields, each as typed (the schema normalises them). */
export type SettingFormValues = Record<keyof SettingInput, string>;

/** What the Components form edits: componentSchema's fields as typed. Markup is a percent. */
export type ComponentFormValues = Record<keyof ComponentInput, string>;

/** One row of the product's component editor: no component chosen yet is null. */
export interface ProductComponentFormValues {
  component: number | null;
  quantity: string;
}

/** What the Products form edits: productSchema's fields, the texts as typed. */
export type ProductFormValues = Record<Exclude<keyof ProductInput, 'is_simple' | 'components'>, string> & {
  is_simple: boolean;
  components: ProductComponentFormValues[];
};
