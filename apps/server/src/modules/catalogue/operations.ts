/**
 * The catalogue (invoices spec §2, §3, §5, §7): settings (labelled Configurations), components and
 * products, declared once for both doors. The behaviour is in settings-service, components-service
 * and products-service: inputs are checked there with the domain's form schemas (idempotent on
 * already-parsed data), then against the database (uniqueness, references); unique constraints decide races.
 */
import { componentSchema, productSchema, settingSchema } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { noAnswer } from '../../operations/answers';
import {
  categoryChoiceListSchema,
  componentListSchema,
  componentViewSchema,
  idInput,
  productListSchema,
  productViewSchema,
  settingListInput,
  settingListSchema,
  settingViewSchema,
  shipViaOptionListSchema,
  updateComponentInput,
  updateProductInput,
  updateSettingInput,
} from './schemas';
import { createSetting, deleteSetting, listSettings, settingCategories, shipViaOptions, updateSetting } from './settings';
import { createComponent, deleteComponent, listComponents, updateComponent } from './components';
import { createProduct, deleteProduct, listProducts, updateProduct } from './products';

/**
 * The catalogue (invoices spec §7): reads for anyone signed in (the order form needs the option
 * lists and products), writes for superusers only. Lists are plain arrays (the previous server did
 * not paginate these); deletes answer 204 on REST, or 409 when the row is in use.
 */
const TAG = 'Catalogue';

const settings = {
  list: defineOperation({
    kind: 'query',
    access: 'work',
    input: settingListInput,
    output: settingListSchema,
    run: ({ deps, input }) => listSettings(deps, input ?? {}),
    rest: { method: 'GET', path: '/api/settings/', summary: 'List settings (Configurations), optionally of one category', tag: TAG, query: true },
  }),
  categories: defineOperation({
    kind: 'query',
    access: 'work',
    output: categoryChoiceListSchema,
    run: async () => settingCategories(),
    rest: { method: 'GET', path: '/api/settings/categories/', summary: 'The setting categories as value/label choices', tag: TAG },
  }),
  shipViaOptions: defineOperation({
    kind: 'query',
    access: 'work',
    output: shipViaOptionListSchema,
    run: ({ deps }) => shipViaOptions(deps),
    rest: {
      method: 'GET',
      path: '/api/settings/ship_via_options/',
      summary: 'Ship via settings as choices: value is the setting id, label its value',
      tag: TAG,
    },
  }),
  create: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: settingSchema,
    output: settingViewSchema,
    run: ({ deps, input }) => createSetting(deps, input),
    rest: { method: 'POST', path: '/api/settings/', summary: 'Create a setting; (category, value) is unique', tag: TAG, body: true, successStatus: 201 },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: updateSettingInput,
    output: settingViewSchema,
    run: ({ deps, input }) => updateSetting(deps, input.id, input.data),
    rest: {
      method: 'PUT',
      path: '/api/settings/{id}/',
      summary: 'Update a setting (the category of one that orders use cannot change)',
      tag: TAG,
      body: 'data',
    },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: idInput,
    output: noAnswer,
    run: ({ deps, input }) => deleteSetting(deps, input.id),
    rest: {
      method: 'DELETE',
      path: '/api/settings/{id}/',
      summary: 'Delete a setting; 409 while orders use it',
      tag: TAG,
      successStatus: 204,
      answers: { 409: 'Orders use the setting ({detail} and order_count say how many)' },
    },
  }),
};

const components = {
  list: defineOperation({
    kind: 'query',
    access: 'work',
    output: componentListSchema,
    run: ({ deps }) => listComponents(deps),
    rest: { method: 'GET', path: '/api/components/', summary: 'List components with their price = cost × (1 + markup/100)', tag: TAG },
  }),
  create: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: componentSchema,
    output: componentViewSchema,
    run: ({ deps, input }) => createComponent(deps, input),
    rest: { method: 'POST', path: '/api/components/', summary: 'Create a component; names are unique', tag: TAG, body: true, successStatus: 201 },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: updateComponentInput,
    output: componentViewSchema,
    run: ({ deps, input }) => updateComponent(deps, input.id, input.data),
    rest: {
      method: 'PUT',
      path: '/api/components/{id}/',
      summary: 'Update a component (products show the new price; orders keep theirs)',
      tag: TAG,
      body: 'data',
    },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: idInput,
    output: noAnswer,
    run: ({ deps, input }) => deleteComponent(deps, input.id),
    rest: {
      method: 'DELETE',
      path: '/api/components/{id}/',
      summary: 'Delete a component; 409 naming the products that use it',
      tag: TAG,
      successStatus: 204,
      answers: { 409: 'Products use the component ({detail} names them)' },
    },
  }),
};

const products = {
  list: defineOperation({
    kind: 'query',
    access: 'work',
    output: productListSchema,
    run: ({ deps }) => listProducts(deps),
    rest: { method: 'GET', path: '/api/products/', summary: 'List products with their components, calculated_price and total_cost', tag: TAG },
  }),
  create: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: productSchema,
    output: productViewSchema,
    run: ({ deps, input }) => createProduct(deps, input),
    rest: {
      method: 'POST',
      path: '/api/products/',
      summary: 'Create a product: a simple one with its price, or one built from components',
      tag: TAG,
      body: true,
      successStatus: 201,
    },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: updateProductInput,
    output: productViewSchema,
    run: ({ deps, input }) => updateProduct(deps, input.id, input.data),
    rest: { method: 'PUT', path: '/api/products/{id}/', summary: 'Update a product; its component list is replaced by the one sent', tag: TAG, body: 'data' },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: idInput,
    output: noAnswer,
    run: ({ deps, input }) => deleteProduct(deps, input.id),
    rest: {
      method: 'DELETE',
      path: '/api/products/{id}/',
      summary: 'Delete a product; 409 while orders use it',
      tag: TAG,
      successStatus: 204,
      answers: { 409: 'Orders use the product ({detail} and order_count say how many)' },
    },
  }),
};

export const catalogueOperations = operationSet('catalogue', { settings, components, products });
