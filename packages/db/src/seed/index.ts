import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { orders } from '../schema/index';
import { DEMO_USERS } from './data';
import {
  emptyCounts,
  seedContext,
  type SeedContext,
  type SeedDemoOptions,
  type SeedDemoSummary,
} from './context';
import { seedCatalogue, seedCompany, seedSettings, seedUsers } from './company-users-catalogue';
import { createOrder, planOrders, type SavedOrder } from './orders';
import { createInvoicesAndBols } from './invoices-and-bols';

export { DEMO_COMPANY, DEMO_USERS } from './data';
export { Random } from './random';
export type { SeedDemoOptions, SeedDemoSummary } from './context';

/** The demo sign-ins (also printed by the server's seed command). */
export const DEMO_CREDENTIALS: readonly { username: string; password: string; role: 'Admin' | 'Staff' }[] =
  DEMO_USERS.map((u) => ({
    username: u.username,
    password: u.password,
    role: u.isSuperuser ? 'Admin' : 'Staff',
  }));

const SEED_LOCK_KEY = 7_426_150_002;

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
    return seedAll(seedContext(tx, opts, hashes));
  });
}

/** Each step in turn: the order of the steps is the order of the PRNG's draws, so the demo stays the same. */
async function seedAll(ctx: SeedContext): Promise<SeedDemoSummary> {
  await seedCompany(ctx);
  await seedUsers(ctx);
  await seedSettings(ctx);
  await seedCatalogue(ctx);
  const saved: SavedOrder[] = [];
  for (const plan of planOrders(ctx)) saved.push(await createOrder(ctx, plan));
  const first = saved[0];
  const last = saved[saved.length - 1];
  ctx.summary.doorNumbers = first && last ? [first.doorNumber, last.doorNumber] : null;
  await createInvoicesAndBols(ctx, saved);
  return ctx.summary;
}
