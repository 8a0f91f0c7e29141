import { MESSAGES } from '@icehouse/domain';

/**
 * Texts of the catalogue screens. The spec's own texts come from the domain's MESSAGES ('Failed to
 * save product', 'Failed to fetch products', 'Failed to fetch components'); the rest are ours,
 * where the spec gives none, worded to say what happened or what to do next.
 */

export const SETTING_TEXT = {
  title: 'Configurations',
  addTitle: 'Add Configuration',
  editTitle: 'Edit Configuration',
  addButton: 'Add Configuration',
  updateButton: 'Update Configuration',
  tableCaption: 'Configurations',
  filterLabel: 'Filter by Category',
  allCategories: 'All Categories',
  empty: 'No configurations found',
  created: 'Configuration added successfully',
  updated: 'Configuration updated successfully',
  deleted: (value: string) => `Configuration "${value}" deleted successfully`,
  fetchError: 'Failed to fetch configurations',
  saveError: 'Failed to save configuration',
  deleteError: 'Failed to delete configuration',
  deleteTitle: 'Delete Confirmation',
  confirmDelete: (category: string, value: string) =>
    `Are you sure you want to delete the configuration "${value}" (${category})? This action cannot be undone.`,
} as const;

export const COMPONENT_TEXT = {
  title: 'Components',
  addTitle: 'Add Component',
  editTitle: 'Edit Component',
  addButton: 'Add Component',
  updateButton: 'Update Component',
  tableCaption: 'Components',
  empty: 'No components found',
  pricePreview: 'Price',
  pricePreviewHint: 'Cost plus markup',
  created: 'Component added successfully',
  updated: 'Component updated successfully',
  deleted: (name: string) => `Component "${name}" deleted successfully`,
  fetchError: MESSAGES.fetchComponentsError,
  saveError: 'Failed to save component',
  deleteError: 'Failed to delete component',
  confirmDelete: (name: string) => `Delete "${name}"?`,
} as const;

export const PRODUCT_TEXT = {
  title: 'Products',
  addTitle: 'Add Product',
  editTitle: 'Edit Product',
  addButton: 'Add Product',
  updateButton: 'Update Product',
  tableCaption: 'Products',
  empty: 'No products found',
  simpleLabel: 'Simple product',
  /** Said for the Total Cost of a product without components (shown as '—', not $0.00). */
  noComponentsCost: 'No cost: no components',
  simpleHint: 'A simple product has its own price; otherwise it is built from components.',
  componentsLegend: 'Components',
  noComponentRows: 'No components yet. Add the components this product is built from.',
  addComponentRow: 'Add Component',
  calculatedPrice: 'Calculated Price',
  simpleInTable: 'Simple product',
  created: 'Product added successfully',
  updated: 'Product updated successfully',
  deleted: (description: string) => `Product "${description}" deleted successfully`,
  fetchError: MESSAGES.fetchProductsError,
  fetchComponentsError: MESSAGES.fetchComponentsError,
  saveError: MESSAGES.saveProductError,
  deleteError: 'Failed to delete product',
  confirmDelete: (description: string) => `Delete "${description}"?`,
} as const;
