import { sql, type SQL } from 'drizzle-orm';
import { customerNameOf } from '@icehouse/domain';

/**
 * Who owes an invoice (decision 237): the customer of its first order, the one with the earliest order
 * date and then the lowest id. That order's bill-to is the one the invoice carries (a combined invoice
 * takes its head order's), so a combined invoice over two customers' orders is owed by the customer it
 * is billed to and by no one else. An invoice whose first order is linked to no customer is owed by no
 * customer: the aging groups it by its bill-to name. Every figure that asks "whose invoice" reads one
 * of these two fragments.
 *
 * The sub-queries use aliases of their own (owner_*) so that they can sit inside any other select.
 */

/** The owning customer's id (or null) of the invoice whose id is `invoiceId` (a column or a value). */
export const invoiceOwnerOf = (invoiceId: SQL | number) => sql`(select owner_o.customer_id
    from invoice_orders owner_io join orders owner_o on owner_o.id = owner_io.order_id
    where owner_io.invoice_id = ${invoiceId}
    order by owner_o.date, owner_o.id limit 1)`;

/** The ids of the invoices `customerId` owes: those whose first order is one of theirs. */
export const customerInvoiceIds = (customerId: SQL | number) => sql`(select owner_io.invoice_id
    from invoice_orders owner_io join orders owner_o on owner_o.id = owner_io.order_id
    where owner_o.customer_id = ${customerId} and ${isFirstOrderOfItsInvoice(sql`owner_io.invoice_id`, sql`owner_o`)})`;

/**
 * True when the order (a table alias with date and id) is the first of the invoice `invoiceId`: no other
 * order of that invoice comes before it.
 */
export const isFirstOrderOfItsInvoice = (invoiceId: SQL, order: SQL) => sql`not exists (select 1
    from invoice_orders earlier_io join orders earlier_o on earlier_o.id = earlier_io.order_id
    where earlier_io.invoice_id = ${invoiceId}
      and (earlier_o.date, earlier_o.id) < (${order}.date, ${order}.id))`;

/** What the customer's orders still hold in deposits (decision 171): one exact numeric sum, as text. */
export const customerDepositsHeld = (customerId: SQL | number) =>
  // Aliased names: inside another table's select, drizzle would leave the columns unqualified (ambiguous "id").
  sql<string>`(select coalesce(sum(cd.amount), 0)::numeric(14, 2)::text from order_deposits cd
    join orders co on co.id = cd.order_id where co.customer_id = ${customerId})`;

/**
 * The three sums a customer's balance is made of (the domain's customerBalanceOf): the totals of the
 * invoices they owe, what those invoices' ledgers hold (payments_credits, kept equal to the ledger's sum
 * by payments/ledger.ts), and the deposits their orders hold. The same records, the same sign and the
 * same attribution as their ledger's closing balance: the model test holds the two equal.
 */
export const customerBalanceSums = (customerId: SQL | number) => ({
  invoiced: sql<string>`(select coalesce(sum(bal_i.total_amount), 0)::numeric(14, 2)::text from invoices bal_i
    where bal_i.id in ${customerInvoiceIds(customerId)})`,
  paid: sql<string>`(select coalesce(sum(bal_i.payments_credits), 0)::numeric(14, 2)::text from invoices bal_i
    where bal_i.id in ${customerInvoiceIds(customerId)})`,
  depositsHeld: customerDepositsHeld(customerId),
});

/**
 * Every invoice that asks for something on `asOf`, with its owner (customer_id, or null) and that amount
 * (amount_due): its total, once dated, less its ledger's entries dated on or before `asOf`, when above 0.
 * The same rule as a statement's aging on its last day (the domain's customerStatement), so the aging
 * report as of a day and every customer's statement ending that day agree. A sub-select: alias it.
 *
 * Only two kinds of invoice can ask for something on `asOf`: those with a balance now (the stored
 * balance_due, the ledger's sum kept by payments/ledger.ts), and those with an entry dated after `asOf`
 * (what they owe now is not what they owed then). Reading those alone keeps the report as cheap as the
 * open invoices, not all of them.
 */
export const invoicesDueAsOf = (asOf: string) => sql`(select * from (select due_i.id, due_i.invoice_number,
    due_i.date, due_i.due_date, due_i.bill_to, ${invoiceOwnerOf(sql`due_i.id`)} as customer_id,
    due_i.total_amount - coalesce((select sum(due_p.amount) from invoice_payments due_p
      where due_p.invoice_id = due_i.id and due_p.date <= ${asOf}::date), 0) as amount_due
  from invoices due_i
  where due_i.date <= ${asOf}::date and (due_i.balance_due > 0
    or due_i.id in (select later_p.invoice_id from invoice_payments later_p where later_p.date > ${asOf}::date))
  ) due_all where due_all.amount_due > 0)`;

/** The name an invoice is listed and exported under: its bill-to name, else its ship-to name. */
export function invoiceCustomerName(invoice: { billTo: { name?: string } | null; shipTo: { name?: string } | null }): string {
  return customerNameOf(invoice.billTo?.name, invoice.shipTo?.name);
}
