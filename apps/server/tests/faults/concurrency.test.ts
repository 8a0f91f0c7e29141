import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { nextNumber, rowsOf } from '@icehouse/db';
import { invoices } from '@icehouse/db/schema';
import { orderPayload, useOrdersTestApp } from '../orders-test-support';
import type { TestClient } from '../client';

/**
 * Races the database must decide, on PGlite and on PostgreSQL (TEST_DATABASE_URL: a pool of 10
 * connections, so these really run at once there).
 *
 * Already proven elsewhere, not repeated here: 50 parallel create-invoice calls for one order make one
 * invoice, and 20 orders invoiced at once get 20 distinct numbers (src/modules/invoices/concurrency.test.ts);
 * parallel door-number allocation and two saves from the same version (src/modules/orders/orders.test.ts).
 */

const ctx = useOrdersTestApp();

class Rollback extends Error {}

describe('invoice numbers', () => {
  it('500 concurrent allocations, a fifth in transactions that roll back: every kept number is unique', async () => {
    const db = ctx.database.db;
    const empty = { name: '', street: '', city: '', state: '', zip_code: '', country: 'US' };
    type Outcome = { kind: 'plain' | 'committed' | 'rolled-back'; n: number };
    const tasks = Array.from({ length: 500 }, async (_, i): Promise<Outcome> => {
      if (i % 5 === 0) {
        // Allocates, writes an invoice with the number, then fails: neither may survive.
        let n = 0;
        await db
          .transaction(async (tx) => {
            n = await nextNumber(tx, 'invoice_number');
            await tx.insert(invoices).values({ invoiceNumber: String(n), date: '2024-06-01', billTo: empty, shipTo: empty });
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
        return { kind: 'rolled-back', n };
      }
      if (i % 5 === 1) {
        // The way the invoices module uses it: allocate and insert in one transaction.
        const n = await db.transaction(async (tx) => {
          const allocated = await nextNumber(tx, 'invoice_number');
          await tx.insert(invoices).values({ invoiceNumber: String(allocated), date: '2024-06-01', billTo: empty, shipTo: empty });
          return allocated;
        });
        return { kind: 'committed', n };
      }
      return { kind: 'plain', n: await nextNumber(db, 'invoice_number') };
    });
    const outcomes = await Promise.all(tasks);

    const kept = outcomes.filter((o) => o.kind !== 'rolled-back').map((o) => o.n);
    expect(kept).toHaveLength(400);
    expect(new Set(kept).size).toBe(400); // no number handed out twice
    for (const n of kept) expect(n).toBeGreaterThanOrEqual(1001);

    // Only the committed invoices exist, each with its own number; nothing of the rolled-back ones.
    const rows = await db.select({ n: invoices.invoiceNumber }).from(invoices);
    const committed = outcomes.filter((o) => o.kind === 'committed').map((o) => String(o.n));
    expect(rows.map((r) => r.n).sort()).toEqual([...committed].sort());

    // The sequence stands at (or past) the highest number kept: the next one is new.
    const [seq] = rowsOf<{ last_value: string | number }>(
      await db.execute(sql`select last_value from number_sequences where name = 'invoice_number'`),
    );
    expect(Number(seq!.last_value)).toBeGreaterThanOrEqual(Math.max(...kept));
    expect(kept).not.toContain(await nextNumber(db, 'invoice_number'));
  });
});

describe('two people saving the same order', () => {
  type Order = Record<string, unknown> & { id: number; version: number };

  async function read(client: TestClient, id: number): Promise<Order> {
    return (await client.get(`/api/orders/${id}/`)).json() as Order;
  }

  /** The form's save: everything it read, with the user's changes, and the version it read. */
  function save(client: TestClient, via: 'rest' | 'trpc', order: Order, changes: Record<string, unknown>) {
    const body = { ...order, ...changes, version: order.version };
    return via === 'rest' ? client.put(`/api/orders/${order.id}/`, body) : client.trpcMutation('orders.update', { id: order.id, data: body });
  }

  it('12 rounds through REST and tRPC: one wins whole, the other gets 409, and its retry loses nothing', async () => {
    const created = await ctx.staff.post('/api/orders/', orderPayload(ctx.cat));
    expect(created.statusCode).toBe(201);
    const id = (created.json() as Order).id;

    for (let round = 0; round < 12; round++) {
      const opened = await read(ctx.staff, id);
      // Staff edits the notes and the shipping address; the admin the phone, the P.O. and an item's quantity.
      const staffChanges = {
        notes: `notes ${round}`,
        shipping_address: { name: `Dock ${round}`, street: `${round} Pier Rd`, city: 'Superior', state: 'WI', zip_code: '54880', country: 'US' },
      };
      const adminChanges = { phone: `(555) 000-${String(round).padStart(4, '0')}`, customer_po_job_name: `PO ${round}` };
      const [a, b] = await Promise.all([
        save(ctx.staff, round % 2 ? 'rest' : 'trpc', opened, staffChanges),
        save(ctx.admin, round % 2 ? 'trpc' : 'rest', opened, adminChanges),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `round ${round}`).toEqual([200, 409]);
      const staffWon = a.statusCode === 200;
      const after = await read(ctx.staff, id);
      expect(after.version).toBe(opened.version + 1);
      // The winner's save is there whole; nothing of the loser's.
      if (staffWon) {
        expect(after).toMatchObject({ notes: staffChanges.notes, shipping_address: { name: staffChanges.shipping_address.name } });
        expect(after).toMatchObject({ phone: opened.phone, customer_po_job_name: opened.customer_po_job_name });
      } else {
        expect(after).toMatchObject({ phone: adminChanges.phone, customer_po_job_name: adminChanges.customer_po_job_name });
        expect(after).toMatchObject({ notes: opened.notes, shipping_address: opened.shipping_address });
      }
      // The loser reloads and saves again on top: both edits are now kept, no field lost.
      const loser = staffWon ? ctx.admin : ctx.staff;
      const reloaded = await read(loser, id);
      const retry = await save(loser, 'rest', reloaded, staffWon ? adminChanges : staffChanges);
      expect(retry.statusCode, retry.body).toBe(200);
      const final = await read(ctx.staff, id);
      expect(final).toMatchObject({
        notes: staffChanges.notes,
        phone: adminChanges.phone,
        customer_po_job_name: adminChanges.customer_po_job_name,
        shipping_address: { name: staffChanges.shipping_address.name, street: staffChanges.shipping_address.street },
        version: opened.version + 2,
      });
    }
  });
});
