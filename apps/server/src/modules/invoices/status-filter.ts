import { sql, type SQL } from 'drizzle-orm';
import { invoices } from '@icehouse/db/schema';

/**
 * The invoice status (the domain's invoicePaymentStatus, payments.ts) in SQL, for the invoices
 * list's status filter: paid when nothing is left (balance_due, stored by the domain's rule),
 * overdue when a balance is past its due date, partially paid when something was paid, else
 * unpaid. `today` is a YYYY-MM-DD placeholder or value. A test checks this against the domain.
 */
export function invoiceStatusSql(today: SQL | string): SQL {
  return sql`(case
    when ${invoices.balanceDue} <= 0 then 'paid'
    when ${invoices.dueDate} < ${today}::date then 'overdue'
    when ${invoices.paymentsCredits} > 0 then 'partially_paid'
    else 'unpaid' end)`;
}
