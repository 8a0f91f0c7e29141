import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@icehouse/domain';
import { components, products, settings } from '@icehouse/db/schema';
import type { Database, Db } from '@icehouse/db/client';
import { insertOrder, useCatalogueTestApp } from '../../../tests/catalogue-test-support';
import { createProduct } from './products';
import { deleteSetting } from './settings';

/**
 * What happens when another request changes the database between a service's check and its
 * write: the constraints decide, and the caller gets the same clear answer, not a 500. The other
 * request is simulated by a database wrapper that does it at the right moment, so the errors are
 * the real ones of each driver (PGlite reports ON DELETE RESTRICT as 23001, PostgreSQL as 23503).
 */
const t = useCatalogueTestApp();

function withDb(db: Db): { database: Database } {
  return { database: { ...t.database, db } };
}

describe('catalogue races', () => {
  it('a setting an order starts using just before the delete: 409, and the setting stays', async () => {
    const [truck] = await t.database.db
      .insert(settings)
      .values({ category: 'ship_via', value: 'Truck', price: '0' })
      .returning();
    const real = t.database.db;
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop === 'delete') {
          return (table: typeof settings) => ({
            where: async (condition: ReturnType<typeof eq>) => {
              await insertOrder(t.database, { shipViaId: truck!.id });
              return target.delete(table).where(condition);
            },
          });
        }
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    await expect(deleteSetting(withDb(racing), truck!.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await real.select().from(settings)).toHaveLength(1);
  });

  it('a component deleted just before the product is written: a field error, and no half-written product', async () => {
    const [panel] = await t.database.db
      .insert(components)
      .values({ name: 'Panel', cost: '100', markup: '25' })
      .returning();
    const real = t.database.db;
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop === 'transaction') {
          return async (fn: Parameters<Db['transaction']>[0]) => {
            await target.delete(components).where(eq(components.id, panel!.id));
            return target.transaction(fn);
          };
        }
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const input = {
      description: 'Cooler',
      building_type: 'FREEZER_COOLER_UNIT',
      is_simple: false,
      components: [{ component: panel!.id, quantity: 2 }],
    };
    await expect(createProduct(withDb(racing), input)).rejects.toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { components: [MESSAGES.optionInvalid] },
    });
    expect(await real.select().from(products)).toHaveLength(0);
  });
});
