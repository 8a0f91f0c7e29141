import { eq } from 'drizzle-orm';
import { STATEMENT_MESSAGES, statementPeriodSchema, todayIso, zodIssuesToFieldErrors, type StatementPeriod } from '@icehouse/domain';
import { customers } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { AppError } from '../../errors';
import { billingAddressOf } from '../customers/customer-views';
import { emptyRecords, figuresOf, recordsByCustomer } from '../ledger/customer-records';

/**
 * A statement's period and customer, and the live statement: the figures are the customer's ledger
 * (ledger/customer-records.ts, the domain's customerStatement) for the period; nothing is added up here.
 */

/** The period checked (400 with messages on from / to), `to` not after the server's today. */
export function parsePeriod(input: unknown): StatementPeriod {
  const parsed = statementPeriodSchema(todayIso()).safeParse(input ?? {});
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  return parsed.data;
}

export type CustomerRow = typeof customers.$inferSelect;

export async function customerRow(db: Db, id: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw AppError.notFound(STATEMENT_MESSAGES.customerNotFound);
  return row;
}

/** GET /api/customers/{id}/statement/?from&to: the statement of the period, computed now (nothing stored). */
export async function liveStatement(db: Db, customerId: number, input: unknown) {
  const period = parsePeriod(input);
  const customer = await customerRow(db, customerId);
  const records = (await recordsByCustomer(db, customerId)).get(customerId) ?? emptyRecords();
  return {
    customer_id: customer.id,
    customer_name: customer.name,
    customer_email: customer.email,
    bill_to: billingAddressOf(customer),
    ...figuresOf(records, period),
  };
}

