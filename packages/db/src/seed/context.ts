import {
  ORDER_STATUSES,
  toMoneyString,
  type BuildingType,
  type Decimal,
  type OrderStatus,
  type SettingCategory,
} from '@icehouse/domain';
import type { Tx } from '../client';
import type { InvoiceAddress } from '../schema/index';
import { DEMO_SETTINGS } from './data';
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
  readonly today: string;
  readonly settingIds: Map<string, { id: number; value: string; price: string | null }>;
  readonly userIds: number[];
  readonly catalogue: { id: number; description: string; buildingType: BuildingType; price: string }[];
  readonly summary: SeedDemoSummary;
}

export function seedContext(tx: Tx, opts: SeedDemoOptions, passwordHashes: string[]): SeedContext {
  const now = opts.now ?? new Date();
  return {
    tx,
    opts,
    passwordHashes,
    rnd: new Random(opts.seed ?? 2026),
    now,
    today: isoDate(now),
    settingIds: new Map(),
    userIds: [],
    catalogue: [],
    summary: {
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
    },
  };
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
