import { eq, sql } from 'drizzle-orm';
import { productCalculatedPrice, SETTING_CATEGORIES } from '@icehouse/domain';
import { companyInfo, components, productComponents, products, settings, users } from '../schema/index';
import { DEMO_COMPANY, DEMO_COMPONENTS, DEMO_PRODUCTS, DEMO_SETTINGS, DEMO_USERS } from './data';
import type { SeedContext } from './context';

/** The demo's company, users, settings of every category, components and products (kept when already there). */

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
        isActive: true,
        createdAt: ctx.now,
        updatedAt: ctx.now,
        passwordChangedAt: ctx.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  ctx.summary.users = created.length;
  for (const u of DEMO_USERS) {
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
    });
  }
}
