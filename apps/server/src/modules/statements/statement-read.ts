import { desc, eq } from 'drizzle-orm';
import { STATEMENT_MESSAGES, type StatementFigures } from '@icehouse/domain';
import { statements } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { billingAddressOf } from '../customers/customer-views';
import type { CustomerRow } from './statement-figures';

/**
 * Statements as issued (decision 200): a row per statement emailed (alone or in a batch), its figures
 * as they were then. Written by the sending transaction (statement-send.ts); read here.
 */

export type StatementRow = typeof statements.$inferSelect;

/** The number a statement prints and is named by in emails and the sent log: "S-12". */
export const statementNumberOf = (id: number) => `S-${id}`;

export function statementView(row: StatementRow) {
  return {
    id: row.id,
    statement_number: statementNumberOf(row.id),
    customer_id: row.customerId,
    customer_name: row.customerName,
    bill_to: row.billTo,
    batch_id: row.batchId,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByUsername || null,
    ...row.figures,
  };
}

export async function statementRow(db: Db, id: number): Promise<StatementRow> {
  const [row] = await db.select().from(statements).where(eq(statements.id, id)).limit(1);
  if (!row) throw AppError.notFound(STATEMENT_MESSAGES.notFound);
  return row;
}

/** GET /api/statements/{id}/: one statement as issued. */
export async function getStatement(deps: Pick<AppDeps, 'database'>, id: number) {
  return statementView(await statementRow(deps.database.db, id));
}

/** GET /api/customers/{id}/statements/: the customer's issued statements, newest first (figures left out). */
export async function customerStatements(deps: Pick<AppDeps, 'database'>, customerId: number) {
  const rows = await deps.database.db
    .select()
    .from(statements)
    .where(eq(statements.customerId, customerId))
    .orderBy(desc(statements.id))
    .limit(100);
  return {
    results: rows.map((r) => ({
      id: r.id,
      statement_number: statementNumberOf(r.id),
      from: r.periodFrom,
      to: r.periodTo,
      opening_balance: r.openingBalance,
      closing_balance: r.closingBalance,
      batch_id: r.batchId,
      created_at: r.createdAt.toISOString(),
      created_by: r.createdByUsername || null,
    })),
  };
}

/** Inserts a statement as issued now, in the caller's transaction. */
export async function insertStatement(
  tx: Db,
  v: { customer: CustomerRow; figures: StatementFigures; batchId: number | null; user: { id: number; username: string } },
): Promise<StatementRow> {
  const [row] = await tx
    .insert(statements)
    .values({
      customerId: v.customer.id,
      customerName: v.customer.name,
      billTo: billingAddressOf(v.customer),
      periodFrom: v.figures.from,
      periodTo: v.figures.to,
      openingBalance: v.figures.opening_balance,
      closingBalance: v.figures.closing_balance,
      figures: v.figures,
      batchId: v.batchId,
      createdBy: v.user.id,
      createdByUsername: v.user.username,
    })
    .returning();
  return row!;
}
