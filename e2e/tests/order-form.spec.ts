import { expect, test, type Locator, type Page } from '@playwright/test';
import { additionalItemsTotal, calculateOrderPrice, formatMoney } from '@icehouse/domain';
import { ADMIN, signIn } from './support/session';
import { standInForPrintDialog } from './support/print-dialog';

/**
 * The order form against the built app and server with the demo data (SEED_DEMO=true): a custom
 * Ice House Kit order with items, discount and freight priced by the domain rule, then edited,
 * duplicated, voided and unvoided, a blueprint uploaded and removed, and printed when the server
 * has the print route. The form opens from a link (`?order=new`, `?order={id}`), so these tests
 * do not depend on the orders list.
 */

/** Unique names between runs against the same data. */
const run = Date.now().toString(36);
const customer = `E2E Lakeside ${run}`;

/** Opens the order form through its link; answers the dialog. */
async function openForm(page: Page, order: number | 'new'): Promise<Locator> {
  await page.goto(`/dashboard?order=${order}`);
  const dialog = page.getByRole('dialog', { name: order === 'new' ? 'New Order' : 'Edit Order' });
  await expect(dialog.getByRole('form')).toBeVisible();
  return dialog;
}

/** Picks an option of a react-select, typing to narrow the list first. */
async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A tiny valid one-page PDF. */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface OrderRow {
  id: number;
  door_number: string;
  status: string;
}

async function ordersOf(page: Page, name: string): Promise<OrderRow[]> {
  const response = await page.request.get(
    `/api/orders/list-view/?customer=${encodeURIComponent(name)}&include_voided=true`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { results: OrderRow[] };
  return body.results;
}

async function taxRate(page: Page): Promise<string> {
  const response = await page.request.get('/api/company-info/');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { sales_tax_rate: string }).sales_tax_rate;
}

/** The form's four totals against the domain's calculateOrderPrice. */
async function expectTotals(dialog: Locator, expected: ReturnType<typeof calculateOrderPrice>) {
  await expect(dialog.getByLabel('Subtotal', { exact: true })).toHaveText(formatMoney(expected.subtotal));
  await expect(dialog.getByLabel('Discount Amount', { exact: true })).toHaveText(
    expected.discountAmount === '0.00' ? '$0.00' : `-${formatMoney(expected.discountAmount)}`,
  );
  await expect(dialog.getByLabel(/^Tax \(/)).toHaveText(formatMoney(expected.taxAmount));
  await expect(dialog.getByLabel('Total', { exact: true })).toHaveText(formatMoney(expected.total));
}

test.describe.serial('order form', () => {
  let orderId = 0;
  let copyId = 0;
  let doorNumber = '';

  test('creates a custom Ice House Kit order with items, discount and freight, priced by the domain rule', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    const rate = await taxRate(page);
    const dialog = await openForm(page, 'new');
    const doorField = dialog.getByRole('textbox', { name: 'Door Number' });
    await expect(doorField).not.toHaveValue('');
    doorNumber = await doorField.inputValue();
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toBeVisible();
    await expect(dialog.getByText('Pending', { exact: true })).toBeVisible();

    const billing = dialog.getByRole('group', { name: 'Billing Address' });
    await billing.getByRole('textbox', { name: 'Name' }).fill(customer);
    await billing.getByRole('textbox', { name: 'Street' }).fill('12 Lake Rd');
    await billing.getByRole('textbox', { name: 'City' }).fill('Brainerd');
    await choose(page, billing.getByRole('combobox', { name: 'State' }), 'Minnesota');
    await billing.getByRole('textbox', { name: 'ZIP Code' }).fill('56401');
    await expect(billing.getByText(/Google Maps API key not configured/)).toBeVisible();
    await dialog
      .getByRole('group', { name: 'Shipping Address' })
      .getByRole('button', { name: 'Copy Billing Address' })
      .click();

    const phone = dialog.getByRole('textbox', { name: 'Phone' });
    await phone.pressSequentially('2185550100');
    await expect(phone).toHaveValue('(218) 555-0100');

    const building = dialog.getByRole('region', { name: 'Building' });
    await choose(page, building.getByRole('combobox', { name: 'Product' }), 'Custom');
    await choose(page, building.getByRole('combobox', { name: 'Building Type' }), 'Ice House Kit');
    await building.getByRole('spinbutton', { name: 'Price' }).fill('4250');
    await building.getByRole('spinbutton', { name: 'Price' }).blur();
    await expect(building.getByRole('spinbutton', { name: 'Price' })).toHaveValue('4250.00');
    await building.getByRole('textbox', { name: 'Building Description' }).fill('8x16 kit with two bunks');
    await choose(page, building.getByRole('combobox', { name: 'Size' }), '8x16');
    await choose(page, building.getByRole('combobox', { name: 'Thickness' }), '6"');
    await choose(page, building.getByRole('combobox', { name: 'Door Type' }), 'Standard Swing 36"');
    // Not a Door Only building: the door type is not priced.
    await expect(building.getByRole('spinbutton', { name: 'Door Type Price' })).toHaveCount(0);
    await choose(page, building.getByRole('combobox', { name: 'Door Cladding' }), 'Galvalume');
    await expect(building.getByRole('spinbutton', { name: 'Door Cladding Price' })).toHaveValue('125.00');
    await choose(page, building.getByRole('combobox', { name: 'Roof Color' }), 'Charcoal');
    await building.getByRole('spinbutton', { name: 'Freight Cost' }).fill('350');

    const items = dialog.getByRole('region', { name: 'Additional Items' });
    await items.getByRole('button', { name: 'Add Item' }).click();
    const first = items.getByRole('group', { name: 'Item 1' });
    await choose(page, first.getByRole('combobox', { name: 'Item' }), 'Rod Holder Set');
    await expect(first.getByRole('spinbutton', { name: 'Price' })).toHaveValue('45.00');
    await first.getByRole('spinbutton', { name: 'Quantity' }).fill('4');
    await items.getByRole('button', { name: 'Add Item' }).click();
    const second = items.getByRole('group', { name: 'Item 2' });
    const customItem = `E2E Bait Bucket ${run}`;
    await second.getByRole('combobox', { name: 'Item' }).click();
    await second.getByRole('combobox', { name: 'Item' }).fill(customItem);
    await page.getByRole('option', { name: `Add custom item "${customItem}"` }).click();
    await expect(second.getByRole('spinbutton', { name: 'Price' })).toHaveValue('0.00');
    await second.getByRole('spinbutton', { name: 'Price' }).fill('12.5');
    await second.getByRole('spinbutton', { name: 'Quantity' }).fill('2');

    await dialog.getByRole('spinbutton', { name: 'Discount' }).fill('5');
    await dialog.getByRole('button', { name: 'Percent (%)' }).click();

    const expected = calculateOrderPrice({
      buildingPrice: '4250',
      doorCladdingPrice: '125',
      additionalItemsTotal: additionalItemsTotal([
        { price: '45', quantity: 4 },
        { price: '12.5', quantity: 2 },
      ]),
      freightCost: '350',
      discount: '5',
      discountIsPercentage: true,
      taxRate: rate,
      isDoorOnly: false,
    });
    await expectTotals(dialog, expected);

    await dialog.getByRole('button', { name: 'SAVE' }).click();
    await expect(page.getByText('Order created successfully.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Edit Order' })).toBeVisible();

    const [saved] = await ordersOf(page, customer);
    expect(saved).toBeDefined();
    orderId = saved!.id;
    const stored = await page.request.get(`/api/orders/${orderId}/`);
    const body = (await stored.json()) as {
      door_number: string;
      phone: string;
      totals: { subtotal: string; discount_amount: string; tax_amount: string; total: string };
      building_info: { is_custom: boolean; building_type: string; custom_size: string };
    };
    expect(body.door_number).toBe(doorNumber);
    expect(body.phone).toBe('(218) 555-0100');
    expect(body.building_info).toMatchObject({ is_custom: true, building_type: 'ICE_HOUSE_KIT' });
    expect(body.totals).toEqual({
      subtotal: expected.subtotal,
      discount_amount: expected.discountAmount,
      tax_amount: expected.taxAmount,
      total: expected.total,
      tax_rate: rate,
    });
  });

  test('edits it: the saved values come back, changes are kept and priced again', async ({ page }) => {
    await signIn(page, ADMIN);
    const rate = await taxRate(page);
    const dialog = await openForm(page, orderId);
    await expect(
      dialog.getByRole('group', { name: 'Billing Address' }).getByRole('textbox', { name: 'Name' }),
    ).toHaveValue(customer);
    await expect(dialog.getByText(`E2E Bait Bucket ${run}`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'UPDATE' })).toBeVisible();

    // Processed needs the EPS PO number.
    await choose(page, dialog.getByRole('combobox', { name: 'Status' }), 'Processed');
    await dialog.getByRole('button', { name: 'UPDATE' }).click();
    await expect(page.getByText('Validation failed. Please check the required fields.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'EPS PO Number' })).toHaveAccessibleDescription(
      'EPS PO Number is required',
    );
    await dialog.getByRole('textbox', { name: 'EPS PO Number' }).fill(`EPS-${run}`);
    const rods = dialog.getByRole('group', { name: 'Item 1' }).getByRole('spinbutton', { name: 'Quantity' });
    await rods.fill('5');
    await dialog.getByRole('button', { name: 'UPDATE' }).click();
    await expect(page.getByText('Order updated successfully.')).toBeVisible();

    const again = await openForm(page, orderId);
    await expect(again.getByRole('textbox', { name: 'EPS PO Number' })).toHaveValue(`EPS-${run}`);
    await expect(again.getByText('Processed', { exact: true })).toBeVisible();
    await expectTotals(
      again,
      calculateOrderPrice({
        buildingPrice: '4250',
        doorCladdingPrice: '125',
        additionalItemsTotal: additionalItemsTotal([
          { price: '45', quantity: 5 },
          { price: '12.5', quantity: 2 },
        ]),
        freightCost: '350',
        discount: '5',
        discountIsPercentage: true,
        taxRate: rate,
      }),
    );
    await again.getByText('History', { exact: true }).click();
    await expect(again.getByRole('list', { name: 'Order history' })).toContainText('Updated by admin');
  });

  test('duplicates it as a new unsaved order with a fresh door number', async ({ page }) => {
    await signIn(page, ADMIN);
    const dialog = await openForm(page, orderId);
    await dialog.getByRole('button', { name: 'DUPLICATE ORDER' }).click();
    const copy = page.getByRole('dialog', { name: 'New Order' });
    await expect(copy.getByRole('form')).toBeVisible();
    await expect(page.getByText(`This is a copy of order ${doorNumber}.`, { exact: false })).toBeVisible();
    const copyDoor = copy.getByRole('textbox', { name: 'Door Number' });
    await expect(copyDoor).not.toHaveValue('');
    await expect(copyDoor).not.toHaveValue(doorNumber);
    await expect(copy.getByText('Pending', { exact: true })).toBeVisible();
    await expect(
      copy.getByRole('group', { name: 'Billing Address' }).getByRole('textbox', { name: 'Name' }),
    ).toHaveValue(customer);
    await copy.getByRole('button', { name: 'SAVE' }).click();
    await expect(page.getByText('Order created successfully.')).toBeVisible();

    const rows = await ordersOf(page, customer);
    expect(rows).toHaveLength(2);
    const duplicate = rows.find((row) => row.id !== orderId)!;
    expect(duplicate.status).toBe('pending');
    expect(duplicate.door_number).not.toBe(doorNumber);
    copyId = duplicate.id;
  });

  test('voids and unvoids it', async ({ page }) => {
    await signIn(page, ADMIN);
    const dialog = await openForm(page, copyId);
    await dialog.getByRole('button', { name: 'VOID ORDER' }).click();
    const confirmVoid = page.getByRole('dialog', { name: 'Void Order' });
    await expect(confirmVoid).toContainText('Are you sure you want to void this order?');
    await confirmVoid.getByRole('button', { name: 'VOID ORDER' }).click();
    await expect(page.getByText('Order has been voided successfully.')).toBeVisible();
    await expect(dialog.getByText('Voided', { exact: true })).toBeVisible();

    await dialog.getByRole('button', { name: 'UNVOID ORDER' }).click();
    const confirmUnvoid = page.getByRole('dialog', { name: 'Unvoid Order' });
    await expect(confirmUnvoid).toContainText(
      'Are you sure you want to unvoid this order? This will restore it to pending status.',
    );
    await confirmUnvoid.getByRole('button', { name: 'UNVOID ORDER' }).click();
    await expect(page.getByText('Order has been unvoided successfully.')).toBeVisible();
    await expect(dialog.getByText('Pending', { exact: true })).toBeVisible();
    const rows = await ordersOf(page, customer);
    expect(rows.find((row) => row.id === copyId)?.status).toBe('pending');
  });

  test('uploads a blueprint with the order, views it and removes it', async ({ page }) => {
    await signIn(page, ADMIN);
    const dialog = await openForm(page, orderId);
    const blueprint = dialog.getByRole('group', { name: 'Blueprint' });
    await dialog.getByLabel('Upload Blueprint').setInputFiles({
      name: `plan-${run}.pdf`,
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    const view = blueprint.getByRole('link', { name: 'View Blueprint' });
    await expect(view).toBeVisible();
    await expect(blueprint.getByText(`plan-${run}.pdf`)).toBeVisible();
    await expect(view).toHaveAttribute('target', '_blank');
    const href = await view.getAttribute('href');
    expect(href).toBe(`/api/orders/${orderId}/serve-blueprint/`);
    const served = await page.request.get(href!);
    expect(served.headers()['content-type']).toContain('application/pdf');
    expect((await served.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await blueprint.getByRole('button', { name: 'Remove Blueprint' }).click();
    await expect(dialog.getByLabel('Upload Blueprint')).toBeAttached();
    await expect(blueprint.getByRole('link', { name: 'View Blueprint' })).toHaveCount(0);
    const after = (await (await page.request.get(`/api/orders/${orderId}/`)).json()) as {
      blueprint: string | null;
    };
    expect(after.blueprint).toBeNull();

    // A file that is not a PDF is refused in the browser.
    await dialog.getByLabel('Upload Blueprint').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a pdf'),
    });
    await expect(blueprint.getByRole('alert')).toHaveText('Please upload PDF files only');
  });

  test('creates the bill of lading and downloads its PDF', async ({ page }) => {
    await signIn(page, ADMIN);
    const dialog = await openForm(page, orderId);
    await expect(dialog.getByText('Bill of Lading: Not generated')).toBeVisible();
    await dialog.getByRole('button', { name: 'CREATE BOL' }).click();
    const bol = page.getByRole('dialog', { name: 'Bill of Lading' });
    await expect(bol.getByText(/^BOL Number: \S+/)).not.toContainText('Loading...');
    await bol.getByLabel(/^Date/).fill('');
    await bol.getByRole('button', { name: 'Create BOL' }).click();
    await expect(bol.getByText('Date is required')).toBeVisible();
    await bol.getByLabel(/^Date/).fill('2026-03-12');
    await bol.getByRole('textbox', { name: 'Free on Board' }).fill('Origin');
    const download = page.waitForEvent('download');
    await bol.getByRole('button', { name: 'Create BOL' }).click();
    expect((await download).suggestedFilename()).toMatch(/^bill-of-lading-.+\.pdf$/);
    await expect(bol).toHaveCount(0);
    await expect(dialog.getByText(/Bill of Lading: Generated #\S+ on 03\/12\/2026$/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'VIEW/UPDATE BOL' })).toBeVisible();
  });

  test('creates the invoice and goes to it; an invoiced order cannot be deleted', async ({ page }) => {
    await signIn(page, ADMIN);
    const dialog = await openForm(page, orderId);
    await dialog.getByRole('button', { name: 'CREATE INVOICE' }).click();
    await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
    const invoiceUrl = new URL(page.url()).pathname;

    const again = await openForm(page, orderId);
    await expect(again.getByRole('link', { name: /^Invoice: Generated #/ })).toHaveAttribute(
      'href',
      `/invoices?search=${encodeURIComponent(customer)}`,
    );
    await again.getByRole('button', { name: 'DELETE' }).click();
    await page.getByRole('dialog', { name: 'Delete Order' }).getByRole('button', { name: 'DELETE' }).click();
    await expect(again.getByRole('alert')).toContainText('cannot be deleted');
    await again.getByRole('button', { name: 'EDIT INVOICE' }).click();
    await expect(page).toHaveURL(invoiceUrl);
  });

  test('deletes the copy after asking', async ({ page }) => {
    await signIn(page, ADMIN);
    const dialog = await openForm(page, copyId);
    await dialog.getByRole('button', { name: 'DELETE' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Order' });
    await expect(confirm).toContainText('Are you sure you want to delete this order?');
    await confirm.getByRole('button', { name: 'DELETE' }).click();
    await expect(page.getByText('Order deleted successfully.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Edit Order' })).toHaveCount(0);
    expect((await ordersOf(page, customer)).map((row) => row.id)).toEqual([orderId]);
  });

  test('prints it through the server PDF', async ({ page }) => {
    await standInForPrintDialog(page);
    await signIn(page, ADMIN);
    // The print path is part of the REST contract: a lost route fails here, never skips.
    const schema = (await (await page.request.get('/api/schema/')).json()) as {
      paths?: Record<string, unknown>;
    };
    expect(Object.keys(schema.paths ?? {})).toContain('/api/orders/{id}/print/');
    const dialog = await openForm(page, orderId);
    const printed = page.waitForResponse((response) =>
      response.url().endsWith(`/api/orders/${orderId}/print/`),
    );
    await dialog.getByRole('button', { name: 'PRINT', exact: true }).click();
    const response = await printed;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    await expect(page.getByRole('dialog', { name: 'Edit Order' })).toHaveCount(0);
    // The PDF went to a frame that printed it and went once the print was over (lib/pdfFiles).
    await expect(page.locator('iframe[title="Print"]')).toHaveCount(0);
  });
});
