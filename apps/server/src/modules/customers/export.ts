import { asc, sql } from 'drizzle-orm';
import { customers } from '@icehouse/db/schema';
import { csvFilename, csvStream, keysetBatches, type CsvColumn } from '../../csv';
import { customerSearchCondition, listRows } from './customer-list';
import type { CustomerListFilters, CustomerListRow, DbDeps } from './customer-views';

/** The customers list as CSV: the list's search, every matching customer, by name. */

export const CUSTOMER_EXPORT_BATCH = 1000;

type ExportRow = CustomerListRow & { notes: string; created_at: string };

export function exportCustomers(deps: DbDeps, filters: CustomerListFilters): AsyncIterable<ExportRow> {
  const db = deps.database.db;
  const text = filters.search?.trim() ?? '';
  return keysetBatches<ExportRow, { name: string; id: number }>(
    async (after, limit) => {
      const ids = await db
        .select({ id: customers.id, notes: customers.notes, createdAt: customers.createdAt })
        .from(customers)
        .where(
          sql.join(
            [
              text ? customerSearchCondition(text) : sql`true`,
              after ? sql`(${customers.name}, ${customers.id}) > (${after.name}, ${after.id})` : sql`true`,
            ],
            sql` and `,
          ),
        )
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(limit);
      const extra = new Map(ids.map((r) => [r.id, r]));
      // The list's own rows (billing address, default ship-to, order count), in the same order.
      const rows = await listRows(
        db,
        ids.map((r) => r.id),
      );
      return rows.map((r) => ({
        ...r,
        notes: extra.get(r.id)!.notes,
        created_at: extra.get(r.id)!.createdAt.toISOString(),
      }));
    },
    (row) => ({ name: row.name, id: row.id }),
    CUSTOMER_EXPORT_BATCH,
  );
}

export const CUSTOMER_CSV_COLUMNS: CsvColumn<ExportRow>[] = [
  { header: 'Customer ID', kind: 'integer', value: (r) => r.id },
  { header: 'Name', kind: 'text', value: (r) => r.name },
  { header: 'Phone', kind: 'text', value: (r) => r.phone },
  { header: 'Email', kind: 'text', value: (r) => r.email },
  { header: 'Billing Street', kind: 'text', value: (r) => r.billing_address.street },
  { header: 'Billing City', kind: 'text', value: (r) => r.billing_address.city },
  { header: 'Billing State', kind: 'text', value: (r) => r.billing_address.state },
  { header: 'Billing ZIP', kind: 'text', value: (r) => r.billing_address.zip_code },
  { header: 'Billing Country', kind: 'text', value: (r) => r.billing_address.country },
  { header: 'Default Ship-To Label', kind: 'text', value: (r) => r.default_ship_to?.label },
  { header: 'Default Ship-To Name', kind: 'text', value: (r) => r.default_ship_to?.name },
  { header: 'Default Ship-To Street', kind: 'text', value: (r) => r.default_ship_to?.street },
  { header: 'Default Ship-To City', kind: 'text', value: (r) => r.default_ship_to?.city },
  { header: 'Default Ship-To State', kind: 'text', value: (r) => r.default_ship_to?.state },
  { header: 'Default Ship-To ZIP', kind: 'text', value: (r) => r.default_ship_to?.zip_code },
  { header: 'Default Ship-To Country', kind: 'text', value: (r) => r.default_ship_to?.country },
  { header: 'Orders', kind: 'integer', value: (r) => r.order_count },
  { header: 'Notes', kind: 'text', value: (r) => r.notes },
  { header: 'Created', kind: 'datetime', value: (r) => r.created_at },
  { header: 'Updated', kind: 'datetime', value: (r) => r.updated_at },
];

export function customersCsv(deps: DbDeps, filters: CustomerListFilters) {
  return {
    stream: csvStream(CUSTOMER_CSV_COLUMNS, exportCustomers(deps, filters)),
    filename: csvFilename('customers'),
  };
}
