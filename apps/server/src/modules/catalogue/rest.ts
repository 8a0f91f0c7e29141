import { componentSchema, productSchema, settingSchema } from '@icehouse/domain';
import { defineRoute } from '../../rest/legacy-route';
import { idParams } from '../../rest/params';
import {
  categoryChoiceListSchema,
  componentListSchema,
  componentViewSchema,
  productListSchema,
  productViewSchema,
  settingListQuerySchema,
  settingListSchema,
  settingViewSchema,
  shipViaOptionListSchema,
} from './schemas';
import {
  createComponent,
  createProduct,
  createSetting,
  deleteComponent,
  deleteProduct,
  deleteSetting,
  listComponents,
  listProducts,
  listSettings,
  settingCategories,
  shipViaOptions,
  updateComponent,
  updateProduct,
  updateSetting,
} from './service';

/**
 * Catalogue REST routes (invoices spec §7). Reads for any signed-in user (the order form needs
 * the option lists and products); writes for superusers only. Lists are plain arrays (the
 * previous server did not paginate these); deletes answer 204, or 409 when the row is in use.
 */

const settingsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/settings/',
    summary: 'List settings (Configurations), optionally of one category',
    tag: 'Catalogue',
    access: 'user',
    query: settingListQuerySchema,
    response: settingListSchema,
    handler: ({ deps, query }) => listSettings(deps, query),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/settings/',
    summary: 'Create a setting; (category, value) is unique',
    tag: 'Catalogue',
    access: 'superuser',
    body: settingSchema,
    response: settingViewSchema,
    successStatus: 201,
    handler: ({ deps, body }) => createSetting(deps, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/settings/categories/',
    summary: 'The setting categories as value/label choices',
    tag: 'Catalogue',
    access: 'user',
    response: categoryChoiceListSchema,
    handler: async () => settingCategories(),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/settings/ship_via_options/',
    summary: 'Ship via settings as choices: value is the setting id, label its value',
    tag: 'Catalogue',
    access: 'user',
    response: shipViaOptionListSchema,
    handler: ({ deps }) => shipViaOptions(deps),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/settings/{id}/',
    summary: 'Update a setting (the category of one that orders use cannot change)',
    tag: 'Catalogue',
    access: 'superuser',
    params: idParams,
    body: settingSchema,
    response: settingViewSchema,
    handler: ({ deps, params, body }) => updateSetting(deps, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/settings/{id}/',
    summary: 'Delete a setting; 409 while orders use it',
    tag: 'Catalogue',
    access: 'superuser',
    params: idParams,
    successStatus: 204,
    handler: async ({ deps, params }) => {
      await deleteSetting(deps, params.id);
    },
  }),
];

const componentRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/components/',
    summary: 'List components with their price = cost × (1 + markup/100)',
    tag: 'Catalogue',
    access: 'user',
    response: componentListSchema,
    handler: ({ deps }) => listComponents(deps),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/components/',
    summary: 'Create a component; names are unique',
    tag: 'Catalogue',
    access: 'superuser',
    body: componentSchema,
    response: componentViewSchema,
    successStatus: 201,
    handler: ({ deps, body }) => createComponent(deps, body),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/components/{id}/',
    summary: 'Update a component (products show the new price; orders keep theirs)',
    tag: 'Catalogue',
    access: 'superuser',
    params: idParams,
    body: componentSchema,
    response: componentViewSchema,
    handler: ({ deps, params, body }) => updateComponent(deps, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/components/{id}/',
    summary: 'Delete a component; 409 naming the products that use it',
    tag: 'Catalogue',
    access: 'superuser',
    params: idParams,
    successStatus: 204,
    handler: async ({ deps, params }) => {
      await deleteComponent(deps, params.id);
    },
  }),
];

const productRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/products/',
    summary: 'List products with their components, calculated_price and total_cost',
    tag: 'Catalogue',
    access: 'user',
    response: productListSchema,
    handler: ({ deps }) => listProducts(deps),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/products/',
    summary: 'Create a product: a simple one with its price, or one built from components',
    tag: 'Catalogue',
    access: 'superuser',
    body: productSchema,
    response: productViewSchema,
    successStatus: 201,
    handler: ({ deps, body }) => createProduct(deps, body),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/products/{id}/',
    summary: 'Update a product; its component list is replaced by the one sent',
    tag: 'Catalogue',
    access: 'superuser',
    params: idParams,
    body: productSchema,
    response: productViewSchema,
    handler: ({ deps, params, body }) => updateProduct(deps, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/products/{id}/',
    summary: 'Delete a product; 409 while orders use it',
    tag: 'Catalogue',
    access: 'superuser',
    params: idParams,
    successStatus: 204,
    handler: async ({ deps, params }) => {
      await deleteProduct(deps, params.id);
    },
  }),
];

export const catalogueRestRoutes = [...settingsRoutes, ...componentRoutes, ...productRoutes];
