import { randomBytes } from 'node:crypto';
import { createUserSchema } from '@icehouse/domain';
import { saveCompanyInfo } from '../modules/company/service';
import { createSetting, listSettings, updateSetting } from '../modules/catalogue/settings';
import { createComponent, listComponents, updateComponent } from '../modules/catalogue/components';
import { createProduct, listProducts, updateProduct } from '../modules/catalogue/products';
import { createUser, listUsers } from '../modules/users/service';
import { MissingReference, type ImportRun } from './run-context';

/**
 * Company information, settings, components, products and users: few records, read as lists. A
 * record this product already has under the same natural key (a setting's category and value, a
 * component's name, a product's description, a username) is mapped to it rather than made twice.
 */

type Row = Record<string, unknown> & { id: number };

export async function importCompany(run: ImportRun): Promise<void> {
  const company = await run.source.getJson<Record<string, unknown>>('/api/company-info/');
  if (!company.name) return; // the source has none saved
  const { id: _id, remit_to: _remit, ...fields } = company;
  await run.step('company', '1', company, async (deps) => {
    await saveCompanyInfo(deps, fields as never);
    return 1;
  });
}

export async function importSettings(run: ImportRun): Promise<void> {
  const rows = await run.source.list<Row>('/api/settings/');
  const existing = run.dryRun ? [] : await listSettings(run.target, {});
  for (const s of rows) {
    const input = { category: s.category, value: s.value, price: s.price ?? null };
    await run.step('setting', s.id, s, async (deps, mapped) => {
      if (mapped) return (await updateSetting(deps, mapped.targetId, input as never)).id;
      const same = existing.find((e) => e.category === s.category && e.value === s.value);
      if (same) return (await updateSetting(deps, same.id, input as never)).id;
      return (await createSetting(deps, input as never)).id;
    });
  }
}

export async function importComponents(run: ImportRun): Promise<void> {
  const rows = await run.source.list<Row>('/api/components/');
  const existing = run.dryRun ? [] : await listComponents(run.target);
  for (const c of rows) {
    const input = { name: c.name, cost: c.cost, markup: c.markup };
    await run.step('component', c.id, c, async (deps, mapped) => {
      const same = mapped?.targetId ?? existing.find((e) => e.name === c.name)?.id;
      if (same !== undefined) return (await updateComponent(deps, same, input as never)).id;
      return (await createComponent(deps, input as never)).id;
    });
  }
}

export async function importProducts(run: ImportRun): Promise<void> {
  const rows = await run.source.list<Row & { components?: { component: number; quantity: number }[] }>('/api/products/');
  const existing = run.dryRun ? [] : await listProducts(run.target);
  for (const p of rows) {
    await run.step('product', p.id, p, async (deps, mapped) => {
      const input = {
        description: p.description,
        building_type: p.building_type,
        is_simple: p.is_simple,
        price: p.price,
        components: (p.components ?? []).map((line) => ({
          component: run.targetIdOf('component', line.component),
          quantity: line.quantity,
        })),
      };
      const same = mapped?.targetId ?? existing.find((e) => e.description === p.description)?.id;
      if (same !== undefined) return (await updateProduct(deps, same, input as never)).id;
      return (await createProduct(deps, input as never)).id;
    });
  }
}

/**
 * Users come without their passwords (the source never answers them): each is made with a random one
 * nobody knows, and the report lists them for the admin to set a password for each in User Management.
 */
export async function importUsers(run: ImportRun): Promise<void> {
  const rows = await run.source.list<Row>('/api/auth/users/');
  const existing = run.dryRun ? [] : await listUsers(run.target);
  for (const u of rows) {
    await run.step('user', u.id, { ...u, last_login: undefined }, async (deps, mapped) => {
      const same = mapped?.targetId ?? existing.find((e) => e.username.toLowerCase() === String(u.username).toLowerCase())?.id;
      // A user here already (the admin running the import, or one imported before) is kept as it is.
      if (same !== undefined) return same;
      const parsed = createUserSchema.safeParse({
        username: u.username,
        email: u.email ?? '',
        is_admin: u.is_superuser === true || u.is_admin === true,
        is_active: u.is_active !== false,
        ...(typeof u.role === 'string' ? { role: u.role } : {}),
        password: randomBytes(24).toString('base64url'),
      });
      if (!parsed.success) throw new MissingReference(`user ${String(u.username)}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      const created = await createUser(deps, parsed.data, null);
      run.usersNeedingPassword.push(created.username);
      return created.id;
    });
  }
}
