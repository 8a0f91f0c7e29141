/**
 * Who may do what. A user has one role; an operation names the areas it belongs to; a role may call an
 * operation when it has one of them. The server enforces it (apps/server/src/operations/access.ts), the
 * OpenAPI document and the access test are derived from it, and the web shows only what a role may do.
 */

export const ROLES = ['admin', 'office', 'sales', 'accounting', 'shop'] as const;
export type Role = (typeof ROLES)[number];

/** A new user's role, and every user's before roles existed: today's staff, who keep everything they had. */
export const DEFAULT_ROLE: Role = 'office';

/** As the Users screen shows them. The office role keeps the spec's word for it: a user who is not an admin is "Staff". */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  office: 'Staff',
  sales: 'Sales',
  accounting: 'Accounting',
  shop: 'Shop',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Everything, users and settings included.',
  office: 'Everything except users, settings, webhooks and margins.',
  sales: 'Quotes, orders and customers; not the books.',
  accounting: 'Invoices, payments, deposits, credit notes, statements, reports and exports; reads orders.',
  shop: 'The board, build sheets, materials and bills of lading; never a price.',
};

const EVERYONE: readonly Role[] = ROLES;

/**
 * The areas of the product and the roles that have each. `work` is read by every role, with money taken
 * out for roles that may not see it (`seesMoney`).
 */
export const AREAS = {
  /** One's own session, API tokens and live updates; lists of choices. */
  signedIn: EVERYONE,
  /** Reading the shop's work: orders, the board, schedules, build sheets, materials, bills of lading, the catalogue. */
  work: EVERYONE,
  /** Moving the work along: the board's status moves and bills of lading. */
  production: ['admin', 'office', 'shop'],
  /** Quotes, orders and their files, customers. */
  sales: ['admin', 'office', 'sales'],
  /** Reading customers and what they were charged: customer pages, order prints and exports with prices. */
  prices: ['admin', 'office', 'sales', 'accounting'],
  /** Invoices, payments, deposits, credit notes, statements, reports and the accountant's files. */
  books: ['admin', 'office', 'accounting'],
  /** Suppliers and purchase orders: drafting, editing, sending, cancelling (they carry costs). */
  purchasing: ['admin', 'office', 'accounting'],
  /** Receiving a purchase order's parts into stock (the shop's tablet sees no cost). */
  receiving: ['admin', 'office', 'shop'],
  /** Users, settings, the catalogue's prices, webhooks, failed jobs, margins. */
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Area = keyof typeof AREAS;
export const AREA_NAMES = Object.keys(AREAS) as Area[];

/** The roles that have any of `areas`. */
export function rolesOf(areas: Area | readonly Area[]): Role[] {
  const list = typeof areas === 'string' ? [areas] : areas;
  return ROLES.filter((role) => list.some((area) => (AREAS[area] as readonly Role[]).includes(role)));
}

/** Whether `role` has any of `areas`. */
export function roleMay(role: Role, areas: Area | readonly Area[]): boolean {
  const list = typeof areas === 'string' ? [areas] : areas;
  return list.some((area) => (AREAS[area] as readonly Role[]).includes(role));
}

/** Roles that never receive a price, total, balance, cost, deposit or margin on any path. */
export const ROLES_WITHOUT_MONEY: readonly Role[] = ['shop'];
export const seesMoney = (role: Role): boolean => !ROLES_WITHOUT_MONEY.includes(role);

/** The documented `is_superuser` / `is_admin` flag: true exactly for the admin role. */
export const isAdminRole = (role: Role): boolean => role === 'admin';
