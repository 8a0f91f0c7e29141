import {
  ORDER_STATUSES,
  todayIso,
  toMoneyString,
  type BomComponentInput,
  type BuildingType,
  type Decimal,
  type OrderStatus,
  type SettingCategory,
} from '@icehouse/domain';
import type { Tx } from '../client';
import type { InvoiceAddress, orderCostings } from '../schema/index';
import { DEMO_SETTINGS, DEMO_USERS } from './data';
import { Random } from './random';

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
  customers: number;
  quotes: number;
  /** Entries of the orders' deposit accounts (deposits, refunds, moved onto invoices, applied). */
  depositEntries: number;
  creditNotes: number;
  /** Entries of the invoices' payments ledger. */
  ledgerEntries: number;
}

export function emptySummary(seeded: boolean): SeedDemoSummary {
  return {
    seeded,
    users: 0,
    settings: 0,
    components: 0,
    products: 0,
    orders: 0,
    ordersByStatus: emptyCounts(),
    invoices: 0,
    billsOfLading: 0,
    doorNumbers: null,
    customers: 0,
    quotes: 0,
    depositEntries: 0,
    creditNotes: 0,
    ledgerEntries: 0,
  };
}

export function emptyCounts(): Record<OrderStatus, number> {
  return Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
}

/** What every step of the seed shares: the transaction, the one PRNG (steps draw from it in a fixed order), "today", what earlier steps made. */
export interface SeedContext {
  readonly tx: Tx;
  readonly opts: SeedDemoOptions;
  readonly passwordHashes: string[];
  readonly rnd: Random;
  readonly now: Date;
  /** The server's calendar date of `now` (todayIso: what dates a new invoice and closes a statement). */
  readonly today: string;
  readonly settingIds: Map<string, { id: number; value: string; price: string | null }>;
  readonly userIds: number[];
  readonly catalogue: CatalogueProduct[];
  /** Catalogue components by id, as the bill of materials rule reads them. */
  readonly components: Map<number, BomComponentInput>;
  /** Customer ids by name (the demo customers). */
  readonly customerIds: Map<string, number>;
  /** Each customer's payment terms ('' for the default), by id. */
  readonly customerTerms: Map<number, string>;
  /** Each order's cost at its save (order_costings), written together at the end. */
  readonly costings: (typeof orderCostings.$inferInsert)[];
  readonly summary: SeedDemoSummary;
}

export interface CatalogueProduct {
  id: number;
  description: string;
  buildingType: BuildingType;
  /** The product's price (a component product's: from its components, productCalculatedPrice). */
  price: string;
  isSimple: boolean;
  components: { component: number; quantity: number }[];
}

export function seedContext(tx: Tx, opts: SeedDemoOptions, passwordHashes: string[]): SeedContext {
  const now = opts.now ?? new Date();
  return {
    tx,
    opts,
    passwordHashes,
    rnd: new Random(opts.seed ?? 2026),
    now,
    today: todayIso(now),
    settingIds: new Map(),
    userIds: [],
    catalogue: [],
    components: new Map(),
    customerIds: new Map(),
    customerTerms: new Map(),
    costings: [],
    summary: emptySummary(true),
  };
}

/** The demo user's name, copied onto the records that keep it (ledger entries, deposits, credit notes). */
export function usernameOf(ctx: SeedContext, userId: number | null): string {
  const at = userId === null ? -1 : ctx.userIds.indexOf(userId);
  return at < 0 ? '' : (DEMO_USERS[at]?.username ?? '');
}

export function catalogueProduct(ctx: SeedContext, description: string): CatalogueProduct {
  const p = ctx.catalogue.find((c) => c.description === description);
  if (!p) throw new Error(`demo seed: missing product ${description}`);
  return p;
}

export function customerId(ctx: SeedContext, name: string): number {
  const id = ctx.customerIds.get(name);
  if (id === undefined) throw new Error(`demo seed: missing customer ${name}`);
  return id;
}

/** The setting's label by id (size, door type, additional item...). */
export function settingLabel(ctx: SeedContext, id: number | null): string {
  if (id === null) return '';
  for (const s of ctx.settingIds.values()) if (s.id === id) return s.value;
  throw new Error(`demo seed: missing setting #${id}`);
}

export function setting(ctx: SeedContext, category: SettingCategory, value: string) {
  const s = ctx.settingIds.get(`${category}|${value}`);
  if (!s) throw new Error(`demo seed: missing setting ${category} ${value}`);
  return s;
}

export function settingsOf(ctx: SeedContext, category: SettingCategory) {
  return DEMO_SETTINGS[category].map(([value]) => setting(ctx, category, value));
}

export const DAY_MS = 86_400_000;

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return isoDate(new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS));
}

export function minIso(a: string, b: string): string {
  return a < b ? a : b;
}

/** A moment on `iso` during office hours, never after `now`. */
export function atOfficeHours(iso: string, rnd: Random, now: Date): Date {
  const t = new Date(Date.parse(`${iso}T14:00:00Z`) + rnd.int(0, 8 * 60) * 60_000);
  return t > now ? now : t;
}

/** A moment on `iso` at 14:00 UTC plus `minutes` (office hours in Minnesota), never after `now`: the story's, drawn from no PRNG. */
export function momentOn(ctx: Pick<SeedContext, 'now'>, iso: string, minutes = 0): Date {
  const t = new Date(Date.parse(`${iso}T14:00:00Z`) + minutes * 60_000);
  return t > ctx.now ? ctx.now : t;
}

export function money(v: Decimal | string | number): string {
  return toMoneyString(v);
}

export function invoiceAddress(a: {
  name: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
}): InvoiceAddress {
  return { name: a.name, street: a.street, city: a.city, state: a.state, zip_code: a.zipCode, country: 'US' };
}
