/**
 * The spreadsheet import at size (`npm run bench:spreadsheets -w @icehouse/server`): 5,000-row sheets of
 * each kind, uploaded and previewed through the REST door as an admin (app.inject, answer checks off as
 * in production), on the embedded database, or PostgreSQL with TEST_DATABASE_URL. Prints the upload's and
 * the preview's times (median of 3 previews after one warm-up) and the import's, for a CSV and an XLSX
 * of each kind. Target: a 5,000-row sheet previewed within 5 s. Prints figures, asserts nothing.
 */
import ExcelJS from 'exceljs';
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../tests/test-app';
import { TestClient } from '../tests/client';
import { PASSWORD, createStandardUsers } from '../tests/users';
import { MULTIPART_HEADERS, multipartBody } from '../tests/orders-test-support';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sheets(): Record<'components' | 'products' | 'customers', unknown[][]> {
  const components: unknown[][] = [['Name', 'Cost', 'Markup', 'Stock']];
  for (let i = 0; i < ROWS; i++) components.push([`Part ${i}`, `${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}`, String(i % 60), String(i % 40)]);
  // Products: 1,000 products of five component lines each.
  const products: unknown[][] = [['Description', 'Building type', 'Simple', 'Price', 'Component', 'Quantity']];
  for (let i = 0; i < ROWS; i++) products.push([`Product ${Math.floor(i / 5)}`, 'Ice House Kit', 'no', '', `Part ${i}`, String((i % 4) + 1)]);
  // Customers: 2,500 customers with two ship-to addresses each.
  const customers: unknown[][] = [['Name', 'Phone', 'Email', 'Billing city', 'Billing ZIP code', 'Ship-to label', 'Ship-to street', 'Ship-to ZIP code']];
  for (let i = 0; i < ROWS; i++) {
    const c = Math.floor(i / 2);
    customers.push([`Customer ${c}`, `(612) 555-${String(c % 10000).padStart(4, '0')}`, `c${c}@example.test`, 'Duluth', '55802', i % 2 ? 'Cabin' : 'Shop', `${i} Lake Rd`, '55803']);
  }
  return { components, products, customers };
}

const csv = (rows: unknown[][]) => Buffer.from(rows.map((r) => r.map(String).join(',')).join('\r\n') + '\r\n');
async function xlsx(rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const ms = (t0: number) => Math.round(performance.now() - t0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const test = await createTestApp({ checkAnswers: false });
  await test.reset();
  await createStandardUsers(test.database);
  const admin = new TestClient(test.app);
  await admin.login('admin', PASSWORD);
  const data = sheets();
  console.log(`spreadsheet import, ${ROWS.toLocaleString('en-US')} rows a sheet, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}`);
  console.log('kind        format  bytes      upload ms  preview ms (median of 3)  import ms');
  // Components first: the products sheet names them.
  for (const kind of ['components', 'products', 'customers'] as const) {
    for (const format of ['csv', 'xlsx'] as const) {
      const bytes = format === 'csv' ? csv(data[kind]) : await xlsx(data[kind]);
      let t0 = performance.now();
      const up = await admin.post(`/api/spreadsheets/${kind}/uploads/`, multipartBody('file', `bench.${format}`, bytes, format === 'csv' ? 'text/csv' : XLSX), {
        headers: MULTIPART_HEADERS,
      });
      const uploadMs = ms(t0);
      if (up.statusCode !== 201) throw new Error(`upload ${up.statusCode}: ${up.body.slice(0, 300)}`);
      const { id, mapping } = up.json();
      const times: number[] = [];
      for (let i = 0; i < 4; i++) {
        t0 = performance.now();
        const res = await admin.post(`/api/spreadsheets/uploads/${id}/preview/`, { mapping });
        if (i > 0) times.push(ms(t0));
        if (res.statusCode !== 200 || res.json().error_count !== 0) throw new Error(`preview ${res.statusCode}: ${res.body.slice(0, 300)}`);
      }
      let importMs = '';
      // Imported once per kind (from the CSV), so the next kind finds what it names.
      if (format === 'csv') {
        t0 = performance.now();
        const done = await admin.post(`/api/spreadsheets/uploads/${id}/import/`, { mapping });
        importMs = String(ms(t0));
        if (done.statusCode !== 201) throw new Error(`import ${done.statusCode}: ${done.body.slice(0, 300)}`);
      }
      console.log(
        `${kind.padEnd(11)} ${format.padEnd(7)} ${String(bytes.length).padEnd(10)} ${String(uploadMs).padEnd(10)} ${String(median(times)).padEnd(25)} ${importMs}`,
      );
    }
  }
  await test.app.close();
  await test.database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
