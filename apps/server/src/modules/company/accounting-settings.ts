import { eq } from 'drizzle-orm';
import { accountingSettingsSchema, zodIssuesToFieldErrors, type AccountingSettings } from '@icehouse/domain';
import { companyInfo } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { DbDeps } from '../../deps';
import { COMPANY_ID } from './service';

/**
 * The accountant export's account names (decision 206), kept on Company Information's row. Before
 * the row exists, or for a column never set, the column defaults answer (QuickBooks' and Xero's
 * standard names), so an export works with no setup.
 */

const COLUMNS = {
  account_receivable: 'accountReceivable',
  account_sales: 'accountSales',
  account_freight: 'accountFreight',
  account_discounts: 'accountDiscounts',
  account_sales_tax: 'accountSalesTax',
  account_undeposited_funds: 'accountUndepositedFunds',
  account_refunds: 'accountRefunds',
  account_customer_deposits: 'accountCustomerDeposits',
  account_adjustments: 'accountAdjustments',
  xero_sales_account_code: 'xeroSalesAccountCode',
  xero_tax_type: 'xeroTaxType',
  xero_exempt_tax_type: 'xeroExemptTaxType',
} as const satisfies Record<keyof AccountingSettings, keyof typeof companyInfo.$inferSelect>;

const KEYS = Object.keys(COLUMNS) as (keyof AccountingSettings)[];

export async function getAccountingSettings(deps: DbDeps): Promise<AccountingSettings> {
  const [row] = await deps.database.db
    .select()
    .from(companyInfo)
    .where(eq(companyInfo.id, COMPANY_ID))
    .limit(1);
  return Object.fromEntries(
    KEYS.map((k) => [k, row ? row[COLUMNS[k]] : String(companyInfo[COLUMNS[k]].default)]),
  ) as AccountingSettings;
}

/** Saves every name (each required); the rest of Company Information is left as it is. */
export async function saveAccountingSettings(deps: DbDeps, input: unknown): Promise<AccountingSettings> {
  const parsed = accountingSettingsSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  const values = Object.fromEntries(KEYS.map((k) => [COLUMNS[k], parsed.data[k]])) as Partial<
    typeof companyInfo.$inferInsert
  >;
  await deps.database.db
    .insert(companyInfo)
    .values({ id: COMPANY_ID, ...values })
    .onConflictDoUpdate({ target: companyInfo.id, set: { ...values, updatedAt: new Date() } });
  return getAccountingSettings(deps);
}
