import { eq, inArray, and, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '@icehouse/db/client';
import { truncateAll } from '@icehouse/db/testing';
import { invoices, orders, sessions, storedFiles, users } from '@icehouse/db/schema';
import { createSessionStore, newCsrfToken } from '../../src/modules/auth/session';
import { hashPassword } from '../../src/modules/auth/password';
import { attachBol, multipartBody, MULTIPART_HEADERS, orderPayload, seedCatalogue, TINY_PDF, type Catalogue } from '../orders-test-support';
import { PASSWORD } from '../users';

/**
 * The world the fuzz tests attack: three users (a superuser, a staff user and another staff
 * user whose id others try), signed-in callers made without password hashing, a catalogue,
 * three orders (one invoiced with a blueprint and a BOL, one free, one voided) and a component.
 * Ids are the same after every reseed (tables restart their identities).
 */

export type Role = 'anonymous' | 'staff' | 'admin';
export const ROLES: readonly Role[] = ['anonymous', 'staff', 'admin'];

export interface Caller {
  role: Role;
  /** Cookie header: the session (signed in) and the CSRF cookie. */
  cookie: string;
  csrf: string;
  sessionId: string | null;
}

export interface WorldIds {
  adminId: number;
  staffId: number;
  otherId: number;
  /** Invoiced, with a blueprint and a BOL; created by staff. */
  invoicedOrderId: number;
  /** No invoice; created by the admin. */
  freeOrderId: number;
  /** Another order without an invoice (for combined invoices). */
  spareOrderId: number;
  voidedOrderId: number;
  invoiceId: number;
  componentId: number;
  settingId: number;
  productId: number;
  fileId: number;
}

export interface World {
  app: FastifyInstance;
  database: Database;
  ids: WorldIds;
  cat: Catalogue;
  callers: Record<Role, Caller>;
  /** The order body the fixture used (a valid base for generated ones). */
  validOrder: Record<string, unknown>;
  /** Reseeds when a successful request broke what the fuzz relies on (a user, a session, an order...). */
  repairIfBroken(): Promise<boolean>;
  reseed(): Promise<void>;
  reseeds: number;
}

let passwordHash: Promise<string> | null = null;

export async function send(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject(options);
}

async function must(res: LightMyRequestResponse, what: string, status = [200, 201]): Promise<Record<string, unknown>> {
  if (!status.includes(res.statusCode)) throw new Error(`fuzz world: ${what} failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return res.headers['content-type']?.toString().includes('json') ? (res.json() as Record<string, unknown>) : {};
}

export async function createWorld(app: FastifyInstance, database: Database): Promise<World> {
  const store = createSessionStore(database.db);
  const world = { app, database, reseeds: 0 } as World;

  const jsonCall = (caller: Caller, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    app.inject({
      method,
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', cookie: caller.cookie, 'x-csrftoken': caller.csrf },
    });

  const signIn = async (role: Role, userId: number): Promise<Caller> => {
    const session = await store.create(userId);
    return { role, sessionId: session.id, csrf: session.csrfToken, cookie: `sessionid=${session.id}; csrftoken=${session.csrfToken}` };
  };

  async function seed() {
    passwordHash ??= hashPassword(PASSWORD);
    const hash = await passwordHash;
    await truncateAll(database);
    const [admin, staff, other] = await database.db
      .insert(users)
      .values([
        { username: 'admin', email: 'admin@example.com', passwordHash: hash, isSuperuser: true, role: 'admin', isActive: true },
        { username: 'staff', email: '', passwordHash: hash, isSuperuser: false, isActive: true },
        { username: 'other', email: 'other@example.com', passwordHash: hash, isSuperuser: false, isActive: true },
      ])
      .returning({ id: users.id });
    const anonToken = newCsrfToken();
    world.callers = {
      anonymous: { role: 'anonymous', sessionId: null, csrf: anonToken, cookie: `csrftoken=${anonToken}` },
      staff: await signIn('staff', staff!.id),
      admin: await signIn('admin', admin!.id),
    };
    const cat = await seedCatalogue(database);
    world.cat = cat;
    world.validOrder = orderPayload(cat, { door_number: '1001' });
    const { staff: s, admin: a } = world.callers;
    const invoiced = await must(await jsonCall(s, 'POST', '/api/orders/', world.validOrder), 'create order');
    const free = await must(await jsonCall(a, 'POST', '/api/orders/', orderPayload(cat, { door_number: '1002' })), 'create order 2');
    const spare = await must(await jsonCall(s, 'POST', '/api/orders/', orderPayload(cat, { door_number: '1003' })), 'create order 3');
    const voided = await must(await jsonCall(s, 'POST', '/api/orders/', orderPayload(cat, { door_number: '1004' })), 'create order 4');
    await must(await jsonCall(s, 'POST', `/api/orders/${voided.id}/void/`, {}), 'void order');
    const invoice = await must(
      await jsonCall(s, 'POST', `/api/orders/${invoiced.id}/create-invoice/`, { return_json: true }),
      'create invoice',
    );
    await must(
      await app.inject({
        method: 'POST',
        url: `/api/orders/${invoiced.id}/blueprint/`,
        payload: multipartBody('blueprint', 'plan.pdf', TINY_PDF),
        headers: { ...MULTIPART_HEADERS, cookie: s.cookie, 'x-csrftoken': s.csrf },
      }),
      'upload blueprint',
    );
    await attachBol(database, Number(invoiced.id));
    const component = await must(await jsonCall(a, 'POST', '/api/components/', { name: 'Panel', cost: '10.00', markup: '20' }), 'component');
    const [file] = await database.db.select({ id: storedFiles.id }).from(storedFiles);
    const ids: WorldIds = {
      adminId: admin!.id,
      staffId: staff!.id,
      otherId: other!.id,
      invoicedOrderId: Number(invoiced.id),
      freeOrderId: Number(free.id),
      spareOrderId: Number(spare.id),
      voidedOrderId: Number(voided.id),
      invoiceId: Number(invoice.id),
      componentId: Number(component.id),
      settingId: cat.size.small,
      productId: cat.product.cooler,
      fileId: file!.id,
    };
    if (world.ids && JSON.stringify(world.ids) !== JSON.stringify(ids)) {
      throw new Error(`fuzz world: ids moved on reseed ${JSON.stringify(world.ids)} -> ${JSON.stringify(ids)}`);
    }
    world.ids = ids;
  }

  world.reseed = async () => {
    world.reseeds += 1;
    await seed();
  };

  world.repairIfBroken = async () => {
    const { ids, callers } = world;
    const db = database.db;
    const userRows = await db
      .select({ id: users.id, su: users.isSuperuser, active: users.isActive })
      .from(users)
      .where(inArray(users.id, [ids.adminId, ids.staffId, ids.otherId]));
    const usersOk =
      userRows.length === 3 &&
      userRows.every((u) => u.active && u.su === (u.id === ids.adminId));
    const sessionRows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, [callers.staff.sessionId!, callers.admin.sessionId!]));
    const orderRows = await db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [ids.invoicedOrderId, ids.freeOrderId, ids.spareOrderId, ids.voidedOrderId]));
    const [invoice] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, ids.invoiceId));
    const [blueprint] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, ids.invoicedOrderId), sql`${orders.blueprintFileId} is not null`));
    const dataOk = usersOk && orderRows.length === 4 && !!invoice && !!blueprint;
    if (dataOk && sessionRows.length === 2) return false;
    if (dataOk) {
      // Only signed out (a logout, a sign-in, a password change): new sessions, same data.
      await database.db.delete(sessions).where(inArray(sessions.id, [callers.staff.sessionId!, callers.admin.sessionId!]));
      world.callers.staff = await signIn('staff', ids.staffId);
      world.callers.admin = await signIn('admin', ids.adminId);
      return true;
    }
    await world.reseed();
    return true;
  };

  await seed();
  return world;
}
