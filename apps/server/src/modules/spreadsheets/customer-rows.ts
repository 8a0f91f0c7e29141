import { asc, eq, inArray, sql } from 'drizzle-orm';
import { SPREADSHEET_MESSAGES, customerSchema, readYesNo, type CustomerData } from '@icehouse/domain';
import { customerAddresses, customers } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { announceChange } from '../../changes';
import { shipToValues } from '../customers/customer-write';
import { type CellErrors, cell, chunks, groupRows, isMapped, nameKey, recordField, type KindPlan, type MappedRow, type RowAction } from './service-common';

/**
 * A customers sheet: the rows of one name are one customer (its fields on any of them, the same
 * wherever repeated); each row with a ship-to part is one of its ship-to addresses. Validated by the
 * customer form's schema. A name already kept (any case) updates that customer: its mapped fields,
 * and, when the sheet gives it ship-to addresses, its list of them (replaced, as the form's save does).
 */

const CUSTOMER_COLUMNS = {
  name: 'name',
  phone: 'phone',
  email: 'email',
  billing_street: 'billingStreet',
  billing_city: 'billingCity',
  billing_state: 'billingState',
  billing_zip_code: 'billingZipCode',
  billing_country: 'billingCountry',
  notes: 'notes',
  payment_terms: 'paymentTerms',
} as const;
type CustomerField = keyof typeof CUSTOMER_COLUMNS;
const CUSTOMER_FIELDS = Object.keys(CUSTOMER_COLUMNS) as CustomerField[];
const SHIP_TO_PARTS = ['label', 'name', 'street', 'city', 'state', 'zip_code', 'country'] as const;
const BILLING_PARTS = ['street', 'city', 'state', 'zip_code', 'country'] as const;

interface CustomerRecord {
  data: CustomerData;
  existingId: number | null;
}

function columnValues(data: CustomerData, fields: readonly CustomerField[]) {
  const all: Record<CustomerField, string> = {
    name: data.name,
    phone: data.phone,
    email: data.email,
    billing_street: data.billing_address.street,
    billing_city: data.billing_address.city,
    billing_state: data.billing_address.state,
    billing_zip_code: data.billing_address.zip_code,
    billing_country: data.billing_address.country,
    notes: data.notes,
    payment_terms: data.payment_terms,
  };
  return Object.fromEntries(fields.map((f) => [CUSTOMER_COLUMNS[f], all[f]]));
}

export async function planCustomers(db: Db, rows: readonly MappedRow[], errors: CellErrors): Promise<KindPlan> {
  const existing = await db.select({ id: customers.id, name: customers.name }).from(customers);
  const byName = new Map<string, number[]>();
  for (const c of existing) byName.set(nameKey(c.name), [...(byName.get(nameKey(c.name)) ?? []), c.id]);
  const mappedFields = CUSTOMER_FIELDS.filter((f) => isMapped(rows, f));
  const records: CustomerRecord[] = [];
  const actions = new Map<number, RowAction>();

  for (const group of groupRows(rows, 'name')) {
    const field = Object.fromEntries(
      CUSTOMER_FIELDS.map((f) => [f, recordField(group, f, errors, SPREADSHEET_MESSAGES.differsFromRow)]),
    ) as Record<CustomerField, { value: string; row: number }>;
    let ok = true;
    const shipRows = group.filter((r) => SHIP_TO_PARTS.some((p) => cell(r, `ship_to_${p}`) !== '') || cell(r, 'ship_to_default') !== '');
    const shipTo = shipRows.map((r) => {
      const isDefault = readYesNo(cell(r, 'ship_to_default'));
      if (isDefault === null) {
        errors.add(r.n, 'ship_to_default', SPREADSHEET_MESSAGES.yesNoInvalid);
        ok = false;
      }
      return { ...Object.fromEntries(SHIP_TO_PARTS.map((p) => [p, cell(r, `ship_to_${p}`)])), is_default: isDefault ?? false };
    });
    const parsed = customerSchema.safeParse({
      name: field.name.value,
      phone: field.phone.value,
      email: field.email.value,
      billing_address: Object.fromEntries(BILLING_PARTS.map((p) => [p, field[`billing_${p}`].value])),
      notes: field.notes.value,
      payment_terms: field.payment_terms.value,
      ship_to: shipTo,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [top, index, part] = issue.path.map(String);
        if (top === 'ship_to' && index !== undefined && part !== undefined) {
          errors.add(shipRows[Number(index)]!.n, part === 'is_default' ? 'ship_to_default' : `ship_to_${part}`, issue.message);
        } else if (top === 'ship_to') {
          errors.add(shipRows[0]?.n ?? group[0]!.n, 'ship_to_label', issue.message);
        } else {
          const f = (top === 'billing_address' ? `billing_${index}` : top) as CustomerField;
          const at = field[f] ?? field.name;
          errors.add(at.row, field[f] ? f : 'name', issue.message);
        }
      }
      continue;
    }
    const matches = byName.get(nameKey(parsed.data.name)) ?? [];
    if (matches.length > 1) {
      errors.add(field.name.row, 'name', SPREADSHEET_MESSAGES.severalMatches('customers'));
      ok = false;
    }
    if (!ok) continue;
    const existingId = matches[0] ?? null;
    for (const row of group) actions.set(row.n, existingId === null ? 'create' : 'update');
    records.push({ data: parsed.data, existingId });
  }

  const creates = records.filter((r) => r.existingId === null);
  const updates = records.filter((r) => r.existingId !== null);
  return {
    actions,
    created: creates.length,
    updated: updates.length,
    async write(tx, journal, userId) {
      const created: number[] = (journal.created.customers ??= []);
      for (const part of chunks(creates)) {
        const ids = await tx
          .insert(customers)
          .values(part.map((r) => ({ ...columnValues(r.data, CUSTOMER_FIELDS), name: r.data.name, createdBy: userId, updatedBy: userId })))
          .returning({ id: customers.id });
        ids.forEach((c, i) => (part[i]!.existingId = c.id));
        created.push(...ids.map((c) => c.id));
        const addresses = part.flatMap((r) => r.data.ship_to.map((a, i) => shipToValues(r.existingId!, a, i)));
        for (const some of chunks(addresses)) await tx.insert(customerAddresses).values(some);
        for (const c of ids) announceChange(tx, { entity: 'customer', id: c.id, version: 1, action: 'created', by: userId });
      }
      if (updates.length === 0) return;
      const ids = updates.map((r) => r.existingId!);
      const before = await tx.select().from(customers).where(inArray(customers.id, ids));
      const oldAddresses = await tx
        .select()
        .from(customerAddresses)
        .where(inArray(customerAddresses.customerId, ids))
        .orderBy(asc(customerAddresses.position), asc(customerAddresses.id));
      for (const r of updates) {
        const id = r.existingId!;
        const was = before.find((c) => c.id === id)!;
        const [row] = await tx
          .update(customers)
          .set({ ...columnValues(r.data, mappedFields), name: r.data.name, version: sql`${customers.version} + 1`, updatedBy: userId })
          .where(eq(customers.id, id))
          .returning({ version: customers.version });
        const replaceAddresses = r.data.ship_to.length > 0;
        if (replaceAddresses) {
          await tx.delete(customerAddresses).where(eq(customerAddresses.customerId, id));
          await tx.insert(customerAddresses).values(r.data.ship_to.map((a, i) => shipToValues(id, a, i)));
        }
        const { id: _id, search: _search, createdAt: _c, updatedAt: _u, ...fields } = was;
        journal.updated.push({
          table: 'customers',
          id,
          before: {
            ...fields,
            addresses: replaceAddresses
              ? oldAddresses.filter((a) => a.customerId === id).map(({ id: _a, customerId: _b, ...a }) => a)
              : null,
          },
          after: { version: row!.version },
        });
        announceChange(tx, { entity: 'customer', id, version: row!.version, action: 'updated', by: userId });
      }
    },
  };
}
