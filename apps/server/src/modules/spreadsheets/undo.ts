import { eq, inArray, sql } from 'drizzle-orm';
import { Decimal, SPREADSHEET_MESSAGES } from '@icehouse/domain';
import { isForeignKeyViolation } from '@icehouse/db';
import {
  components,
  customerAddresses,
  customers,
  orderBuildingInfo,
  orders,
  productComponents,
  products,
  quotes,
  spreadsheetBatches,
  type SpreadsheetJournal,
} from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import { announceChange, changeTransaction, type ChangeTx } from '../../changes';
import type { ChangeDeps } from '../../deps';
import { batchView, lastBatch, lockImports, type BatchAnswer } from './import';
import { UNDONE_REASON, adjustOnHand, lockOnHand } from './stock-moves';

/**
 * Undo of the newest import not yet undone (decision 272): what it created is deleted and what it
 * updated gets its values back, in one transaction. Refused (409, nothing changed) when a record it
 * created is used since (a customer on an order or a quote, a component in a product, a product on an
 * order), or a record it updated was changed since (its values are no longer the ones imported).
 */

type Updated = SpreadsheetJournal['updated'][number];
const refuse = (message: string) => new AppError('CONFLICT', message);

/** Equal as the database keeps them: decimals by value ("12.5" = "12.50"), the rest as JSON. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(a) && /^-?\d+(\.\d+)?$/.test(b))
    return new Decimal(a).equals(b);
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

const sameRecord = (current: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys(after).every((k) => same(current[k], after[k]));

async function undoComponents(tx: ChangeTx, journal: SpreadsheetJournal, updated: Updated[], userId: number) {
  const created = journal.created.components ?? [];
  if (created.length > 0) {
    const [used] = await tx
      .select({ component: components.name, product: products.description })
      .from(productComponents)
      .innerJoin(components, eq(components.id, productComponents.componentId))
      .innerJoin(products, eq(products.id, productComponents.productId))
      .where(inArray(productComponents.componentId, created))
      .limit(1);
    if (used) throw refuse(SPREADSHEET_MESSAGES.undoUsed(`the component "${used.component}" is used by the product "${used.product}"`));
  }
  const ids = updated.map((u) => u.id);
  const current = ids.length === 0 ? [] : await tx.select().from(components).where(inArray(components.id, ids));
  const onHand = await lockOnHand(tx, ids);
  for (const u of updated) {
    const now = current.find((c) => c.id === u.id);
    if (!now || !sameRecord({ ...now, onHand: onHand.get(u.id)?.onHand }, u.after))
      throw refuse(SPREADSHEET_MESSAGES.undoChanged(`the component "${String(u.after.name)}"`));
  }
  for (const u of updated) {
    const b = u.before as { name: string; cost: string; markup: string };
    await tx.update(components).set({ name: b.name, cost: b.cost, markup: b.markup }).where(eq(components.id, u.id));
  }
  const restock = updated.map((u) => ({ componentId: u.id, onHand: u.before.onHand as number }));
  await adjustOnHand(tx, userId, restock, UNDONE_REASON);
  if (created.length > 0) await tx.delete(components).where(inArray(components.id, created));
}

async function undoProducts(tx: ChangeTx, journal: SpreadsheetJournal, updated: Updated[]) {
  const created = journal.created.products ?? [];
  if (created.length > 0) {
    const [used] = await tx
      .select({ product: products.description, door: orders.doorNumber })
      .from(orderBuildingInfo)
      .innerJoin(orders, eq(orders.id, orderBuildingInfo.orderId))
      .innerJoin(products, eq(products.id, orderBuildingInfo.productId))
      .where(inArray(orderBuildingInfo.productId, created))
      .limit(1);
    if (used) throw refuse(SPREADSHEET_MESSAGES.undoUsed(`the product "${used.product}" is on the order ${used.door}`));
    // A quote names its product inside its fields (no foreign key), compared as text so no cast can fail.
    const productOfQuote = sql<string>`${quotes.fields}->'building_info'->>'product'`;
    const [quoted] = await tx
      .select({ product: products.description, quote: quotes.quoteNumber })
      .from(quotes)
      .innerJoin(products, sql`${products.id}::text = ${productOfQuote}`)
      .where(inArray(productOfQuote, created.map(String)))
      .limit(1);
    if (quoted) throw refuse(SPREADSHEET_MESSAGES.undoUsed(`the product "${quoted.product}" is on the quote ${quoted.quote}`));
  }
  for (const u of updated) {
    const [now] = await tx.select().from(products).where(eq(products.id, u.id));
    const lines = await tx
      .select({ componentId: productComponents.componentId, quantity: productComponents.quantity })
      .from(productComponents)
      .where(eq(productComponents.productId, u.id))
      .orderBy(productComponents.id);
    if (!now || !sameRecord({ ...now, lines }, u.after)) throw refuse(SPREADSHEET_MESSAGES.undoChanged(`the product "${String(u.after.description)}"`));
  }
  for (const u of updated) {
    const { lines, ...b } = u.before as { description: string; buildingType: never; isSimple: boolean; price: string | null; lines: { componentId: number; quantity: number }[] };
    await tx.update(products).set(b).where(eq(products.id, u.id));
    await tx.delete(productComponents).where(eq(productComponents.productId, u.id));
    if (lines.length > 0) await tx.insert(productComponents).values(lines.map((l) => ({ ...l, productId: u.id })));
  }
  if (created.length > 0) await tx.delete(products).where(inArray(products.id, created));
}

async function undoCustomers(tx: ChangeTx, journal: SpreadsheetJournal, updated: Updated[], userId: number) {
  const created = journal.created.customers ?? [];
  if (created.length > 0) {
    const [onOrder] = await tx
      .select({ name: customers.name, door: orders.doorNumber })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(inArray(orders.customerId, created))
      .limit(1);
    if (onOrder) throw refuse(SPREADSHEET_MESSAGES.undoUsed(`the customer "${onOrder.name}" is on the order ${onOrder.door}`));
    const [onQuote] = await tx
      .select({ name: customers.name })
      .from(quotes)
      .innerJoin(customers, eq(customers.id, quotes.customerId))
      .where(inArray(quotes.customerId, created))
      .limit(1);
    if (onQuote) throw refuse(SPREADSHEET_MESSAGES.undoUsed(`the customer "${onQuote.name}" has a quote`));
  }
  const ids = updated.map((u) => u.id);
  const current = ids.length === 0 ? [] : await tx.select({ id: customers.id, version: customers.version, name: customers.name }).from(customers).where(inArray(customers.id, ids));
  for (const u of updated) {
    const now = current.find((c) => c.id === u.id);
    if (!now || now.version !== u.after.version) throw refuse(SPREADSHEET_MESSAGES.undoChanged(`the customer "${now?.name ?? String(u.before.name)}"`));
  }
  for (const u of updated) {
    const { addresses, version: _v, createdBy: _c, ...fields } = u.before as Record<string, unknown> & { addresses: Record<string, unknown>[] | null };
    const [row] = await tx
      .update(customers)
      .set({ ...(fields as Partial<typeof customers.$inferInsert>), version: sql`${customers.version} + 1`, updatedBy: userId })
      .where(eq(customers.id, u.id))
      .returning({ version: customers.version });
    if (addresses) {
      await tx.delete(customerAddresses).where(eq(customerAddresses.customerId, u.id));
      if (addresses.length > 0)
        await tx.insert(customerAddresses).values(addresses.map((a) => ({ ...(a as typeof customerAddresses.$inferInsert), customerId: u.id })));
    }
    announceChange(tx, { entity: 'customer', id: u.id, version: row!.version, action: 'updated', by: userId });
  }
  if (created.length > 0) {
    await tx.delete(customers).where(inArray(customers.id, created));
    for (const id of created) announceChange(tx, { entity: 'customer', id, version: null, action: 'deleted', by: userId });
  }
}

export async function undoLastImport(deps: ChangeDeps, user: { id: number; username: string }): Promise<BatchAnswer> {
  try {
    return await changeTransaction(deps, async (tx) => {
      await lockImports(tx);
      const batch = await lastBatch(tx as unknown as Db);
      const { journal } = batch;
      const updated = journal.updated;
      if (batch.kind === 'components') await undoComponents(tx, journal, updated, user.id);
      else if (batch.kind === 'products') await undoProducts(tx, journal, updated);
      else await undoCustomers(tx, journal, updated, user.id);
      const [done] = await tx
        .update(spreadsheetBatches)
        .set({ undoneAt: sql`now()`, undoneBy: user.id })
        .where(eq(spreadsheetBatches.id, batch.id))
        .returning();
      return batchView(done!, null);
    });
  } catch (error) {
    // A row saved meanwhile that the checks above did not see (an order taking a product): the FK decides.
    if (isForeignKeyViolation(error)) throw refuse(SPREADSHEET_MESSAGES.undoUsed('a record it created is in use'));
    throw error;
  }
}
