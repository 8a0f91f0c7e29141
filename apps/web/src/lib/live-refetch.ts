import type { ChangeEntity } from '@icehouse/domain';
import type { trpc } from './trpc';

export type TrpcUtils = ReturnType<typeof trpc.useUtils>;

/**
 * What a change of each entity reads again (the live feed, lib/live.tsx): the queries whose answers show
 * that record. Typed over every entity of the domain's change feed (CHANGE_ENTITIES): an entity added
 * there is a type error here until it says what it touches.
 */
export const LIVE_REFETCH: Record<ChangeEntity, (utils: TrpcUtils) => void> = {
  order(utils) {
    void utils.orders.invalidate();
    void utils.invoices.list.invalidate();
    // The ship schedule and the dashboard's orders per month; a customer's page lists their orders.
    void utils.schedule.invalidate();
    void utils.customers.get.invalidate();
  },
  invoice(utils) {
    void utils.invoices.invalidate();
    void utils.orders.initialData.invalidate();
    void utils.orders.list.invalidate();
    void utils.orders.get.invalidate();
    // Sales tax and aging, the dashboard's invoiced revenue, a customer's invoices and balance.
    void utils.reports.invalidate();
    void utils.schedule.monthly.invalidate();
    void utils.customers.get.invalidate();
  },
  bill_of_lading(utils) {
    void utils.orders.invalidate();
    void utils.bols.invalidate();
  },
  payment(utils) {
    void utils.invoices.invalidate();
    void utils.payments.invalidate();
    void utils.customers.get.invalidate();
    void utils.reports.invalidate();
  },
  customer(utils) {
    void utils.customers.invalidate();
  },
  quote(utils) {
    // A quote converted to an order announces the order too (its own case).
    void utils.quotes.invalidate();
  },
  deposit(utils) {
    // An entry of an order's deposit account (a deposit, a refund, an amount moved onto its invoice or
    // applied elsewhere): the order form's deposits and the orders list's "held" column; the customer's
    // balance (less what their orders hold), their credit (a voided order's deposits) and statement;
    // the accounting export's transactions. Moving onto an invoice announces its payment too.
    void utils.credit.orderDeposits.invalidate();
    void utils.orders.list.invalidate();
    void utils.customers.list.invalidate();
    void utils.customers.get.invalidate();
    void utils.credit.customerCredit.invalidate();
    void utils.statements.forCustomer.invalidate();
    void utils.reports.accountingExportSummary.invalidate();
  },
  credit_note(utils) {
    // The invoice editor's credit notes and what may still be credited; the customer's credit (a note
    // past the balance due leaves them in credit) and statement; sales tax and the accounting export.
    // Its entry in the invoice's payments announces the payment (and the invoice) too: their own cases.
    void utils.credit.invoiceCreditNotes.invalidate();
    void utils.customers.get.invalidate();
    void utils.credit.customerCredit.invalidate();
    void utils.statements.forCustomer.invalidate();
    void utils.reports.salesTax.invalidate();
    void utils.reports.accountingExportSummary.invalidate();
  },
  stock(utils) {
    // A component's stock moved (a receipt, an order's consumption or its return, an adjustment): its on
    // hand and history, the materials list's on hand, available and to buy.
    void utils.stock.invalidate();
    void utils.production.materials.invalidate();
    void utils.production.onHand.invalidate();
  },
  purchase_order(utils) {
    // A purchase order drafted, edited, sent, received or cancelled: the purchasing screens, and the
    // materials list's on order.
    void utils.purchasing.invalidate();
    void utils.production.materials.invalidate();
  },
};
