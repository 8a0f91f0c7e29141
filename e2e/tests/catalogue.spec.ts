import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support/session';

/**
 * The catalogue and company screens, against the built app and server with the demo data
 * (SEED_DEMO=true): a superuser creates a component, builds a product from it and sees its
 * calculated price, adds a setting, and edits the company information (Cancel restores it).
 */

/** A suffix that keeps names unique between runs against the same data. */
const run = Date.now().toString(36);

/** Opens a screen from the header's Settings menu. */
async function openFromSettingsMenu(page: Page, item: string, path: string, title: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menu', { name: 'Settings' }).getByRole('menuitem', { name: item }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Picks an option of a react-select, typing to narrow the list first. */
async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a superuser creates a component, builds a product from it and sees its calculated price', async ({
  page,
}) => {
  const componentName = `E2E Wall Panel ${run}`;
  const productName = `E2E Ice House ${run}`;
  await signIn(page, ADMIN);

  // The component: cost $100.00 with a 25% markup sells at $125.00.
  await openFromSettingsMenu(page, 'Components', '/components', 'Components');
  const componentForm = page.getByRole('form', { name: 'Add Component' });
  await componentForm.getByRole('textbox', { name: 'Name' }).fill(componentName);
  await componentForm.getByRole('spinbutton', { name: 'Cost' }).fill('100');
  await componentForm.getByRole('spinbutton', { name: 'Markup (%)' }).fill('25');
  await expect(componentForm.getByLabel('Price', { exact: true })).toHaveText('$125.00');
  await componentForm.getByRole('button', { name: 'Add Component' }).click();
  await expect(page.getByText('Component added successfully')).toBeVisible();
  const componentRow = page
    .getByRole('table', { name: 'Components' })
    .getByRole('row', { name: new RegExp(`^${componentName} `) });
  await expect(componentRow.getByRole('cell')).toHaveText([
    componentName,
    '$100.00',
    '25.00%',
    '$125.00',
    /^0Adjust stockHistory$/, // On hand from the stock ledger (nothing yet), and its two buttons
    /Edit/,
  ]);

  // The product: 3 panels ($375.00) and the demo's Door Frame Kit ($210.00 + 40% = $294.00).
  await openFromSettingsMenu(page, 'Products', '/products', 'Products');
  const productForm = page.getByRole('form', { name: 'Add Product' });
  await productForm.getByRole('textbox', { name: 'Description' }).fill(productName);
  await choose(page, productForm.getByRole('combobox', { name: 'Building Type' }), 'Ice House Kit');
  await choose(page, productForm.getByRole('combobox', { name: 'Component 1' }), componentName);
  await productForm.getByRole('spinbutton', { name: 'Quantity 1' }).fill('3');
  const calculated = productForm.getByLabel('Calculated Price');
  await expect(calculated).toHaveText('$375.00');
  await productForm.getByRole('button', { name: 'Add Component' }).click();
  await choose(page, productForm.getByRole('combobox', { name: 'Component 2' }), 'Door Frame Kit');
  await expect(calculated).toHaveText('$669.00');
  await productForm.getByRole('button', { name: 'Add Product' }).click();

  await expect(page.getByText('Product added successfully')).toBeVisible();
  const productRow = page
    .getByRole('table', { name: 'Products' })
    .getByRole('row', { name: new RegExp(`^${productName} `) });
  await expect(productRow.getByRole('cell')).toHaveText([
    productName,
    'Ice House Kit',
    `${componentName} × 3Door Frame Kit × 1`,
    '$510.00',
    '$669.00',
    /Edit/,
  ]);

  // A component a product uses cannot be deleted; the server says which product.
  await page.goto('/components');
  await componentRow.getByRole('button', { name: 'Delete' }).click();
  await componentRow.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText(`used by the product ${productName}`);
  await expect(componentRow).toBeVisible();
});

test('a superuser adds a setting, finds it by category and deletes it', async ({ page }) => {
  const value = `E2E Bait Freezer ${run}`;
  await signIn(page, ADMIN);
  await openFromSettingsMenu(page, 'Configurations', '/settings', 'Configurations');

  const form = page.getByRole('form', { name: 'Add Configuration' });
  await choose(page, form.getByRole('combobox', { name: 'Category' }), 'Additional Item');
  await form.getByRole('textbox', { name: 'Value' }).fill(value);
  await form.getByRole('spinbutton', { name: 'Price' }).fill('42.5');
  await form.getByRole('spinbutton', { name: 'Price' }).blur();
  await expect(form.getByRole('spinbutton', { name: 'Price' })).toHaveValue('42.50');
  await form.getByRole('button', { name: 'Add Configuration' }).click();
  await expect(page.getByRole('status')).toHaveText('Configuration added successfully');

  const table = page.getByRole('table', { name: 'Configurations' });
  const row = table.getByRole('row', { name: new RegExp(value) });
  await expect(row.getByRole('cell')).toHaveText(['Additional Item', value, '$42.50', /Edit/]);

  // Narrowed to one category, the demo's Ship Via options are gone and the new item stays.
  await choose(page, page.getByRole('combobox', { name: 'Filter by Category' }), 'Additional Item');
  await expect(table.getByRole('cell', { name: 'Customer Pickup' })).toHaveCount(0);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Confirmation' });
  await expect(dialog).toContainText(`"${value}" (Additional Item)`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toHaveText(`Configuration "${value}" deleted successfully`);
  await expect(row).toHaveCount(0);
});

test('a superuser edits the company information, and Cancel restores the saved values', async ({ page }) => {
  await signIn(page, ADMIN);
  await openFromSettingsMenu(page, 'Company Info', '/company-info', 'Company Information');

  const company = page.getByRole('group', { name: 'Company' });
  const phone = company.getByRole('textbox', { name: 'Phone' });
  const taxRate = company.getByRole('spinbutton', { name: 'Sales Tax Rate (%)' });
  await expect(phone).toHaveValue('(320) 555-0100');
  await expect(phone).not.toBeEditable();
  const savedRate = await taxRate.inputValue();

  // Cancel throws the change away and shows the server's values again.
  await page.getByRole('button', { name: 'Edit Information' }).click();
  await expect(phone).toBeEditable();
  await phone.fill('(320) 555-0000');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(phone).toHaveValue('(320) 555-0100');
  await expect(phone).not.toBeEditable();

  // Save Changes keeps the change, after a reload too.
  await page.getByRole('button', { name: 'Edit Information' }).click();
  await taxRate.fill('7.25');
  await company.getByRole('textbox', { name: 'State' }).fill('mn');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Company information updated successfully');
  await expect(taxRate).not.toBeEditable();
  await page.reload();
  await expect(taxRate).toHaveValue('7.25');
  await expect(company.getByRole('textbox', { name: 'State' })).toHaveValue('MN');

  // Put the demo's rate back for the screens that price orders.
  await page.getByRole('button', { name: 'Edit Information' }).click();
  await taxRate.fill(savedRate);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Company information updated successfully');
  await expect(taxRate).toHaveValue(savedRate);
});
