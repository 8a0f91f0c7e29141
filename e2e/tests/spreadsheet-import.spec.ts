import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support/session';

/**
 * The spreadsheet import, against the built app and server with the demo data: the admin uploads a
 * components sheet with errors, sees each message on its cell, corrects one cell on the screen and
 * the rest by uploading a corrected file, imports it, finds the components on the Components screen,
 * and undoes the import.
 */

const run = Date.now().toString(36);
const hinge = `E2E Hinge ${run}`;
const latch = `E2E Latch ${run}`;

const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\r\n') + '\r\n', 'utf8');

async function uploadFile(page: Page, name: string, rows: string[][]) {
  await page.getByLabel('Spreadsheet file').setInputFiles({ name, mimeType: 'text/csv', buffer: csv(rows) });
  await page.getByRole('button', { name: 'Upload' }).click();
}

test('an admin uploads a sheet with errors, corrects it, imports it and undoes the import', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menu', { name: 'Settings' }).getByRole('menuitem', { name: 'Import spreadsheets' }).click();
  await expect(page).toHaveURL('/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import spreadsheets' })).toBeVisible();
  await page.getByLabel('What the file holds').selectOption('components');

  // The templates are there to download.
  await expect(page.getByRole('link', { name: 'CSV template' })).toHaveAttribute('href', '/api/spreadsheets/components/template/?format=csv');

  // A sheet with three errors: each message on its cell.
  await uploadFile(page, 'parts.csv', [
    ['Name', 'Cost', 'Markup', 'Stock'],
    [hinge, 'abc', '35', '10'],
    [latch, '5', '-3', 'many'],
  ]);
  await expect(page.getByRole('status')).toHaveText(/3 errors in 2 rows/);
  const cost = page.getByRole('textbox', { name: 'Row 2 Cost' });
  await expect(cost).toHaveAttribute('aria-invalid', 'true');
  await expect(cost).toHaveAccessibleDescription('Cost must be a number');
  await expect(page.getByRole('textbox', { name: 'Row 3 Markup' })).toHaveAccessibleDescription('Markup must be positive');
  await expect(page.getByRole('textbox', { name: 'Row 3 Stock' })).toHaveAccessibleDescription('On hand must be a whole number, 0 or more.');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  // One cell corrected here...
  await cost.fill('12.50');
  await cost.press('Enter');
  await expect(page.getByRole('status')).toHaveText(/2 errors in 1 row\b/);
  await expect(page.getByRole('status')).toHaveText(/1 cell corrected here/);

  // ...the others by a corrected file.
  await uploadFile(page, 'parts-fixed.csv', [
    ['Name', 'Cost', 'Markup', 'Stock'],
    [hinge, '12.50', '35', '10'],
    [latch, '5', '3', '4'],
  ]);
  await expect(page.getByRole('status')).toHaveText('No errors. The file is ready to import.');
  await expect(page.getByRole('table', { name: 'Rows' }).getByRole('row')).toHaveCount(3);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported: 2 created, 0 updated.').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Recent imports' })).toContainText('parts-fixed.csv');

  await page.goto('/components');
  const row = page.getByRole('row').filter({ hasText: hinge });
  await expect(row).toContainText('$12.50');
  await expect(row).toContainText('$16.88'); // 12.50 × 1.35 = 16.875, half up
  await expect(page.getByRole('row').filter({ hasText: latch })).toBeVisible();

  await page.goto('/import');
  await page.getByRole('button', { name: 'Undo last import' }).click();
  await page.getByRole('dialog', { name: 'Undo the last import?' }).getByRole('button', { name: 'Undo last import' }).click();
  await expect(page.getByText('The last import was undone.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Recent imports' })).toContainText('Undone');

  await page.goto('/components');
  await expect(page.getByRole('heading', { level: 1, name: 'Components' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: hinge })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: latch })).toHaveCount(0);
});
