import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { CONSUMPTION_STATUSES, DEFAULT_CONSUMPTION_STATUS } from '@icehouse/domain';
import { inList, percent, timestamptz } from './_columns';

/**
 * The company's own details: exactly one row, id 1 (CHECK id = 1). Blank text
 * fields are '' rather than NULL. The remit-to address is printed on invoices;
 * when blank the company address is used.
 */
export const companyInfo = pgTable(
  'company_info',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    phone: text('phone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    salesTaxRate: percent('sales_tax_rate').notNull().default('0'),
    remitPaymentName: text('remit_payment_name').notNull().default(''),
    remitPaymentStreet: text('remit_payment_street').notNull().default(''),
    remitPaymentCity: text('remit_payment_city').notNull().default(''),
    remitPaymentState: text('remit_payment_state').notNull().default(''),
    remitPaymentZipCode: text('remit_payment_zip_code').notNull().default(''),
    /** Units the shop builds a week (the shop board marks a week over it); NULL: not set. */
    weeklyCapacity: integer('weekly_capacity'),
    /** The order status at which an order's bill of materials is taken from stock (decision 259). */
    stockConsumptionStatus: text('stock_consumption_status', { enum: CONSUMPTION_STATUSES })
      .notNull()
      .default(DEFAULT_CONSUMPTION_STATUS),
    /** Email (decision 062): the From address, and the templates the email dialog starts from. */
    emailFrom: text('email_from').notNull().default(''),
    invoiceEmailSubject: text('invoice_email_subject').notNull().default('Invoice {invoice_number} from {company_name}'),
    invoiceEmailBody: text('invoice_email_body')
      .notNull()
      .default(
        'Dear {customer_name},\n\nPlease find attached invoice {invoice_number} for {total}. The balance due is {balance_due}, due {due_date}.\n\nThank you for your business.\n{company_name}',
      ),
    bolEmailSubject: text('bol_email_subject').notNull().default('Bill of lading {bol_number} from {company_name}'),
    bolEmailBody: text('bol_email_body')
      .notNull()
      .default('Dear {customer_name},\n\nPlease find attached bill of lading {bol_number} for order {order_number}.\n\n{company_name}'),
    /**
     * The accountant export's accounts (decision 205): the names QuickBooks posts to, and Xero's account
     * code and tax rate names. Defaults are QuickBooks' and Xero's standard ones, so an export works
     * with no setup.
     */
    accountReceivable: text('account_receivable').notNull().default('Accounts Receivable'),
    accountSales: text('account_sales').notNull().default('Sales'),
    accountFreight: text('account_freight').notNull().default('Shipping and Delivery Income'),
    accountDiscounts: text('account_discounts').notNull().default('Discounts Given'),
    accountSalesTax: text('account_sales_tax').notNull().default('Sales Tax Payable'),
    accountUndepositedFunds: text('account_undeposited_funds').notNull().default('Undeposited Funds'),
    accountRefunds: text('account_refunds').notNull().default('Checking'),
    accountCustomerDeposits: text('account_customer_deposits').notNull().default('Customer Deposits'),
    accountAdjustments: text('account_adjustments').notNull().default('Opening Balance Equity'),
    xeroSalesAccountCode: text('xero_sales_account_code').notNull().default('200'),
    xeroTaxType: text('xero_tax_type').notNull().default('Tax on Sales'),
    xeroExemptTaxType: text('xero_exempt_tax_type').notNull().default('Tax Exempt'),
    /**
     * Scheduled backups (decision 255): on or off (NULL: the default for the database kind, on for the
     * embedded database, off for PostgreSQL), the time of day on the server's clock ('HH:MM'), and how
     * many verified backups are kept.
     */
    backupEnabled: boolean('backup_enabled'),
    backupTime: text('backup_time').notNull().default('02:00'),
    backupKeep: integer('backup_keep').notNull().default(7),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('company_info_single_row', sql`${t.id} = 1`),
    check('company_info_weekly_capacity_check', sql`${t.weeklyCapacity} is null or ${t.weeklyCapacity} >= 1`),
    check('company_info_backup_time_check', sql`${t.backupTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('company_info_backup_keep_check', sql`${t.backupKeep} between 1 and 365`),
    check('company_info_stock_consumption_status_check', inList(t.stockConsumptionStatus, CONSUMPTION_STATUSES)),
  ],
);
