import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { orderCostings, orders } from '../schema/index';
import { ROLE_LABELS } from '@icehouse/domain';
import { DEMO_USERS } from './data';
import {
  emptySummary,
  seedContext,
  type SeedContext,
  type SeedDemoOptions,
  type SeedDemoSummary,
} from './context';
import {
  seedCatalogue,
  seedCompany,
  seedCustomers,
  seedOnHand,
  seedSettings,
  seedUsers,
} from './company-users-catalogue';
import { planOrders, randomDraft } from './orders';
import { insertOrder } from './order-save';
import { seedPurchasing } from './purchasing';
import { seedStockHistory } from './stock';
import type { SavedOrder } from './order-draft';
import { createInvoicesAndBols } from './invoices-and-bols';
import { STORY_MIN_ORDERS } from './story';
import { storyPlans } from './story-orders';
import { storyDraft } from './story-order-drafts';
import { recordStoryDeposits, recordStoryMoney, storyInvoicePlans } from './story-deposits-and-credit';
import { seedQuotes } from './story-quotes';

export { DEMO_COMPANY, DEMO_USERS } from './data';
export { DEMO_CREDIT_CUSTOMER, DEMO_STATEMENT_CUSTOMER, STORY_MIN_ORDERS } from './story';
export { Random } from './random';
export type { SeedDemoOptions, SeedDemoSummary } from './context';

/** The demo sign-ins (also printed by the server's seed command). */
export const DEMO_CREDENTIALS: readonly { username: string; password: string; role: string }[] = DEMO_USERS.map((u) => ({
  username: u.username,
  password: u.password,
  role: ROLE_LABELS[u.role],
}));

const SEED_LOCK_KEY = 7_426_150_002;

/**
 * Fills an empty database with a realistic demo: company info, the catalogue
 * (settings of every category, components with on-hand figures, products), the
 * users admin and staff (see DEMO_CREDENTIALS), the customers, and ~60 orders
 * over the last 12 months in every status, with invoices (totals from the
 * domain's rule), payments and bills of lading; and the story (story.ts) of
 * quotes, deposits, credit notes, customer credit and this week's and next
 * week's work for the shop, dated from today. Does nothing when any order
 * exists. One transaction; deterministic for a given `now`.
 */
export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<SeedDemoSummary> {
  const hashes = await Promise.all(DEMO_USERS.map((u) => opts.hashPassword(u.password)));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ id: orders.id }).from(orders).limit(1);
    if (existing.length > 0) return emptySummary(false);
    return seedAll(seedContext(tx, opts, hashes));
  });
}

/** Each step in turn: the order of the steps is the order of the PRNG's draws, so the demo stays the same. */
async function seedAll(ctx: SeedContext): Promise<SeedDemoSummary> {
  await seedCompany(ctx);
  await seedUsers(ctx);
  await seedSettings(ctx);
  await seedCatalogue(ctx);
  const orderCount = ctx.opts.orderCount ?? 60;
  // Without orders (the benchmark writes its own) there are no customers to take them.
  if (orderCount > 0) await seedCustomers(ctx);
  const story = orderCount >= STORY_MIN_ORDERS;
  const saved: SavedOrder[] = [];
  for (const plan of planOrders(ctx, story ? storyPlans(ctx) : [])) {
    saved.push(await insertOrder(ctx, plan, plan.story ? storyDraft(ctx, plan) : randomDraft(ctx, plan)));
  }
  const first = saved[0];
  const last = saved[saved.length - 1];
  ctx.summary.doorNumbers = first && last ? [first.doorNumber, last.doorNumber] : null;
  // Deposits are taken before their orders are invoiced; invoicing moves them onto the invoice.
  if (story) await recordStoryDeposits(ctx, saved);
  const invoices = await createInvoicesAndBols(ctx, saved, story ? storyInvoicePlans(saved) : []);
  if (story) {
    await recordStoryMoney(ctx, saved, invoices);
    await seedQuotes(ctx, saved);
  }
  if (ctx.costings.length > 0) await ctx.tx.insert(orderCostings).values(ctx.costings);
  // Last, so the orders' and invoices' draws from the PRNG are as they were.
  if (story) await seedPurchasing(ctx);
  await seedOnHand(ctx);
  if (orderCount > 0) await seedStockHistory(ctx);
  return ctx.summary;
}
