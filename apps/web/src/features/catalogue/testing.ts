/**
 * Test support: an in-memory stand-in for the server's catalogue procedures (apps/server/src/
 * modules/catalogue), answering with the same shapes and the same domain rules, so the screens
 * are tested through the real tRPC and HTTP clients. Only tests import this file.
 */
import {
  BUILDING_TYPE_LABELS,
  SETTING_CATEGORIES,
  SETTING_CATEGORY_LABELS,
  componentPrice,
  componentSchema,
  productCalculatedPrice,
  productSchema,
  productTotalCost,
  settingSchema,
  zodIssuesToFieldErrors,
  type ComponentData,
  type ComponentPricing,
  type IssueLike,
  type ProductData,
  type SettingCategory,
  type SettingData,
} from '@icehouse/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TrpcTestError, type TrpcProcedure } from '../../test/fakeFetch';
import { ADMIN, createFakeServer, type FakeServer, type FakeServerOptions } from '../../test/fakeServer';
import type { ComponentRow, ProductRow, SettingRow } from './types';

export interface CatalogueState {
  settings: SettingRow[];
  components: ComponentRow[];
  products: ProductRow[];
  /** Setting ids orders use: deleting one is refused. */
  settingsInUse: Set<number>;
}

export const SETTINGS: SettingRow[] = [
  { id: 1, category: 'ship_via', category_display: 'Ship Via', value: 'Customer Pickup', price: '0.00' },
  {
    id: 2,
    category: 'door_type',
    category_display: 'Door Type',
    value: 'Standard Swing 36"',
    price: '850.00',
  },
  {
    id: 3,
    category: 'additional_item',
    category_display: 'Additional Item',
    value: 'Strip Curtain',
    price: '165.00',
  },
];

export const COMPONENTS: ComponentRow[] = [
  { id: 1, name: 'Door Frame Kit', cost: '210.00', markup: '40.00', price: '294.00' },
  { id: 2, name: 'Door Gasket Kit', cost: '38.00', markup: '60.00', price: '60.80' },
  { id: 3, name: 'Cam Lock Set (12)', cost: '22.00', markup: '75.00', price: '38.50' },
];

export const PRODUCTS: ProductRow[] = [
  {
    id: 1,
    description: 'Cooler Door Replacement Kit',
    building_type: 'DOOR_ONLY',
    building_type_display: 'Door Only',
    is_simple: false,
    price: null,
    components: [
      { id: 1, component: 1, quantity: 1, component_name: 'Door Frame Kit' },
      { id: 2, component: 2, quantity: 2, component_name: 'Door Gasket Kit' },
    ],
    calculated_price: '415.60',
    total_cost: '286.00',
  },
  {
    id: 2,
    description: 'Walk-in Cooler 8x10',
    building_type: 'FREEZER_COOLER_UNIT',
    building_type_display: 'Freezer/Cooler Unit',
    is_simple: true,
    price: '8950.00',
    components: [],
    calculated_price: '8950.00',
    total_cost: '0.00',
  },
];

interface Schema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
}

function parse<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new TrpcTestError({
      message: 'Validation failed. Please check the required fields.',
      code: 'BAD_REQUEST',
      appCode: 'VALIDATION',
      fieldErrors: zodIssuesToFieldErrors(result.error),
    });
  }
  return result.data;
}

function asRecord(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
}

const notFound = (what: string) =>
  new TrpcTestError({ message: `${what} not found.`, code: 'NOT_FOUND', appCode: 'NOT_FOUND' });

const conflict = (message: string) => new TrpcTestError({ message, code: 'CONFLICT', appCode: 'CONFLICT' });

const byId = <T extends { id: number }>(rows: T[], input: unknown): number => {
  const id = asRecord(input).id;
  return typeof id === 'number' ? id : -1;
};

/** The catalogue procedures over `state`; the state changes as the screen saves and deletes. */
export function catalogueProcedures(state: CatalogueState): Record<string, TrpcProcedure> {
  let nextSettingId = Math.max(0, ...state.settings.map((s) => s.id)) + 1;
  let nextComponentId = Math.max(0, ...state.components.map((c) => c.id)) + 1;
  let nextProductId = Math.max(0, ...state.products.map((p) => p.id)) + 1;
  let nextLineId = 100;

  const settingFrom = (id: number, data: SettingData): SettingRow => ({
    id,
    category: data.category,
    category_display: SETTING_CATEGORY_LABELS[data.category],
    value: data.value,
    price: data.price,
  });

  const componentFrom = (id: number, data: ComponentData): ComponentRow => ({
    id,
    ...data,
    price: componentPrice(data.cost, data.markup),
  });

  const productFrom = (id: number, data: ProductData): ProductRow => {
    const pricing = new Map<number, ComponentPricing>(state.components.map((c) => [c.id, c]));
    const lines = data.components.map((row) => {
      const component = state.components.find((c) => c.id === row.component);
      if (!component) {
        throw new TrpcTestError({
          message: 'Select a valid option',
          code: 'BAD_REQUEST',
          appCode: 'VALIDATION',
          fieldErrors: { components: [{ component: ['Select a valid option'] }] },
        });
      }
      return {
        id: nextLineId++,
        component: row.component,
        quantity: row.quantity,
        component_name: component.name,
      };
    });
    return {
      id,
      description: data.description,
      building_type: data.building_type,
      building_type_display: BUILDING_TYPE_LABELS[data.building_type],
      is_simple: data.is_simple,
      price: data.price,
      components: lines,
      calculated_price: productCalculatedPrice(data, pricing),
      total_cost: productTotalCost(data, pricing),
    };
  };

  return {
    'catalogue.settings.list': (input) => {
      const category = asRecord(input).category;
      return state.settings
        .filter((s) => !category || s.category === category)
        .sort(
          (a, b) =>
            SETTING_CATEGORIES.indexOf(a.category) - SETTING_CATEGORIES.indexOf(b.category) ||
            a.value.localeCompare(b.value),
        );
    },
    'catalogue.settings.categories': () =>
      SETTING_CATEGORIES.map((value: SettingCategory) => ({ value, label: SETTING_CATEGORY_LABELS[value] })),
    'catalogue.settings.create': (input) => {
      const setting = settingFrom(nextSettingId++, parse(settingSchema, input));
      state.settings.push(setting);
      return setting;
    },
    'catalogue.settings.update': (input) => {
      const id = byId(state.settings, input);
      const index = state.settings.findIndex((s) => s.id === id);
      if (index === -1) throw notFound('Setting');
      const setting = settingFrom(id, parse(settingSchema, asRecord(input).data));
      state.settings[index] = setting;
      return setting;
    },
    'catalogue.settings.delete': (input) => {
      const id = byId(state.settings, input);
      const setting = state.settings.find((s) => s.id === id);
      if (!setting) throw notFound('Setting');
      if (state.settingsInUse.has(id)) {
        throw conflict(`Cannot delete "${setting.value}": it is used by 1 order. Change those orders first.`);
      }
      state.settings = state.settings.filter((s) => s.id !== id);
      return undefined;
    },
    'catalogue.components.list': () => [...state.components].sort((a, b) => a.name.localeCompare(b.name)),
    'catalogue.components.create': (input) => {
      const component = componentFrom(nextComponentId++, parse(componentSchema, input));
      state.components.push(component);
      return component;
    },
    'catalogue.components.update': (input) => {
      const id = byId(state.components, input);
      const index = state.components.findIndex((c) => c.id === id);
      if (index === -1) throw notFound('Component');
      const component = componentFrom(id, parse(componentSchema, asRecord(input).data));
      state.components[index] = component;
      return component;
    },
    'catalogue.components.delete': (input) => {
      const id = byId(state.components, input);
      const component = state.components.find((c) => c.id === id);
      if (!component) throw notFound('Component');
      const users = state.products.filter((p) => p.components.some((line) => line.component === id));
      if (users.length > 0) {
        const names = users.map((p) => p.description).join(', ');
        throw conflict(
          `Cannot delete "${component.name}": it is used by the product${users.length === 1 ? '' : 's'} ${names}. Remove it from ${users.length === 1 ? 'that product' : 'those products'} first.`,
        );
      }
      state.components = state.components.filter((c) => c.id !== id);
      return undefined;
    },
    'catalogue.products.list': () => [...state.products],
    'catalogue.products.create': (input) => {
      const product = productFrom(nextProductId++, parse(productSchema, input));
      state.products.push(product);
      return product;
    },
    'catalogue.products.update': (input) => {
      const id = byId(state.products, input);
      const index = state.products.findIndex((p) => p.id === id);
      if (index === -1) throw notFound('Product');
      const product = productFrom(id, parse(productSchema, asRecord(input).data));
      state.products[index] = product;
      return product;
    },
    'catalogue.products.delete': (input) => {
      const id = byId(state.products, input);
      if (!state.products.some((p) => p.id === id)) throw notFound('Product');
      state.products = state.products.filter((p) => p.id !== id);
      return undefined;
    },
  };
}

export interface CatalogueServerOptions extends Omit<FakeServerOptions, 'procedures'> {
  settings?: SettingRow[];
  components?: ComponentRow[];
  products?: ProductRow[];
  settingsInUse?: number[];
  /** Replace or add procedures (a failing list, a held-open save...). */
  procedures?: Record<string, TrpcProcedure>;
}

/** The fake server (signed in as the admin) with the catalogue on top. */
export function createCatalogueServer(
  options: CatalogueServerOptions = {},
): FakeServer & { catalogue: CatalogueState } {
  const catalogue: CatalogueState = {
    settings: (options.settings ?? SETTINGS).map((s) => ({ ...s })),
    components: (options.components ?? COMPONENTS).map((c) => ({ ...c })),
    products: (options.products ?? PRODUCTS).map((p) => ({
      ...p,
      components: p.components.map((l) => ({ ...l })),
    })),
    settingsInUse: new Set(options.settingsInUse ?? []),
  };
  const server = createFakeServer({
    session: ADMIN,
    ...options,
    procedures: { ...catalogueProcedures(catalogue), ...options.procedures },
  });
  return { ...server, catalogue };
}

/** Opens a react-select (by its combobox) and picks the option with this label. */
export async function chooseOption(combobox: HTMLElement, label: string | RegExp): Promise<void> {
  await userEvent.click(combobox);
  await userEvent.click(await screen.findByRole('option', { name: label }));
}
