import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Make to order, against the built app and server with the demo data: an order for a component
 * product shows its bill of materials on the order form, a superuser sees its cost and margin
 * there and in the margin report (checked against a hand computation), staff see neither, and the
 * Products screen warns about a product priced below its components' cost.
 */

const ADMIN = { username: 'admin', password: 'admin-demo-2026' };
const STAFF = { username: 'staff', password: 'staff-demo-2026' };
// Short, as real door numbers are (a long one would widen the orders table other specs measure).
const run = (Date.now() % 36 ** 4).toString(36);
const today = new Date().toISOString().slice(0, 10);

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(user.username);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
}

/** A JSON POST through the signed-in browser context (cookie session + CSRF token, as the app sends). */
async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const csrf = ((await (await page.request.get('/api/auth/csrf/')).json()) as { csrfToken: string }).csrfToken;
  const res = await page.request.post(path, { data, headers: { 'X-CSRFToken': csrf } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/**
 * The catalogue and order of the journey. By hand: 6 panels × $123.45 = $740.70, 1 frame × $89.99,
 * materials $830.69; price before tax = building $2,000.00 + freight $100.00 = $2,100.00; margin
 * $2,100.00 − $830.69 = $1,269.31, 1,269.31 / 2,100 = 60.44%.
 */
async function makeOrder(page: Page, tag = run) {
  const panel = await post<{ id: number }>(page, '/api/components/', { name: `E2E Panel ${tag}`, cost: '123.45', markup: '40' });
  const frame = await post<{ id: number }>(page, '/api/components/', { name: `E2E Frame ${tag}`, cost: '89.99', markup: '40' });
  const components = [
    { component: panel.id, quantity: 6 },
    { component: frame.id, quantity: 1 },
  ];
  const product = await post<{ id: number }>(page, '/api/products/', {
    description: `E2E Freezer ${tag}`,
    building_type: 'FREEZER_COOLER_UNIT',
    is_simple: false,
    components,
  });
  // Sold at $500.00 while its components cost $830.69: the Products screen warns.
  await post(page, '/api/products/', {
    description: `E2E Underpriced ${tag}`,
    building_type: 'FREEZER_COOLER_UNIT',
    is_simple: true,
    price: '500.00',
    components,
  });
  const settings = (await (await page.request.get('/api/settings/?category=ship_via')).json()) as { id: number }[];
  const shipVia = settings[0]!.id;
  const address = { name: `E2E MTO ${tag}`, street: '1 Main St', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' };
  const order = await post<{ id: number }>(page, '/api/orders/', {
    status: 'pending',
    date: today,
    door_number: `MTO-${tag}`,
    eps_po_number: `EPS-${tag}`,
    ship_date: today,
    ship_via: shipVia,
    freight_cost: '100.00',
    discount: '0',
    discount_is_percentage: false,
    tax_exempt: false,
    billing_address: address,
    shipping_address: address,
    building_info: { product: product.id, price: '2000.00', additional_items: [] },
  });
  return order.id;
}

test('an order for a component product: its bill of materials, cost and margin to the cent, and the margin report', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const orderId = await makeOrder(page);

  // The order form: every component with its quantity, and (superuser) the cost and margin.
  await page.goto(`/dashboard?order=${orderId}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Order' });
  const materials = dialog.getByRole('region', { name: 'Bill of Materials' });
  await expect(materials.getByRole('row', { name: new RegExp(`^E2E Panel ${run}`) }).getByRole('cell')).toHaveText(['6', '6', '$123.45', '$740.70']);
  await expect(materials.getByRole('row', { name: new RegExp(`^E2E Frame ${run}`) }).getByRole('cell')).toHaveText(['1', '1', '$89.99', '$89.99']);
  const costing = materials.getByRole('group', { name: 'Cost and Margin' });
  await expect(costing).toContainText('Price before tax$2,100.00');
  await expect(costing).toContainText('Materials cost (at save)$830.69');
  await expect(costing).toContainText('Margin$1,269.31 (60.44%)');

  // The margin report by product: the product's row, to the cent.
  await page.goto('/reports?report=margin');
  await page.getByRole('combobox', { name: 'Group by' }).selectOption('product');
  const report = page.getByRole('table', { name: /Price before tax, materials cost and margin/ });
  await expect(report.getByRole('row', { name: new RegExp(`^E2E Freezer ${run}`) }).getByRole('cell')).toHaveText([
    '1',
    '$2,100.00',
    '$830.69',
    '$1,269.31',
    '60.44',
    '0',
  ]);
  const csv = page.getByRole('link', { name: 'Download CSV' });
  await expect(csv).toHaveAttribute('href', /\/api\/reports\/margin\/csv\/\?.*group=product/);
  const download = await page.request.get((await csv.getAttribute('href'))!);
  expect(await download.text()).toContain(`E2E Freezer ${run},1,2100.00,830.69,1269.31,60.44,0`);

  // The Products screen warns about the product sold below its components' cost, and only that one.
  await page.goto('/products');
  const table = page.getByRole('table', { name: 'Products' });
  await expect(
    table.getByRole('row', { name: new RegExp(`^E2E Underpriced ${run}`) }).getByRole('img', { name: "Price $500.00 is below the components' cost $830.69" }),
  ).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^E2E Freezer ${run}`) }).getByText('Below cost')).toHaveCount(0);

  // Staff see the bill of materials but no cost, margin or margin report.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, STAFF);
  await staff.goto(`/dashboard?order=${orderId}`);
  const staffMaterials = staff.getByRole('dialog', { name: 'Edit Order' }).getByRole('region', { name: 'Bill of Materials' });
  await expect(staffMaterials.getByRole('row', { name: new RegExp(`^E2E Panel ${run}`) }).getByRole('cell')).toHaveText(['6', '6']);
  await expect(staffMaterials.getByRole('group', { name: 'Cost and Margin' })).toHaveCount(0);
  await staff.goto('/reports');
  await expect(staff.getByRole('button', { name: 'Sales tax' })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Margin' })).toHaveCount(0);
  await staffContext.close();
});

/** Each page's text, read back with pdf.js (PDFs are checked by their text). */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

test('the build sheet of a scheduled order shows every component with its quantity, then its two drawings', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const tag = `${run}b`;
  const orderId = await makeOrder(page, tag);
  const csrf = async () => ((await (await page.request.get('/api/auth/csrf/')).json()) as { csrfToken: string }).csrfToken;
  for (const status of ['processed', 'scheduled_to_ship']) {
    const res = await page.request.post(`/api/orders/${orderId}/change-status/`, { data: { new_status: status }, headers: { 'X-CSRFToken': await csrf() } });
    expect(res.status(), await res.text()).toBe(200);
  }

  // Two drawings, made as PDFs by the browser itself, uploaded as the order form does.
  const maker = await browser.newPage();
  const drawing = async (words: string) => {
    await maker.setContent(`<h1>${words}</h1>`);
    return maker.pdf();
  };
  const uploads = [
    ['blueprint', 'blueprint', `BLUEPRINT ${run}`],
    ['door-placement-drawing', 'door_placement_drawing', `DOOR DRAWING ${run}`],
  ] as const;
  for (const [path, field, words] of uploads) {
    const res = await page.request.post(`/api/orders/${orderId}/${path}/`, {
      multipart: { [field]: { name: `${field}.pdf`, mimeType: 'application/pdf', buffer: await drawing(words) } },
      headers: { 'X-CSRFToken': await csrf() },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await maker.close();

  // Printed from the order form: the sheet first, then the two drawings.
  await page.goto(`/dashboard?order=${orderId}`);
  const link = page.getByRole('dialog', { name: 'Edit Order' }).getByRole('link', { name: 'Print Build Sheet' });
  await expect(link).toHaveAttribute('href', `/api/production/orders/${orderId}/build-sheet/`);
  const res = await page.request.get((await link.getAttribute('href'))!);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const pages = await pdfPages(await res.body());
  expect(pages).toHaveLength(3);
  expect(pages[0]).toContain(`MTO-${tag}`);
  expect(pages[0]).toMatch(new RegExp(`E2E Panel ${tag}\\s+6\\s+6`));
  expect(pages[0]).toMatch(new RegExp(`E2E Frame ${tag}\\s+1\\s+1`));
  expect(pages[1]).toContain(`BLUEPRINT ${run}`);
  expect(pages[2]).toContain(`DOOR DRAWING ${run}`);
});

test('the materials list for the ship week counts the scheduled order, which took its parts from stock, and "to buy" follows an adjustment of stock', async ({ page }) => {
  await signIn(page, ADMIN);
  const tag = `${run}c`;
  await makeOrder(page, tag);
  const csrf = ((await (await page.request.get('/api/auth/csrf/')).json()) as { csrfToken: string }).csrfToken;
  const orders = (await (await page.request.get(`/api/orders/list-view/?serial=MTO-${tag}`)).json()) as { results: { id: number }[] };
  const orderId = orders.results[0]!.id;
  // At processed (the default) the order takes its bill of materials from stock: six panels the shelf does not have.
  for (const status of ['processed', 'scheduled_to_ship']) {
    const res = await page.request.post(`/api/orders/${orderId}/change-status/`, { data: { new_status: status }, headers: { 'X-CSRFToken': csrf } });
    expect(res.status()).toBe(200);
  }

  const panelRow = async () => {
    await page.goto('/reports?report=materials');
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    return page.getByRole('table', { name: /Components the orders shipping/ }).getByRole('row', { name: new RegExp(`E2E Panel ${tag}`) });
  };

  let row = await panelRow();
  // needed 6 at $123.45 ($740.70); on hand −6 (taken), nothing on order, available −6: 6 to buy ($740.70)
  await expect(row.getByRole('cell')).toHaveText(['6', '$123.45', '$740.70', '-6', '0', '-6', '6', '$740.70']);
  await row.getByRole('button', { name: `Show the orders needing E2E Panel ${tag}` }).click();
  await expect(page.getByRole('list', { name: `Orders needing E2E Panel ${tag}` })).toContainText(`MTO-${tag} × 6`);

  // The same list as a PDF, with the same figures.
  const pdfLink = page.getByRole('link', { name: 'Print PDF' });
  await expect(pdfLink).toHaveAttribute('href', /^\/api\/production\/materials\/pdf\/\?/);
  const printed = (await pdfPages(await (await page.request.get((await pdfLink.getAttribute('href'))!)).body())).join(' ');
  expect(printed.replace(/\s+/g, ' ')).toMatch(new RegExp(`E2E Panel ${tag} MTO-${tag} × 6.* 6 \\$123\\.45 \\$740\\.70 -6 6 \\$740\\.70`));

  // Ten panels counted on the Components screen: on hand 4, nothing to buy.
  await page.goto('/components');
  await page.getByRole('button', { name: `Adjust stock: E2E Panel ${tag}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Quantity/).fill('10');
  await dialog.getByLabel(/Reason/).fill('Counted');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByLabel(`On hand: E2E Panel ${tag}`)).toHaveText('4');
  row = await panelRow();
  await expect(row.getByRole('cell')).toHaveText(['6', '$123.45', '$740.70', '4', '0', '4', '0', '$0.00']);
});

test('the shop board: a card moves by keyboard, a second user sees it move, and a refused move shows on the card', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const tag = `${run}d`;
  await makeOrder(page, tag);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, STAFF);
  await staff.goto('/board');
  const column = (p: Page, name: string) => p.getByRole('region', { name, exact: true });
  const card = (p: Page) => p.getByRole('listitem', { name: `Order MTO-${tag}` });
  await expect(column(staff, 'Pending').getByRole('listitem', { name: `Order MTO-${tag}` })).toBeVisible();

  await page.goto('/board');
  await expect(card(page)).toContainText(`E2E MTO ${tag}`);
  await expect(card(page)).toContainText(`E2E Freezer ${tag}`);
  // Printable from the board: this card's sheet, and the week's sheets together.
  await expect(card(page).getByRole('link', { name: `Build sheet MTO-${tag}` })).toHaveAttribute('href', /^\/api\/production\/orders\/\d+\/build-sheet\/$/);
  const all = page.getByRole('link', { name: 'Print build sheets' });
  await expect(all).toHaveAttribute('href', /^\/api\/production\/build-sheets\/\?orders=[\d,]+$/);
  const bundle = await page.request.get((await all.getAttribute('href'))!);
  expect(bundle.headers()['content-type']).toBe('application/pdf');
  expect((await pdfPages(await bundle.body())).join(' ')).toContain(`MTO-${tag}`);
  await card(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(column(page, 'Processed').getByRole('listitem', { name: `Order MTO-${tag}` })).toBeVisible();
  // The colleague's board follows, live.
  await expect(column(staff, 'Processed').getByRole('listitem', { name: `Order MTO-${tag}` })).toBeVisible();

  await card(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(column(page, 'Scheduled to Ship').getByRole('listitem', { name: `Order MTO-${tag}` })).toContainText('Needs: Invoice');
  await card(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(card(page).getByRole('alert')).toHaveText('Missing requirements: Invoice');
  await expect(column(page, 'Scheduled to Ship').getByRole('listitem', { name: `Order MTO-${tag}` })).toBeVisible();
  await expect(column(staff, 'Scheduled to Ship').getByRole('listitem', { name: `Order MTO-${tag}` })).toBeVisible();

  // A weekly capacity in Company Information below this week's units marks the week (two orders at least).
  await makeOrder(page, `${run}e`);
  const units = Number(((await (await page.request.get(`/api/production/board/?week=${today}`)).json()) as { units: number }).units);
  await page.goto('/company-info');
  await page.getByRole('button', { name: 'Edit Information' }).click();
  await page.getByRole('spinbutton', { name: 'Weekly Capacity (units)' }).fill(String(units - 1));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit Information' })).toBeVisible();
  await page.goto('/board');
  await expect(page.getByRole('status').filter({ hasText: 'Over capacity' })).toHaveText(`Over capacity: ${units} units ship this week, capacity ${units - 1}.`);
  // Put back: no capacity.
  await page.goto('/company-info');
  await page.getByRole('button', { name: 'Edit Information' }).click();
  await page.getByRole('spinbutton', { name: 'Weekly Capacity (units)' }).fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit Information' })).toBeVisible();
  await staffContext.close();
});
