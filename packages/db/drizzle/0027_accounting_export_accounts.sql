ALTER TABLE "company_info" ADD COLUMN "account_receivable" text DEFAULT 'Accounts Receivable' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "account_sales" text DEFAULT 'Sales' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "account_freight" text DEFAULT 'Shipping and Delivery Income' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "account_discounts" text DEFAULT 'Discounts Given' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "account_sales_tax" text DEFAULT 'Sales Tax Payable' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "account_undeposited_funds" text DEFAULT 'Undeposited Funds' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "account_refunds" text DEFAULT 'Checking' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "account_customer_deposits" text DEFAULT 'Customer Deposits' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "account_adjustments" text DEFAULT 'Opening Balance Equity' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "xero_sales_account_code" text DEFAULT '200' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "xero_tax_type" text DEFAULT 'Tax on Sales' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "xero_exempt_tax_type" text DEFAULT 'Tax Exempt' NOT NULL;