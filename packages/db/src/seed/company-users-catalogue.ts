import { eq, sql } from 'drizzle-orm';
import { OPENING_BALANCE_REASON, productCalculatedPrice, SETTING_CATEGORIES, toMoneyString } from '@icehouse/domain';
import {
  companyInfo,
  components,
  customerAddresses,
  customers,
  productComponents,
  products,
  settings,
  stockMovements,
  users,
} from '../schema/index';
import {
  DEMO_COMPANY,
  DEMO_COMPONENTS,
  DEMO_CUSTOMERS,
  DEMO_ON_HAND,
  DEMO_PRODUCTS,
  DEMO_SETTINGS,
  DEMO_USERS,
} from './data';
import { addDays, atOfficeHours, type SeedContext } from './context';
import { rowsOf } from '../sequences';

/**
 * The demo's company, users, settings of every category, components and products (kept when already
 * there), the components' on-hand figures, and the customers.
 */

export async function seedCompany(ctx: SeedContext) {
  await ctx.tx
    .insert(companyInfo)
    .values({ id: 1, ...DEMO_COMPANY, updatedAt: ctx.now })
    .onConflictDoNothing();
}

export async function seedUsers(ctx: SeedContext) {
  const created = await ctx.tx
    .insert(users)
    .values(
      DEMO_USERS.map((u, i) => ({
        username: u.username,
        email: u.email,
        passwordHash: ctx.passwordHashes[i]!,
        isSuperuser: u.isSuperuser,
        role: u.role,
        isActive: true,
        createdAt: ctx.now,
        updatedAt: ctx.now,
        passwordChangedAt: ctx.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  ctx.summary.users = created.length;
  // The demo's records are made by the admin and the office; the other roles' sign-ins are there to try.
  for (const u of DEMO_USERS.filter((d) => d.role === 'admin' || d.role === 'office')) {
    const [row] = await ctx.tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, u.username));
    if (row) ctx.userIds.push(row.id);
  }
}

export async function seedSettings(ctx: SeedContext) {
  const rows = SETTING_CATEGORIES.flatMap((category) =>
    DEMO_SETTINGS[category].map(([value, price]) => ({ category, value, price })),
  );
  const created = await ctx.tx
    .insert(settings)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: settings.id });
  ctx.summary.settings = created.length;
  for (const s of await ctx.tx.select().from(settings)) {
    ctx.settingIds.set(`${s.category}|${s.value}`, { id: s.id, value: s.value, price: s.price });
  }
}

export async function seedCatalogue(ctx: SeedContext) {
  const created = await ctx.tx
    .insert(components)
    .values(DEMO_COMPONENTS.map((c) => ({ ...c })))
    .onConflictDoNothing()
    .returning({ id: components.id });
  ctx.summary.components = created.length;
  const allComponents = await ctx.tx.select().from(components);
  const componentByName = new Map(allComponents.map((c) => [c.name, c]));
  for (const c of allComponents) ctx.components.set(c.id, { id: c.id, name: c.name, cost: c.cost });
  const pricing = new Map(allComponents.map((c) => [c.id, { cost: c.cost, markup: c.markup }]));

  const existing = new Map((await ctx.tx.select().from(products)).map((p) => [p.description, p]));
  for (const p of DEMO_PRODUCTS) {
    let product = existing.get(p.description);
    const refs = (p.components ?? []).map(([name, quantity]) => {
      const c = componentByName.get(name);
      if (!c) throw new Error(`demo seed: missing component ${name}`);
      return { component: c.id, quantity };
    });
    if (!product) {
      [product] = await ctx.tx
        .insert(products)
        .values({
          description: p.description,
          buildingType: p.buildingType,
          isSimple: p.price !== undefined,
          price: p.price ?? null,
        })
        .returning();
      if (refs.length > 0) {
        await ctx.tx
          .insert(productComponents)
          .values(
            refs.map((r) => ({ productId: product!.id, componentId: r.component, quantity: r.quantity })),
          );
      }
      ctx.summary.products++;
    }
    const price = productCalculatedPrice(
      { is_simple: product!.isSimple, price: product!.price, components: refs },
      pricing,
    );
    ctx.catalogue.push({
      id: product!.id,
      description: p.description,
      buildingType: p.buildingType,
      price,
      isSimple: product!.isSimple,
      components: refs,
    });
  }
}

/**
 * What the shop had on hand of each component when it started the stock ledger a month ago: one opening
 * adjustment each (the ledger's trigger keeps component_stock), then a part damaged in the yard and a
 * recount, so the Components screen's history has more than openings. Run after the orders and the purchase
 * orders: the opening count is what is on hand today (DEMO_ON_HAND) plus what the orders being built have
 * taken since (seedStockHistory writes it next) less what has been received, so today's shelf is the demo's.
 */
export async function seedOnHand(ctx: SeedContext) {
  const opened = new Date(ctx.now.getTime() - 30 * 86_400_000);
  const sinceOpening = new Map(
    rowsOf<{ component_id: number; taken: number }>(
      await ctx.tx.execute(sql`
        select component_id, sum(taken)::int as taken from (
          select pc.component_id, pc.quantity as taken
          from orders o
          join order_building_info b on b.order_id = o.id and not b.is_custom
          join product_components pc on pc.product_id = b.product_id
          where o.status in ('processed', 'scheduled_to_ship')
          union all
          select component_id, -quantity from stock_movements where source = 'receipt'
        ) moved group by component_id`),
    ).map((r) => [Number(r.component_id), Number(r.taken)]),
  );
  const byName = new Map([...ctx.components.entries()].map(([id, c]) => [c.name, { id, cost: c.cost }]));
  const rows = [...ctx.components.entries()]
    .map(([id, c]) => ({ id, c, count: Math.max(0, (DEMO_ON_HAND[c.name as keyof typeof DEMO_ON_HAND] ?? 0) + (sinceOpening.get(id) ?? 0)) }))
    .filter(({ count }) => count !== 0)
    .map(({ id, c, count }) => ({
      componentId: id,
      quantity: count,
      unitCost: toMoneyString(c.cost),
      source: 'adjustment' as const,
      reason: OPENING_BALANCE_REASON,
      createdAt: opened,
    }));
  const later = (days: number) => new Date(ctx.now.getTime() - days * 86_400_000);
  const panel = byName.get('Insulated Wall Panel 4" (4x8)');
  const locks = byName.get('Cam Lock Set (12)');
  if (panel) rows.push({ componentId: panel.id, quantity: -1, unitCost: toMoneyString(panel.cost), source: 'adjustment', reason: 'Damaged in the yard', createdAt: later(12) });
  if (locks) rows.push({ componentId: locks.id, quantity: 2, unitCost: toMoneyString(locks.cost), source: 'adjustment', reason: 'Recount: two sets behind the saw', createdAt: later(5) });
  if (rows.length > 0) await ctx.tx.insert(stockMovements).values(rows);
}

/**
 * One customer per demo customer (billing address, phone, email, payment terms; a delivery address
 * of their own as their default ship-to), on the books since before their first order. The orders
 * are taken for them (orders.customer_id), so nothing is left for the start-up linking to do.
 */
export async function seedCustomers(ctx: SeedContext) {
  const since = atOfficeHours(addDays(ctx.today, -366), ctx.rnd, ctx.now);
  const createdBy = ctx.userIds[0] ?? null;
  // A customer of that name already on the books (typed before the demo was loaded) is theirs.
  const existing = new Map(
    (await ctx.tx.select({ id: customers.id, name: customers.name }).from(customers)).map((c) => [
      c.name.toLowerCase(),
      c.id,
    ]),
  );
  const missing = DEMO_CUSTOMERS.filter((c) => !existing.has(c.name.toLowerCase()));
  const rows =
    missing.length === 0
      ? []
      : await ctx.tx
          .insert(customers)
          .values(
            missing.map((c) => ({
              name: c.name,
              phone: c.phone,
              email: c.email ?? '',
              billingStreet: c.street,
              billingCity: c.city,
              billingState: c.state,
              billingZipCode: c.zipCode,
              billingCountry: 'US',
              paymentTerms: c.paymentTerms ?? '',
              createdAt: since,
              updatedAt: since,
              createdBy,
              updatedBy: createdBy,
            })),
          )
          .returning({ id: customers.id, name: customers.name });
  for (const c of DEMO_CUSTOMERS) {
    const id = existing.get(c.name.toLowerCase()) ?? rows.find((r) => r.name === c.name)?.id;
    if (id !== undefined) ctx.customerIds.set(c.name, id);
  }
  // Their invoices take the terms on the customer record (decision 175), whoever typed them.
  for (const c of await ctx.tx.select({ id: customers.id, terms: customers.paymentTerms }).from(customers))
    ctx.customerTerms.set(c.id, c.terms.trim());
  const shipTos = missing
    .filter((c) => c.shipTo)
    .map((c) => ({
      customerId: ctx.customerIds.get(c.name)!,
      position: 0,
      label: 'Delivery',
      name: c.shipTo!.name,
      street: c.shipTo!.street,
      city: c.shipTo!.city,
      state: c.shipTo!.state,
      zipCode: c.shipTo!.zipCode,
      country: 'US',
      isDefault: true,
    }));
  if (shipTos.length > 0) await ctx.tx.insert(customerAddresses).values(shipTos);
  ctx.summary.customers = rows.length;
}
