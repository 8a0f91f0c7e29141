/**
 * The load benchmark's data set, written fast: `orders` orders spread over ten years (addresses,
 * building, additional items, some uploaded files, history, bills of lading) and `invoices`
 * invoices with their lines, generated in JS with a seeded PRNG (the same options give the same
 * data) and written in batches of multi-row INSERT ... SELECT FROM jsonb_to_recordset($1), one
 * transaction per batch. The catalogue, company and the demo users come from the demo seed.
 *
 * Not the service one by one: that would take an hour for 100k orders.
 */
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  calculateInvoiceTotals,
  deriveInvoiceLineItems,
  isDoorOnly,
  needsSizeAndThickness,
  productCalculatedPrice,
  toDecimal,
  toMoneyString,
  type BuildingType,
  type InvoiceLineItem,
  type OrderForInvoice,
  type OrderStatus,
} from '@icehouse/domain';
import { bumpSequence, rowsOf } from '@icehouse/db';
import type { Database, Db } from '@icehouse/db/client';
import { Random, seedDemo } from '@icehouse/db/seed';
import type { BlobStore } from '../src/blobs/store';
import { hashPassword } from '../src/modules/auth/password';
import {
  DOOR_PLACEMENTS,
  JOB_NAMES,
  LAKES,
  NOTES,
  PLACES,
  STREET_NAMES,
  customerNameOf,
  type Place,
} from './names';

export interface BenchSeedOptions {
  orders: number;
  invoices: number;
  /** The last day of the data set (default: today). */
  today?: Date;
  seed?: number;
  /** Orders per batch (one transaction each). */
  batchSize?: number;
  log?: (message: string) => void;
  /**
   * Each uploaded drawing as a file of its own in this blob store (rows with its SHA-256, no bytes in the
   * database), `meanBytes` on average (half to one and a half times): the backup then copies what a shop's
   * drawings weigh. Without it every drawing is one small PDF kept in the database's legacy column.
   */
  drawings?: { store: BlobStore; meanBytes: number };
}

export interface BenchSeedSummary {
  orders: number;
  invoices: number;
  invoiceLines: number;
  addresses: number;
  additionalItems: number;
  files: number;
  /** Bytes of the drawings put in the blob store (0 without `drawings`). */
  fileBytes: number;
  billsOfLading: number;
  history: number;
  byStatus: Record<OrderStatus, number>;
  firstDate: string;
  lastDate: string;
  seconds: number;
}

/** Door numbers of the data set: DOOR_BASE + 1, + 2, ... */
export const DOOR_BASE = 100_000;
const SPAN_DAYS = 3650;
const DAY_MS = 86_400_000;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => isoDate(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS);
const minIso = (a: string, b: string) => (a < b ? a : b);

interface Customer {
  name: string;
  street: string;
  place: Place;
  phone: string;
  /** A delivery site other than the billing address. */
  site: { name: string; street: string; place: Place } | null;
}

function makeCustomers(rnd: Random, count: number): Customer[] {
  const customers: Customer[] = [];
  for (let i = 0; i < count; i++) {
    const place = rnd.pick(PLACES);
    const { name, business } = customerNameOf(rnd, place.city);
    const street = `${rnd.int(10, 99999)} ${rnd.pick(STREET_NAMES)}`;
    const phone = `(${place.area}) 555-01${String(rnd.int(0, 99)).padStart(2, '0')}`;
    const site = rnd.chance(0.3)
      ? {
          name: business ? `${name} - ${rnd.pick(LAKES)} site` : `${name} - Cabin`,
          street: `${rnd.int(1000, 59999)} ${rnd.pick(STREET_NAMES)}`,
          place: rnd.pick(PLACES),
        }
      : null;
    customers.push({ name, street, place, phone, site });
  }
  return customers;
}

/**
 * By age: recent orders are still in the pipeline, older ones shipped (about 5% voided); a few
 * from the last year wait for the ice (ordered in summer, delivered in winter).
 */
function statusFor(rnd: Random, ageDays: number): OrderStatus {
  const r = rnd.next();
  if (r < 0.05) return 'voided';
  if (ageDays < 45) return r < 0.62 ? 'pending' : r < 0.86 ? 'processed' : 'scheduled_to_ship';
  if (ageDays < 180) return r < 0.2 ? 'pending' : r < 0.5 ? 'processed' : r < 0.72 ? 'scheduled_to_ship' : 'completed';
  if (ageDays < 365) return r < 0.13 ? 'processed' : r < 0.21 ? 'scheduled_to_ship' : 'completed';
  return 'completed';
}

interface Setting {
  id: number;
  category: string;
  value: string;
  price: string | null;
}

interface CatalogueProduct {
  id: number;
  description: string;
  buildingType: BuildingType;
  price: string;
}

async function loadCatalogue(db: Db) {
  const settingRows = rowsOf<{ id: number; category: string; value: string; price: string | null }>(
    await db.execute(sql`select id, category, value, price from settings order by id`),
  );
  const byCategory = new Map<string, Setting[]>();
  for (const s of settingRows) {
    const list = byCategory.get(s.category) ?? [];
    list.push({ ...s, id: Number(s.id) });
    byCategory.set(s.category, list);
  }
  const of = (category: string) => {
    const list = byCategory.get(category);
    if (!list || list.length === 0) throw new Error(`bench seed: no settings of category ${category}`);
    return list;
  };
  const componentRows = rowsOf<{ id: number; cost: string; markup: string }>(
    await db.execute(sql`select id, cost, markup from components`),
  );
  const pricing = new Map(componentRows.map((c) => [Number(c.id), { cost: c.cost, markup: c.markup }]));
  const refs = rowsOf<{ product_id: number; component_id: number; quantity: number }>(
    await db.execute(sql`select product_id, component_id, quantity from product_components`),
  );
  const productRows = rowsOf<{ id: number; description: string; building_type: BuildingType; is_simple: boolean; price: string | null }>(
    await db.execute(sql`select id, description, building_type, is_simple, price from products order by id`),
  );
  const products: CatalogueProduct[] = productRows.map((p) => ({
    id: Number(p.id),
    description: p.description,
    buildingType: p.building_type,
    price: productCalculatedPrice(
      {
        is_simple: p.is_simple,
        price: p.price,
        components: refs
          .filter((r) => Number(r.product_id) === Number(p.id))
          .map((r) => ({ component: Number(r.component_id), quantity: Number(r.quantity) })),
      },
      pricing,
    ),
  }));
  if (products.length === 0) throw new Error('bench seed: no products');
  return {
    shipVia: of('ship_via'),
    size: of('size'),
    thickness: of('thickness'),
    doorType: of('door_type'),
    doorCladding: of('door_cladding'),
    hingeSide: of('hinge_side'),
    roofColor: of('roof_color'),
    sidingColor: of('siding_color'),
    additionalItem: of('additional_item'),
    products,
  };
}

type Row = Record<string, unknown>;

/** INSERT INTO table (cols) SELECT cols FROM jsonb_to_recordset($1): one parameter per batch. */
async function insertRows(db: Db, table: string, columns: readonly (readonly [string, string])[], rows: readonly Row[]) {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const select = columns.map(([name, type]) => (type === 'bytea' ? `decode("${name}", 'hex')` : `"${name}"`)).join(', ');
  const defs = columns.map(([name, type]) => `"${name}" ${type === 'bytea' ? 'text' : type}`).join(', ');
  await db.execute(
    sql`insert into ${sql.raw(`"${table}"`)} (${sql.raw(names)}) select ${sql.raw(select)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(defs)})`,
  );
}

const ADDRESS_COLUMNS = [
  ['id', 'int'],
  ['name', 'text'],
  ['street', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['zip_code', 'text'],
  ['country', 'text'],
] as const;
const FILE_COLUMNS = [
  ['id', 'int'],
  ['filename', 'text'],
  ['content_type', 'text'],
  ['size_bytes', 'int'],
  ['sha256', 'text'],
  ['data', 'bytea'],
  ['created_at', 'timestamptz'],
  ['created_by', 'int'],
] as const;
const ORDER_COLUMNS = [
  ['id', 'int'],
  ['status', 'text'],
  ['date', 'date'],
  ['ship_date', 'date'],
  ['ship_via_id', 'int'],
  ['invoice_number', 'text'],
  ['door_number', 'text'],
  ['special_delivery_info', 'text'],
  ['customer_po_job_name', 'text'],
  ['freight_cost', 'numeric'],
  ['discount', 'numeric'],
  ['discount_is_percentage', 'boolean'],
  ['tax_exempt', 'boolean'],
  ['phone', 'text'],
  ['eps_po_number', 'text'],
  ['po_delivery_date', 'date'],
  ['notes', 'text'],
  ['billing_address_id', 'int'],
  ['shipping_address_id', 'int'],
  ['blueprint_file_id', 'int'],
  ['door_placement_file_id', 'int'],
  ['version', 'int'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['created_by', 'int'],
  ['updated_by', 'int'],
] as const;
const BUILDING_COLUMNS = [
  ['order_id', 'int'],
  ['product_id', 'int'],
  ['is_custom', 'boolean'],
  ['price', 'numeric'],
  ['building_type', 'text'],
  ['building_description', 'text'],
  ['size_id', 'int'],
  ['custom_size', 'text'],
  ['thickness_id', 'int'],
  ['door_type_id', 'int'],
  ['door_type_price', 'numeric'],
  ['door_cladding_id', 'int'],
  ['door_cladding_price', 'numeric'],
  ['hinge_side_id', 'int'],
  ['roof_color_id', 'int'],
  ['siding_color_id', 'int'],
  ['door_placement', 'text'],
] as const;
const ITEM_COLUMNS = [
  ['order_id', 'int'],
  ['position', 'int'],
  ['item_id', 'int'],
  ['custom_item_name', 'text'],
  ['quantity', 'int'],
  ['price', 'numeric'],
] as const;
const HISTORY_COLUMNS = [
  ['order_id', 'int'],
  ['invoice_id', 'int'],
  ['action', 'text'],
  ['changes', 'jsonb'],
  ['user_id', 'int'],
  ['created_at', 'timestamptz'],
] as const;
const INVOICE_COLUMNS = [
  ['id', 'int'],
  ['invoice_number', 'text'],
  ['date', 'date'],
  ['bill_to', 'jsonb'],
  ['ship_to', 'jsonb'],
  ['po_job_name', 'text'],
  ['ship_date', 'date'],
  ['ship_via', 'text'],
  ['due_date', 'date'],
  ['tax_exempt', 'boolean'],
  ['tax_rate', 'numeric'],
  ['discount', 'numeric'],
  ['discount_is_percentage', 'boolean'],
  ['payments_credits', 'numeric'],
  ['subtotal', 'numeric'],
  ['taxable_subtotal', 'numeric'],
  ['discount_amount', 'numeric'],
  ['tax_amount', 'numeric'],
  ['total_amount', 'numeric'],
  ['balance_due', 'numeric'],
  ['has_manual_edits', 'boolean'],
  ['is_combined', 'boolean'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['created_by', 'int'],
] as const;
const PAYMENT_COLUMNS = [
  ['invoice_id', 'int'],
  ['kind', 'text'],
  ['date', 'date'],
  ['amount', 'numeric'],
  ['method', 'text'],
  ['reference', 'text'],
  ['recorded_by', 'int'],
  ['recorded_at', 'timestamptz'],
] as const;
const INVOICE_ORDER_COLUMNS = [
  ['invoice_id', 'int'],
  ['order_id', 'int'],
] as const;
const LINE_COLUMNS = [
  ['invoice_id', 'int'],
  ['position', 'int'],
  ['quantity', 'numeric'],
  ['description', 'text'],
  ['price_each', 'numeric'],
  ['is_freight', 'boolean'],
] as const;
const BOL_COLUMNS = [
  ['id', 'int'],
  ['order_id', 'int'],
  ['bol_number', 'text'],
  ['date', 'date'],
  ['free_on_board', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['created_by', 'int'],
] as const;

/** A small valid PDF stands in for every uploaded drawing (the bytes are not what is measured). */
const PDF_HEX = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n' +
    '%'.repeat(2000),
  'latin1',
).toString('hex');
const PDF_SIZE = PDF_HEX.length / 2;

/**
 * A drawing of `size` bytes: the small PDF's header, then bytes of a PRNG seeded by the file's id (each
 * drawing differs, so the store keeps each one, and none compresses to nothing in a backup).
 */
function drawingBytes(id: number, size: number): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 64));
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  let x = (id * 2_654_435_761) >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  bytes.write('%PDF-1.4\n%drawing\n', 0, 'latin1');
  return bytes;
}

async function maxId(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ max: number | string | null }>(await db.execute(sql.raw(`select max(id) as max from "${table}"`)));
  return Number(row?.max ?? 0);
}

/** Moves an identity column's sequence past the ids written explicitly. */
async function syncIdentity(db: Db, table: string) {
  await db.execute(
    sql.raw(`select setval(pg_get_serial_sequence('"${table}"', 'id'), greatest((select max(id) from "${table}"), 1))`),
  );
}

interface Plan {
  date: string;
  status: OrderStatus;
}

interface SavedForInvoice {
  id: number;
  date: string;
  shipDate: string | null;
  shipVia: string;
  doorNumber: string;
  jobName: string;
  discount: string;
  discountIsPercentage: boolean;
  taxExempt: boolean;
  billTo: Record<string, string>;
  shipTo: Record<string, string>;
  forInvoice: OrderForInvoice;
  createdBy: number;
}

/** Fills a migrated, empty database. Returns what it wrote. */
export async function seedBenchData(database: Database, opts: BenchSeedOptions): Promise<BenchSeedSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const db = database.db;
  const N = opts.orders;
  const batchSize = opts.batchSize ?? 5000;
  const todayMs = Date.parse(isoDate((opts.today ?? new Date()).getTime()) + 'T00:00:00Z');
  const today = isoDate(todayMs);

  // Catalogue, company and users (admin / staff with the demo passwords).
  await seedDemo(db, { hashPassword, orderCount: 0 });
  const cat = await loadCatalogue(db);
  const userIds = rowsOf<{ id: number }>(await db.execute(sql`select id from users order by id`)).map((u) => Number(u.id));
  const [company] = rowsOf<{ rate: string }>(await db.execute(sql`select sales_tax_rate as rate from company_info where id = 1`));
  const taxRate = company?.rate ?? '0.00';

  const rnd = new Random(opts.seed ?? 2026);
  const customers = makeCustomers(rnd, Math.max(50, Math.round(N / 5)));
  // A fifth of the customers place most of the orders.
  const customerFor = () => (rnd.chance(0.5) ? customers[rnd.int(0, Math.floor(customers.length / 5))]! : rnd.pick(customers));

  // Pass 1: dates and statuses (ids follow dates, as orders are entered over time).
  const plans: Plan[] = [];
  for (let i = 0; i < N; i++) {
    const ageDays = Math.max(0, Math.round(((N - 1 - i) * SPAN_DAYS) / Math.max(1, N - 1)) - rnd.int(0, 2));
    plans.push({ date: isoDate(todayMs - ageDays * DAY_MS), status: statusFor(rnd, ageDays) });
  }

  // Which orders are invoiced: the newest completed / scheduled ones, about 4% of invoices covering two orders.
  const groupOf = new Map<number, number[]>(); // last order index of a group -> the group's order indexes
  const invoicedOrders = new Set<number>();
  {
    let wanted = Math.min(opts.invoices, N);
    let pending: number | null = null;
    for (let i = N - 1; i >= 0 && wanted > 0; i--) {
      const s = plans[i]!.status;
      if (s !== 'completed' && s !== 'scheduled_to_ship') continue;
      if (pending !== null) {
        groupOf.set(pending, [i, pending]);
        invoicedOrders.add(i);
        pending = null;
        wanted--;
      } else if (rnd.chance(0.04) && wanted > 1) {
        pending = i;
        invoicedOrders.add(i);
      } else {
        groupOf.set(i, [i]);
        invoicedOrders.add(i);
        wanted--;
      }
    }
    if (pending !== null) groupOf.set(pending, [pending]);
  }
  // Invoice numbers and ids in date order (oldest first).
  const groupKeys = [...groupOf.keys()].sort((a, b) => a - b);
  const invoiceIdBase = await maxId(db, 'invoices');
  const invoiceNumberOf = new Map<number, { id: number; number: string }>();
  groupKeys.forEach((key, k) => {
    const info = { id: invoiceIdBase + k + 1, number: String(10_001 + k) };
    for (const orderIndex of groupOf.get(key)!) invoiceNumberOf.set(orderIndex, info);
  });

  const summary: BenchSeedSummary = {
    orders: 0,
    invoices: 0,
    invoiceLines: 0,
    addresses: 0,
    additionalItems: 0,
    files: 0,
    fileBytes: 0,
    billsOfLading: 0,
    history: 0,
    byStatus: { pending: 0, processed: 0, scheduled_to_ship: 0, completed: 0, voided: 0 },
    firstDate: plans[0]?.date ?? today,
    lastDate: plans[N - 1]?.date ?? today,
    seconds: 0,
  };

  const orderIdBase = await maxId(db, 'orders');
  const addressIdBase = await maxId(db, 'addresses');
  const fileIdBase = await maxId(db, 'stored_files');
  const bolIdBase = await maxId(db, 'bills_of_lading');
  let fileCount = 0;
  let bolCount = 0;
  const waiting = new Map<number, SavedForInvoice>(); // first order of a two-order invoice, until its partner is written
  const at = (iso: string) => new Date(Math.min(Date.parse(`${iso}T14:00:00Z`) + rnd.int(0, 480) * 60_000, Date.now())).toISOString();
  const money = (v: Parameters<typeof toMoneyString>[0]) => toMoneyString(v);

  for (let start = 0; start < N; start += batchSize) {
    const end = Math.min(N, start + batchSize);
    const addressRows: Row[] = [];
    const fileRows: Row[] = [];
    const orderRows: Row[] = [];
    const buildingRows: Row[] = [];
    const itemRows: Row[] = [];
    const historyRows: Row[] = [];
    const invoiceRows: Row[] = [];
    const paymentRows: Row[] = [];
    const invoiceOrderRows: Row[] = [];
    const lineRows: Row[] = [];
    const bolRows: Row[] = [];

    for (let i = start; i < end; i++) {
      const { date, status } = plans[i]!;
      const id = orderIdBase + i + 1;
      const c = customerFor();
      const billingId = addressIdBase + 2 * i + 1;
      const shippingId = billingId + 1;
      const site = c.site ?? { name: c.name, street: c.street, place: c.place };
      addressRows.push(
        { id: billingId, name: c.name, street: c.street, city: c.place.city, state: c.place.state, zip_code: c.place.zip, country: 'US' },
        { id: shippingId, name: site.name, street: site.street, city: site.place.city, state: site.place.state, zip_code: site.place.zip, country: 'US' },
      );

      const progressed = status === 'processed' || status === 'scheduled_to_ship' || status === 'completed';
      const shipping = status === 'scheduled_to_ship' || status === 'completed';
      const open = status === 'pending' || status === 'processed';
      // Open orders mostly have what the next status needs (so status changes can be measured).
      const shipVia = shipping || (open && rnd.chance(0.85)) || rnd.chance(0.3) ? rnd.pick(cat.shipVia) : null;
      let freight = '0.00';
      if (shipVia && /truck/i.test(shipVia.value)) freight = money(rnd.int(6, 18) * 25);
      if (shipVia && /freight/i.test(shipVia.value)) freight = money(rnd.int(12, 36) * 25);
      let shipDate: string | null = null;
      if (status === 'completed') shipDate = minIso(today, addDays(date, rnd.int(14, 45)));
      else if (status === 'scheduled_to_ship' || (open && rnd.chance(0.85))) shipDate = addDays(date, rnd.int(20, 60));
      let discount = '0.00';
      let discountIsPercentage = false;
      if (rnd.chance(0.2)) {
        discountIsPercentage = rnd.chance(0.4);
        discount = discountIsPercentage ? money(rnd.pick([5, 10, 15])) : money(rnd.pick([50, 100, 150, 250, 500]));
      }
      const taxExempt = rnd.chance(0.1);
      const createdBy = rnd.pick(userIds);
      const createdAt = at(date);
      const jobName = rnd.pick(JOB_NAMES);
      const doorNumber = String(DOOR_BASE + i + 1);
      const eps = progressed || (status === 'pending' && rnd.chance(0.8)) || rnd.chance(0.2) ? `EPS-${rnd.int(10000, 99999)}` : '';

      let blueprintFileId: number | null = null;
      let doorPlacementFileId: number | null = null;
      for (const kind of ['blueprint', 'door placement'] as const) {
        if (!rnd.chance(kind === 'blueprint' ? 0.12 : 0.05)) continue;
        fileCount++;
        const fileId = fileIdBase + fileCount;
        const drawingSize = opts.drawings ? Math.round(opts.drawings.meanBytes * (0.5 + rnd.next())) : 0;
        fileRows.push({
          id: fileId,
          filename: `${kind === 'blueprint' ? 'blueprint' : 'door-placement'}-${doorNumber}.pdf`,
          content_type: 'application/pdf',
          size_bytes: opts.drawings ? drawingSize : PDF_SIZE,
          sha256: '0'.repeat(64),
          data: opts.drawings ? null : PDF_HEX,
          created_at: createdAt,
          created_by: createdBy,
        });
        if (kind === 'blueprint') blueprintFileId = fileId;
        else doorPlacementFileId = fileId;
      }
      const invoice = invoiceNumberOf.get(i);
      orderRows.push({
        id,
        status,
        date,
        ship_date: shipDate,
        ship_via_id: shipVia?.id ?? null,
        invoice_number: invoice?.number ?? '',
        door_number: doorNumber,
        special_delivery_info: rnd.chance(0.15) ? 'Needs a forklift on site' : '',
        customer_po_job_name: jobName,
        freight_cost: freight,
        discount,
        discount_is_percentage: discountIsPercentage,
        tax_exempt: taxExempt,
        phone: c.phone,
        eps_po_number: eps,
        po_delivery_date: rnd.chance(0.4) ? addDays(date, rnd.int(20, 60)) : null,
        notes: rnd.pick(NOTES),
        billing_address_id: billingId,
        shipping_address_id: shippingId,
        blueprint_file_id: blueprintFileId,
        door_placement_file_id: doorPlacementFileId,
        version: status === 'pending' ? 1 : rnd.int(2, 4),
        created_at: createdAt,
        updated_at: createdAt,
        created_by: createdBy,
        updated_by: createdBy,
      });
      summary.byStatus[status]++;

      // Building and additional items.
      const custom = rnd.chance(0.2);
      const product = rnd.pick(cat.products);
      const buildingType: BuildingType = custom
        ? rnd.pick(['FREEZER_COOLER_UNIT', 'ICE_HOUSE_KIT', 'PREBUILT_ICE_HOUSE', 'DOOR_ONLY'] as const)
        : product.buildingType;
      const doorOnly = isDoorOnly(buildingType);
      const description = custom && !doorOnly ? rnd.pick(['Custom walk-in cooler', 'Custom 10x14 ice house kit', 'Custom wheelhouse with bunk room']) : '';
      const price = custom ? (doorOnly ? null : money(rnd.int(90, 320) * 50)) : product.price;
      let size: Setting | null = null;
      let customSize = '';
      let thickness: Setting | null = null;
      if (needsSizeAndThickness(buildingType)) {
        if (custom && rnd.chance(0.25)) customSize = rnd.pick(['10x14', '8x18', '7x14']);
        else size = rnd.pick(cat.size);
        thickness = rnd.pick(cat.thickness);
      }
      const doorType = doorOnly || rnd.chance(0.5) ? rnd.pick(cat.doorType) : null;
      const doorTypePrice = doorOnly && doorType ? doorType.price : null;
      const cladding = rnd.chance(doorOnly ? 0.6 : 0.35) ? rnd.pick(cat.doorCladding) : null;
      const housey = buildingType === 'ICE_HOUSE_KIT' || buildingType === 'PREBUILT_ICE_HOUSE';
      buildingRows.push({
        order_id: id,
        product_id: custom ? null : product.id,
        is_custom: custom,
        price,
        building_type: buildingType,
        building_description: description,
        size_id: size?.id ?? null,
        custom_size: customSize,
        thickness_id: thickness?.id ?? null,
        door_type_id: doorType?.id ?? null,
        door_type_price: doorTypePrice,
        door_cladding_id: cladding?.id ?? null,
        door_cladding_price: cladding?.price ?? null,
        hinge_side_id: doorType ? rnd.pick(cat.hingeSide).id : null,
        roof_color_id: housey ? rnd.pick(cat.roofColor).id : null,
        siding_color_id: housey ? rnd.pick(cat.sidingColor).id : null,
        door_placement: rnd.pick(DOOR_PLACEMENTS),
      });
      const items: { label: string; quantity: number; price: string }[] = [];
      const count = doorOnly ? rnd.int(0, 1) : rnd.int(0, 3);
      for (let position = 0; position < count; position++) {
        const s = rnd.pick(cat.additionalItem);
        const quantity = rnd.chance(0.2) ? rnd.int(2, 4) : 1;
        itemRows.push({ order_id: id, position, item_id: s.id, custom_item_name: '', quantity, price: s.price ?? '0.00' });
        items.push({ label: s.value, quantity, price: s.price ?? '0.00' });
      }
      if (!doorOnly && rnd.chance(0.1)) {
        const itemPrice = money(rnd.int(3, 12) * 25);
        const name = rnd.pick(['Custom paint stripe', 'Extra cam locks', 'Reinforced floor hatch']);
        itemRows.push({ order_id: id, position: items.length, item_id: null, custom_item_name: name, quantity: 1, price: itemPrice });
        items.push({ label: name, quantity: 1, price: itemPrice });
      }
      summary.additionalItems += items.length;

      // History: created, then the status it reached.
      historyRows.push({ order_id: id, invoice_id: null, action: 'created', changes: null, user_id: createdBy, created_at: createdAt });
      if (status !== 'pending') {
        historyRows.push({
          order_id: id,
          invoice_id: null,
          action: status === 'voided' ? 'voided' : 'status_changed',
          changes: { status: { old: 'pending', new: status } },
          user_id: rnd.pick(userIds),
          created_at: at(minIso(today, addDays(date, rnd.int(1, 10)))),
        });
      }

      // Invoice (written with the last order of its group).
      if (invoicedOrders.has(i) && invoice) {
        const saved: SavedForInvoice = {
          id,
          date,
          shipDate,
          shipVia: shipVia?.value ?? '',
          doorNumber,
          jobName,
          discount,
          discountIsPercentage,
          taxExempt,
          billTo: { name: c.name, street: c.street, city: c.place.city, state: c.place.state, zip_code: c.place.zip, country: 'US' },
          shipTo: { name: site.name, street: site.street, city: site.place.city, state: site.place.state, zip_code: site.place.zip, country: 'US' },
          forInvoice: {
            buildingDescription: custom ? description : product.description,
            buildingType,
            buildingPrice: price,
            size: customSize || size?.value || '',
            thickness: thickness?.value ?? '',
            doorType: doorType ? { label: doorType.value, price: doorTypePrice } : null,
            doorCladding: cladding ? { label: cladding.value, price: cladding.price } : null,
            additionalItems: items,
            freightCost: freight,
          },
          createdBy,
        };
        const group = groupOf.get(i);
        if (!group) {
          waiting.set(i, saved);
        } else {
          const members = group.map((k) => (k === i ? saved : waiting.get(k)!)).filter(Boolean);
          for (const k of group) waiting.delete(k);
          const head = members[0]!;
          const combined = members.length > 1;
          const lines: InvoiceLineItem[] = members.flatMap((m) => deriveInvoiceLineItems(m.forInvoice));
          const lastShip = members
            .map((m) => m.shipDate)
            .filter((d): d is string => !!d)
            .sort()
            .pop();
          const invoiceDate = minIso(today, lastShip ?? addDays(members[members.length - 1]!.date, rnd.int(5, 20)));
          const terms = {
            discount: head.discount,
            discountIsPercentage: head.discountIsPercentage,
            taxRate: head.taxExempt ? '0.00' : taxRate,
            taxExempt: head.taxExempt,
          };
          const unpaid = calculateInvoiceTotals({ lineItems: lines, ...terms });
          const paid = status === 'completed' && rnd.chance(0.85);
          const payments = paid ? unpaid.total : rnd.chance(0.3) ? money(toDecimal(unpaid.total).times('0.3').toDecimalPlaces(0)) : '0.00';
          const totals = calculateInvoiceTotals({ lineItems: lines, ...terms, paymentsCredits: payments });
          const invoiceCreatedAt = at(invoiceDate);
          invoiceRows.push({
            id: invoice.id,
            invoice_number: invoice.number,
            date: invoiceDate,
            bill_to: head.billTo,
            ship_to: head.shipTo,
            po_job_name: combined ? `Combined orders ${members.map((m) => m.doorNumber).join(', ')}` : head.jobName,
            ship_date: lastShip ?? null,
            ship_via: head.shipVia,
            due_date: addDays(invoiceDate, 30),
            tax_exempt: terms.taxExempt,
            tax_rate: terms.taxRate,
            discount: terms.discount,
            discount_is_percentage: terms.discountIsPercentage,
            payments_credits: payments,
            subtotal: totals.subtotal,
            taxable_subtotal: totals.taxableSubtotal,
            discount_amount: totals.discountAmount,
            tax_amount: totals.taxAmount,
            total_amount: totals.total,
            balance_due: totals.balanceDue,
            has_manual_edits: false,
            is_combined: combined,
            created_at: invoiceCreatedAt,
            updated_at: invoiceCreatedAt,
            created_by: head.createdBy,
          });
          // Payments/Credits must be the payments ledger's sum: what was paid is seeded as one check entry.
          if (payments !== '0.00') {
            paymentRows.push({
              invoice_id: invoice.id,
              kind: 'payment',
              date: invoiceDate,
              amount: payments,
              method: 'check',
              reference: `CHK-${invoice.number}`,
              recorded_by: head.createdBy,
              recorded_at: invoiceCreatedAt,
            });
          }
          lines.forEach((l, position) =>
            lineRows.push({
              invoice_id: invoice.id,
              position,
              quantity: String(l.quantity),
              description: l.description,
              price_each: l.price_each,
              is_freight: l.is_freight ?? null,
            }),
          );
          for (const m of members) {
            invoiceOrderRows.push({ invoice_id: invoice.id, order_id: m.id });
            historyRows.push({ order_id: m.id, invoice_id: invoice.id, action: 'invoice_created', changes: null, user_id: head.createdBy, created_at: invoiceCreatedAt });
          }
          summary.invoices++;
          summary.invoiceLines += lines.length;
        }
      }

      // Bill of lading: most invoiced completed orders, some scheduled ones.
      if (shipDate && ((status === 'completed' && invoicedOrders.has(i) && rnd.chance(0.85)) || (status === 'scheduled_to_ship' && rnd.chance(0.4)))) {
        bolCount++;
        const bolDate = minIso(today, shipDate);
        const bolAt = at(minIso(today, addDays(bolDate, -1)));
        bolRows.push({
          id: bolIdBase + bolCount,
          order_id: id,
          bol_number: String(50_000 + bolCount),
          date: bolDate,
          free_on_board: rnd.pick(['Origin', 'Destination', 'Pine City, MN']),
          created_at: bolAt,
          updated_at: bolAt,
          created_by: createdBy,
        });
        historyRows.push({ order_id: id, invoice_id: null, action: 'bol_created', changes: null, user_id: createdBy, created_at: bolAt });
      }
    }

    // The drawings' bytes first (a row must never point at a missing blob), then their rows.
    if (opts.drawings) {
      for (const row of fileRows) {
        const put = await opts.drawings.store.put(Readable.from([drawingBytes(Number(row.id), Number(row.size_bytes))]));
        row.sha256 = put.sha256;
        summary.fileBytes += put.size;
      }
    }
    await db.transaction(async (tx) => {
      await insertRows(tx, 'addresses', ADDRESS_COLUMNS, addressRows);
      await insertRows(tx, 'stored_files', FILE_COLUMNS, fileRows);
      await insertRows(tx, 'orders', ORDER_COLUMNS, orderRows);
      await insertRows(tx, 'order_building_info', BUILDING_COLUMNS, buildingRows);
      await insertRows(tx, 'order_additional_items', ITEM_COLUMNS, itemRows);
      await insertRows(tx, 'invoices', INVOICE_COLUMNS, invoiceRows);
      await insertRows(tx, 'invoice_orders', INVOICE_ORDER_COLUMNS, invoiceOrderRows);
      await insertRows(tx, 'invoice_line_items', LINE_COLUMNS, lineRows);
      await insertRows(tx, 'invoice_payments', PAYMENT_COLUMNS, paymentRows);
      await insertRows(tx, 'bills_of_lading', BOL_COLUMNS, bolRows);
      await insertRows(tx, 'history', HISTORY_COLUMNS, historyRows);
    });
    summary.orders += orderRows.length;
    summary.addresses += addressRows.length;
    summary.files += fileRows.length;
    summary.billsOfLading += bolRows.length;
    summary.history += historyRows.length;
    if (end === N || (end / batchSize) % 4 === 0) {
      log(`  ${end.toLocaleString('en-US')} / ${N.toLocaleString('en-US')} orders, ${summary.invoices.toLocaleString('en-US')} invoices (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  }

  for (const table of ['addresses', 'stored_files', 'orders', 'invoices', 'bills_of_lading']) await syncIdentity(db, table);
  await bumpSequence(db, 'door_number', DOOR_BASE + N);
  await bumpSequence(db, 'invoice_number', 10_000 + groupKeys.length);
  await bumpSequence(db, 'bol_number', 50_000 + bolCount);
  // As autovacuum would have by now on a database that grew to this size: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
