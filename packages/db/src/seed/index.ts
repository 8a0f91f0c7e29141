import { eq, sql } from 'drizzle-orm';
import {
  calculateInvoiceTotals,
  type Decimal,
  deriveInvoiceLineItems,
  isDoorOnly,
  needsSizeAndThickness,
  ORDER_STATUSES,
  productCalculatedPrice,
  SETTING_CATEGORIES,
  toDecimal,
  toMoneyString,
  type BuildingType,
  type InvoiceLineItem,
  type OrderForInvoice,
  type OrderStatus,
  type SettingCategory,
} from '@icehouse/domain';
import type { Db, Tx } from '../client';
import { nextNumber } from '../sequences';
import {
  addresses,
  billsOfLading,
  companyInfo,
  components,
  history,
  invoiceLineItems,
  invoiceOrders,
  invoicePayments,
  invoices,
  orderAdditionalItems,
  orderBuildingInfo,
  orders,
  productComponents,
  products,
  settings,
  users,
  type InvoiceAddress,
} from '../schema/index';
import {
  DEMO_COMPANY,
  DEMO_COMPONENTS,
  DEMO_CUSTOMERS,
  DEMO_DOOR_PLACEMENTS,
  DEMO_FOB,
  DEMO_JOB_NAMES,
  DEMO_NOTES,
  DEMO_PRODUCTS,
  DEMO_SETTINGS,
  DEMO_SPECIAL_DELIVERY,
  DEMO_USERS,
  PRODUCT_SIZES,
  type DemoCustomer,
} from './data';
import { Random } from './random';

export { DEMO_COMPANY, DEMO_USERS } from './data';
export { Random } from './random';

/** The demo sign-ins (also printed by the server's seed command). */
export const DEMO_CREDENTIALS: readonly { username: string; password: string; role: 'Admin' | 'Staff' }[] =
  DEMO_USERS.map((u) => ({
    username: u.username,
    password: u.password,
    role: u.isSuperuser ? 'Admin' : 'Staff',
  }));

export interface SeedDemoOptions {
  /** The server's password hasher (the db package does not hash). */
  hashPassword: (password: string) => Promise<string>;
  /** "Today" for the demo: orders are spread over the 12 months before it. Default: new Date(). */
  now?: Date;
  /** Default 60. */
  orderCount?: number;
  /** PRNG seed; the same seed and `now` give the same data. Default 2026. */
  seed?: number;
}

export interface SeedDemoSummary {
  /** false when the database already had orders (nothing was written). */
  seeded: boolean;
  users: number;
  settings: number;
  components: number;
  products: number;
  orders: number;
  ordersByStatus: Record<OrderStatus, number>;
  invoices: number;
  billsOfLading: number;
  /** First and last door numbers allocated, e.g. ['1001', '1060']. */
  doorNumbers: [string, string] | null;
}

const SEED_LOCK_KEY = 7_426_150_002;

function emptyCounts(): Record<OrderStatus, number> {
  return Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
}

/**
 * Fills an empty database with a realistic demo: company info, the catalogue
 * (settings of every category, components, products), the users admin and
 * staff (see DEMO_CREDENTIALS), and ~60 orders over the last 12 months in
 * every status, with invoices (totals from the domain's rule) and bills of
 * lading. Does nothing when any order exists. One transaction; deterministic.
 */
export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<SeedDemoSummary> {
  const hashes = await Promise.all(DEMO_USERS.map((u) => opts.hashPassword(u.password)));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ id: orders.id }).from(orders).limit(1);
    if (existing.length > 0) {
      return {
        seeded: false,
        users: 0,
        settings: 0,
        components: 0,
        products: 0,
        orders: 0,
        ordersByStatus: emptyCounts(),
        invoices: 0,
        billsOfLading: 0,
        doorNumbers: null,
      };
    }
    return new DemoSeeder(tx, opts, hashes).run();
  });
}

// ------------------------------------------------------------------ helpers

const DAY_MS = 86_400_000;

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function addDays(iso: string, days: number): string {
  return isoDate(new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS));
}

function minIso(a: string, b: string): string {
  return a < b ? a : b;
}

/** A moment on `iso` during office hours, never after `now`. */
function atOfficeHours(iso: string, rnd: Random, now: Date): Date {
  const t = new Date(Date.parse(`${iso}T14:00:00Z`) + rnd.int(0, 8 * 60) * 60_000);
  return t > now ? now : t;
}

function money(v: Decimal | string | number): string {
  return toMoneyString(v);
}

function invoiceAddress(a: {
  name: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
}): InvoiceAddress {
  return { name: a.name, street: a.street, city: a.city, state: a.state, zip_code: a.zipCode, country: 'US' };
}

interface PlannedOrder {
  date: string;
  status: OrderStatus;
  customer: DemoCustomer;
  /** Part of the combined-invoice pair. */
  combined?: boolean;
}

interface SavedOrder {
  id: number;
  plan: PlannedOrder;
  doorNumber: string;
  shipDate: string | null;
  shipViaLabel: string;
  discount: string;
  discountIsPercentage: boolean;
  taxExempt: boolean;
  poJobName: string;
  billTo: InvoiceAddress;
  shipTo: InvoiceAddress;
  forInvoice: OrderForInvoice;
  createdBy: number;
  createdAt: Date;
}

class DemoSeeder {
  private readonly rnd: Random;
  private readonly now: Date;
  private readonly today: string;
  private readonly settingIds = new Map<string, { id: number; value: string; price: string | null }>();
  private readonly userIds: number[] = [];
  private catalogue: { id: number; description: string; buildingType: BuildingType; price: string }[] = [];
  private readonly summary: SeedDemoSummary = {
    seeded: true,
    users: 0,
    settings: 0,
    components: 0,
    products: 0,
    orders: 0,
    ordersByStatus: emptyCounts(),
    invoices: 0,
    billsOfLading: 0,
    doorNumbers: null,
  };

  constructor(
    private readonly tx: Tx,
    private readonly opts: SeedDemoOptions,
    private readonly passwordHashes: string[],
  ) {
    this.rnd = new Random(opts.seed ?? 2026);
    this.now = opts.now ?? new Date();
    this.today = isoDate(this.now);
  }

  async run(): Promise<SeedDemoSummary> {
    await this.seedCompany();
    await this.seedUsers();
    await this.seedSettings();
    await this.seedCatalogue();
    const saved: SavedOrder[] = [];
    for (const plan of this.planOrders()) saved.push(await this.createOrder(plan));
    const first = saved[0];
    const last = saved[saved.length - 1];
    this.summary.doorNumbers = first && last ? [first.doorNumber, last.doorNumber] : null;
    await this.createInvoicesAndBols(saved);
    return this.summary;
  }

  private setting(category: SettingCategory, value: string) {
    const s = this.settingIds.get(`${category}|${value}`);
    if (!s) throw new Error(`demo seed: missing setting ${category} ${value}`);
    return s;
  }

  private settingsOf(category: SettingCategory) {
    return DEMO_SETTINGS[category].map(([value]) => this.setting(category, value));
  }

  private async seedCompany() {
    await this.tx
      .insert(companyInfo)
      .values({ id: 1, ...DEMO_COMPANY, updatedAt: this.now })
      .onConflictDoNothing();
  }

  private async seedUsers() {
    const created = await this.tx
      .insert(users)
      .values(
        DEMO_USERS.map((u, i) => ({
          username: u.username,
          email: u.email,
          passwordHash: this.passwordHashes[i]!,
          isSuperuser: u.isSuperuser,
          isActive: true,
          createdAt: this.now,
          updatedAt: this.now,
          passwordChangedAt: this.now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id });
    this.summary.users = created.length;
    for (const u of DEMO_USERS) {
      const [row] = await this.tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, u.username));
      if (row) this.userIds.push(row.id);
    }
  }

  private async seedSettings() {
    const rows = SETTING_CATEGORIES.flatMap((category) =>
      DEMO_SETTINGS[category].map(([value, price]) => ({ category, value, price })),
    );
    const created = await this.tx
      .insert(settings)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: settings.id });
    this.summary.settings = created.length;
    for (const s of await this.tx.select().from(settings)) {
      this.settingIds.set(`${s.category}|${s.value}`, { id: s.id, value: s.value, price: s.price });
    }
  }

  private async seedCatalogue() {
    const created = await this.tx
      .insert(components)
      .values(DEMO_COMPONENTS.map((c) => ({ ...c })))
      .onConflictDoNothing()
      .returning({ id: components.id });
    this.summary.components = created.length;
    const allComponents = await this.tx.select().from(components);
    const componentByName = new Map(allComponents.map((c) => [c.name, c]));
    const pricing = new Map(allComponents.map((c) => [c.id, { cost: c.cost, markup: c.markup }]));

    const existing = new Map((await this.tx.select().from(products)).map((p) => [p.description, p]));
    for (const p of DEMO_PRODUCTS) {
      let product = existing.get(p.description);
      const refs = (p.components ?? []).map(([name, quantity]) => {
        const c = componentByName.get(name);
        if (!c) throw new Error(`demo seed: missing component ${name}`);
        return { component: c.id, quantity };
      });
      if (!product) {
        [product] = await this.tx
          .insert(products)
          .values({
            description: p.description,
            buildingType: p.buildingType,
            isSimple: p.price !== undefined,
            price: p.price ?? null,
          })
          .returning();
        if (refs.length > 0) {
          await this.tx
            .insert(productComponents)
            .values(
              refs.map((r) => ({ productId: product!.id, componentId: r.component, quantity: r.quantity })),
            );
        }
        this.summary.products++;
      }
      const price = productCalculatedPrice(
        { is_simple: product!.isSimple, price: product!.price, components: refs },
        pricing,
      );
      this.catalogue.push({
        id: product!.id,
        description: p.description,
        buildingType: p.buildingType,
        price,
      });
    }
  }

  /** Dates spread over the last 12 months (oldest first), statuses by age, every status present. */
  private planOrders(): PlannedOrder[] {
    const n = this.opts.orderCount ?? 60;
    const rnd = this.rnd;
    const ages = Array.from({ length: n }, (_, i) =>
      Math.max(0, Math.min(364, Math.round(((n - 1 - i) * 358) / Math.max(1, n - 1)) + rnd.int(-3, 3))),
    ).sort((a, b) => b - a);
    // By rank from the newest: recent orders are still open, older ones shipped (a few voided).
    const plans: PlannedOrder[] = ages.map((age, i) => {
      const f = (n - 1 - i) / n;
      const r = rnd.next();
      let status: OrderStatus;
      if (f < 0.17) status = r < 0.8 ? 'pending' : r < 0.95 ? 'processed' : 'voided';
      else if (f < 0.32) status = r < 0.7 ? 'processed' : r < 0.85 ? 'pending' : 'scheduled_to_ship';
      else if (f < 0.45) status = r < 0.7 ? 'scheduled_to_ship' : r < 0.85 ? 'processed' : 'completed';
      else status = r < 0.9 ? 'completed' : 'voided';
      return { date: addDays(this.today, -age), status, customer: rnd.pick(DEMO_CUSTOMERS) };
    });
    // Every status at least 3 times (small order counts, unlucky draws).
    const need = (status: OrderStatus, candidates: PlannedOrder[]) => {
      for (const p of candidates) {
        if (plans.filter((x) => x.status === status).length >= Math.min(3, Math.floor(n / 5))) break;
        const left = plans.filter((x) => x.status === p.status).length;
        if (left > 3) p.status = status;
      }
    };
    const newest = [...plans].reverse();
    need('pending', newest);
    need('processed', newest.slice(1));
    need('scheduled_to_ship', newest.slice(3));
    need('completed', plans);
    need('voided', plans.slice(2));

    // A repeat customer with two completed orders a week apart, invoiced together.
    const completed = plans.filter((p) => p.status === 'completed');
    const a = completed[Math.floor(completed.length / 2)];
    const b = completed[Math.floor(completed.length / 2) + 1];
    if (a && b) {
      const repeat = DEMO_CUSTOMERS.find((c) => c.name === 'Lake of the Woods Resort') ?? a.customer;
      a.customer = repeat;
      b.customer = repeat;
      a.combined = true;
      b.combined = true;
    }
    return plans;
  }

  private async createOrder(plan: PlannedOrder): Promise<SavedOrder> {
    const { tx, rnd } = this;
    const status = plan.status;
    const progressed = status === 'processed' || status === 'scheduled_to_ship' || status === 'completed';
    const shipping = status === 'scheduled_to_ship' || status === 'completed';

    // Ship via and freight
    const shipVia = shipping || rnd.chance(0.35) ? rnd.pick(this.settingsOf('ship_via')) : null;
    let freight = '0.00';
    if (shipVia?.value === 'Company Truck') freight = money(rnd.int(6, 18) * 25);
    if (shipVia?.value === 'Freight Carrier') freight = money(rnd.int(12, 36) * 25);

    // Ship date
    let shipDate: string | null = null;
    if (status === 'completed') shipDate = minIso(this.today, addDays(plan.date, rnd.int(14, 45)));
    else if (status === 'scheduled_to_ship') shipDate = addDays(this.today, rnd.int(2, 30));
    else if (status === 'processed' && rnd.chance(0.3)) shipDate = addDays(this.today, rnd.int(20, 60));

    // Discount, tax
    let discount = '0.00';
    let discountIsPercentage = false;
    if (!plan.combined && rnd.chance(0.22)) {
      discountIsPercentage = rnd.chance(0.4);
      discount = discountIsPercentage
        ? money(rnd.pick([5, 10, 15]))
        : money(rnd.pick([50, 100, 150, 250, 500]));
    }
    const taxExempt = rnd.chance(0.1);

    // Addresses
    const c = plan.customer;
    const [billing] = await tx
      .insert(addresses)
      .values({
        name: c.name,
        street: c.street,
        city: c.city,
        state: c.state,
        zipCode: c.zipCode,
        country: 'US',
      })
      .returning();
    const shipToSource = c.shipTo ?? c;
    const [shippingAddress] = await tx
      .insert(addresses)
      .values({
        name: shipToSource.name,
        street: shipToSource.street,
        city: shipToSource.city,
        state: shipToSource.state,
        zipCode: shipToSource.zipCode,
        country: 'US',
      })
      .returning();

    const doorNumber = String(await nextNumber(tx, 'door_number'));
    const createdBy = rnd.pick(this.userIds);
    const createdAt = atOfficeHours(plan.date, rnd, this.now);
    const jobName = rnd.pick(DEMO_JOB_NAMES);

    const [order] = await tx
      .insert(orders)
      .values({
        status,
        date: plan.date,
        shipDate,
        shipViaId: shipVia?.id ?? null,
        doorNumber,
        specialDeliveryInfo: rnd.pick(DEMO_SPECIAL_DELIVERY),
        customerPoJobName: jobName,
        freightCost: freight,
        discount,
        discountIsPercentage,
        taxExempt,
        phone: c.phone,
        epsPoNumber: progressed || rnd.chance(0.2) ? `EPS-${rnd.int(24000, 26999)}` : '',
        poDeliveryDate: rnd.chance(0.4) ? addDays(plan.date, rnd.int(20, 60)) : null,
        notes: rnd.pick(DEMO_NOTES),
        billingAddressId: billing!.id,
        shippingAddressId: shippingAddress!.id,
        version: status === 'pending' ? 1 : rnd.int(2, 4),
        createdAt,
        updatedAt: createdAt,
        createdBy,
        updatedBy: createdBy,
      })
      .returning();
    const orderId = order!.id;

    const forInvoice = await this.createBuilding(orderId, freight);

    await tx.insert(history).values({ orderId, action: 'created', userId: createdBy, createdAt });
    if (status !== 'pending') {
      await tx.insert(history).values({
        orderId,
        action: status === 'voided' ? 'voided' : 'status_changed',
        changes: { status: { old: 'pending', new: status } },
        userId: rnd.pick(this.userIds),
        createdAt: atOfficeHours(minIso(this.today, addDays(plan.date, rnd.int(1, 10))), rnd, this.now),
      });
    }
    this.summary.orders++;
    this.summary.ordersByStatus[status]++;

    return {
      id: orderId,
      plan,
      doorNumber,
      shipDate,
      shipViaLabel: shipVia?.value ?? '',
      discount,
      discountIsPercentage,
      taxExempt,
      poJobName: jobName,
      billTo: invoiceAddress(c),
      shipTo: invoiceAddress(shipToSource),
      forInvoice,
      createdBy,
      createdAt,
    };
  }

  /** Building info and additional items; returns the order as the invoice rules see it. */
  private async createBuilding(orderId: number, freight: string): Promise<OrderForInvoice> {
    const { tx, rnd } = this;
    const custom = rnd.chance(0.22);
    const product = rnd.pick(this.catalogue);
    const buildingType: BuildingType = custom
      ? rnd.pick(['FREEZER_COOLER_UNIT', 'ICE_HOUSE_KIT', 'PREBUILT_ICE_HOUSE', 'DOOR_ONLY'] as const)
      : product.buildingType;
    const doorOnly = isDoorOnly(buildingType);

    let description = '';
    let price: string | null = null;
    if (custom) {
      if (!doorOnly) {
        description = rnd.pick(
          buildingType === 'FREEZER_COOLER_UNIT'
            ? ['Custom walk-in cooler with insulated floor', 'Custom walk-in freezer, two doors']
            : buildingType === 'ICE_HOUSE_KIT'
              ? ['Custom ice house kit with extra window', 'Custom 10x14 ice house kit']
              : ['Custom wheelhouse with bunk room', 'Custom skid house with 4 holes'],
        );
        price = money(rnd.int(90, 320) * 50);
      }
    } else {
      price = product.price;
    }

    // size and thickness for sized types
    let sizeId: number | null = null;
    let customSize = '';
    let sizeLabel = '';
    let thickness: { id: number; value: string } | null = null;
    if (needsSizeAndThickness(buildingType)) {
      const productSize = custom ? undefined : PRODUCT_SIZES[product.description];
      if (custom && rnd.chance(0.25)) {
        customSize = rnd.pick(['10x14', '8x18', '7x14']);
        sizeLabel = customSize;
      } else {
        const s = productSize ? this.setting('size', productSize) : rnd.pick(this.settingsOf('size'));
        sizeId = s.id;
        sizeLabel = s.value;
      }
      thickness = rnd.pick(this.settingsOf('thickness'));
    }

    // doors
    const doorType = doorOnly || rnd.chance(0.5) ? rnd.pick(this.settingsOf('door_type')) : null;
    const doorTypePrice = doorOnly && doorType ? doorType.price : null;
    const cladding = rnd.chance(doorOnly ? 0.6 : 0.35) ? rnd.pick(this.settingsOf('door_cladding')) : null;
    const hinge = doorType ? rnd.pick(this.settingsOf('hinge_side')) : null;
    const housey = buildingType === 'ICE_HOUSE_KIT' || buildingType === 'PREBUILT_ICE_HOUSE';
    const roof = housey ? rnd.pick(this.settingsOf('roof_color')) : null;
    const siding = housey ? rnd.pick(this.settingsOf('siding_color')) : null;

    await tx.insert(orderBuildingInfo).values({
      orderId,
      productId: custom ? null : product.id,
      isCustom: custom,
      price,
      buildingType,
      buildingDescription: description,
      sizeId,
      customSize,
      thicknessId: thickness?.id ?? null,
      doorTypeId: doorType?.id ?? null,
      doorTypePrice,
      doorCladdingId: cladding?.id ?? null,
      doorCladdingPrice: cladding?.price ?? null,
      hingeSideId: hinge?.id ?? null,
      roofColorId: roof?.id ?? null,
      sidingColorId: siding?.id ?? null,
      doorPlacement: rnd.pick(DEMO_DOOR_PLACEMENTS),
    });

    // additional items
    const items: { label: string; quantity: number; price: string }[] = [];
    const count = doorOnly ? rnd.int(0, 1) : rnd.int(0, 3);
    const pool = rnd.shuffle(this.settingsOf('additional_item'));
    for (let i = 0; i < count; i++) {
      const s = pool[i]!;
      const quantity =
        s.value.startsWith('Rod Holder') || s.value.startsWith('Interior LED') ? rnd.int(1, 4) : 1;
      await tx.insert(orderAdditionalItems).values({
        orderId,
        position: i,
        itemId: s.id,
        quantity,
        price: s.price ?? '0.00',
      });
      items.push({ label: s.value, quantity, price: s.price ?? '0.00' });
    }
    if (!doorOnly && rnd.chance(0.12)) {
      const name = rnd.pick(['Custom paint stripe', 'Extra cam locks', 'Reinforced floor hatch']);
      const itemPrice = money(rnd.int(3, 12) * 25);
      await tx.insert(orderAdditionalItems).values({
        orderId,
        position: items.length,
        customItemName: name,
        quantity: 1,
        price: itemPrice,
      });
      items.push({ label: name, quantity: 1, price: itemPrice });
    }

    return {
      buildingDescription: custom ? description : product.description,
      buildingType,
      buildingPrice: price,
      size: sizeLabel,
      thickness: thickness?.value ?? '',
      doorType: doorType ? { label: doorType.value, price: doorTypePrice } : null,
      doorCladding: cladding ? { label: cladding.value, price: cladding.price } : null,
      additionalItems: items,
      freightCost: freight,
    };
  }

  private async createInvoicesAndBols(saved: SavedOrder[]) {
    const { rnd } = this;
    const taxRate = DEMO_COMPANY.salesTaxRate;

    // Which orders get an invoice: every completed one, some scheduled, a few processed.
    const invoiced = saved.filter(
      (o) =>
        o.plan.status === 'completed' ||
        (o.plan.status === 'scheduled_to_ship' && rnd.chance(0.4)) ||
        (o.plan.status === 'processed' && rnd.chance(0.1)),
    );
    const groups: SavedOrder[][] = [];
    const pair = invoiced.filter((o) => o.plan.combined);
    if (pair.length >= 2) groups.push(pair);
    for (const o of invoiced) if (!o.plan.combined) groups.push([o]);
    groups.sort((a, b) => (a[0]!.plan.date < b[0]!.plan.date ? -1 : 1));

    let manualEdits = 0;
    for (const group of groups) {
      const head = group[0]!;
      const combined = group.length > 1;
      const lines: InvoiceLineItem[] = group.flatMap((o) => deriveInvoiceLineItems(o.forInvoice));
      const edited = !combined && manualEdits < 2 && rnd.chance(0.08);
      if (edited) {
        manualEdits++;
        lines.push({ quantity: 1, description: 'Delivery setup and leveling', price_each: '150.00' });
      }
      const lastShip = group
        .map((o) => o.shipDate)
        .filter((d): d is string => !!d)
        .sort()
        .pop();
      const invoiceDate =
        head.plan.status === 'completed' && lastShip
          ? lastShip
          : minIso(this.today, addDays(group[group.length - 1]!.plan.date, rnd.int(5, 20)));
      const terms = {
        discount: head.discount,
        discountIsPercentage: head.discountIsPercentage,
        taxRate: head.taxExempt ? '0.00' : taxRate,
        taxExempt: head.taxExempt,
      };
      const unpaid = calculateInvoiceTotals({ lineItems: lines, ...terms });
      const ageDays = (Date.parse(this.today) - Date.parse(invoiceDate)) / DAY_MS;
      let payments = '0.00';
      if (head.plan.status === 'completed' && (ageDays > 30 || rnd.chance(0.5))) payments = unpaid.total;
      else if (rnd.chance(0.4)) payments = money(toDecimal(unpaid.total).times('0.3').toDecimalPlaces(0));
      const totals = calculateInvoiceTotals({ lineItems: lines, ...terms, paymentsCredits: payments });

      const invoiceNumber = String(await nextNumber(this.tx, 'invoice_number'));
      const createdAt = atOfficeHours(invoiceDate, rnd, this.now);
      const [invoice] = await this.tx
        .insert(invoices)
        .values({
          invoiceNumber,
          date: invoiceDate,
          billTo: head.billTo,
          shipTo: head.shipTo,
          poJobName: combined
            ? 'Combined orders ' + group.map((o) => o.doorNumber).join(', ')
            : head.poJobName,
          shipDate: lastShip ?? null,
          shipVia: head.shipViaLabel,
          dueDate: invoiceDate,
          taxExempt: terms.taxExempt,
          taxRate: terms.taxRate,
          discount: terms.discount,
          discountIsPercentage: terms.discountIsPercentage,
          paymentsCredits: payments,
          subtotal: totals.subtotal,
          taxableSubtotal: totals.taxableSubtotal,
          discountAmount: totals.discountAmount,
          taxAmount: totals.taxAmount,
          totalAmount: totals.total,
          balanceDue: totals.balanceDue,
          hasManualEdits: edited,
          isCombined: combined,
          version: edited ? 2 : 1,
          createdAt,
          updatedAt: createdAt,
          createdBy: head.createdBy,
        })
        .returning({ id: invoices.id });
      const invoiceId = invoice!.id;
      await this.tx.insert(invoiceOrders).values(group.map((o) => ({ invoiceId, orderId: o.id })));
      await this.tx.insert(invoiceLineItems).values(
        lines.map((l, position) => ({
          invoiceId,
          position,
          quantity: String(l.quantity),
          description: l.description,
          priceEach: l.price_each,
          isFreight: l.is_freight ?? null,
        })),
      );
      // Payments/Credits is the ledger's sum: one check payment for what was paid.
      if (!toDecimal(payments).isZero()) {
        await this.tx.insert(invoicePayments).values({
          invoiceId,
          kind: 'payment',
          date: invoiceDate,
          amount: payments,
          method: 'check',
          reference: `CHK-${invoiceNumber}`,
          recordedBy: head.createdBy,
          recordedAt: createdAt,
        });
      }
      for (const o of group) {
        await this.tx.update(orders).set({ invoiceNumber, updatedAt: createdAt }).where(eq(orders.id, o.id));
        await this.tx
          .insert(history)
          .values({ orderId: o.id, invoiceId, action: 'invoice_created', userId: head.createdBy, createdAt });
      }
      this.summary.invoices++;
    }

    // Bills of lading: most completed orders, some scheduled ones.
    for (const o of saved) {
      const wants =
        (o.plan.status === 'completed' && rnd.chance(0.85)) ||
        (o.plan.status === 'scheduled_to_ship' && rnd.chance(0.4));
      if (!wants || !o.shipDate) continue;
      const bolNumber = String(await nextNumber(this.tx, 'bol_number'));
      const date = minIso(this.today, o.shipDate);
      const createdAt = atOfficeHours(minIso(this.today, addDays(date, -1)), rnd, this.now);
      await this.tx.insert(billsOfLading).values({
        orderId: o.id,
        bolNumber,
        date,
        freeOnBoard: rnd.pick(DEMO_FOB),
        createdAt,
        updatedAt: createdAt,
        createdBy: o.createdBy,
      });
      await this.tx
        .insert(history)
        .values({ orderId: o.id, action: 'bol_created', userId: o.createdBy, createdAt });
      this.summary.billsOfLading++;
    }
  }
}
