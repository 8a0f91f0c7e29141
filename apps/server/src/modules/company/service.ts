import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_CONSUMPTION_STATUS,
  companySchema,
  remitToAddress,
  toMoneyString,
  zodIssuesToFieldErrors,
  type CompanyInput,
} from '@icehouse/domain';
import { companyInfo } from '@icehouse/db/schema';
import { AppError } from '../../errors';
import type { DbDeps } from '../../deps';
import type { companyInfoViewSchema } from './schemas';

/**
 * Company information (invoices spec §3, §5, §7): one record, the row with id 1. It supplies the
 * sales tax rate to order forms and the remit-to address to invoices.
 */

export type CompanyInfoView = z.output<typeof companyInfoViewSchema>;

/** The one row's key (the table's CHECK allows no other). */
export const COMPANY_ID = 1;

type CompanyRow = typeof companyInfo.$inferSelect;

function companyView(row: CompanyRow | null): CompanyInfoView {
  const fields = {
    name: row?.name ?? '',
    street: row?.street ?? '',
    city: row?.city ?? '',
    state: row?.state ?? '',
    zip_code: row?.zipCode ?? '',
    phone: row?.phone ?? '',
    fax: row?.fax ?? '',
    email: row?.email ?? '',
    website: row?.website ?? '',
    sales_tax_rate: toMoneyString(row?.salesTaxRate ?? '0'),
    remit_payment_name: row?.remitPaymentName ?? '',
    remit_payment_street: row?.remitPaymentStreet ?? '',
    remit_payment_city: row?.remitPaymentCity ?? '',
    remit_payment_state: row?.remitPaymentState ?? '',
    remit_payment_zip_code: row?.remitPaymentZipCode ?? '',
  };
  return { id: row ? row.id : null, ...fields, weekly_capacity: row?.weeklyCapacity ?? null,
    stock_consumption_status: row?.stockConsumptionStatus ?? DEFAULT_CONSUMPTION_STATUS,
    remit_to: remitToAddress(fields) };
}

/**
 * GET /api/company-info/. Before anyone has saved company information this answers the empty
 * record (id null, every text '', sales_tax_rate '0.00') rather than 404, so the order form can
 * read a tax rate of 0 and the Company Information screen opens on a blank form.
 */
export async function getCompanyInfo(deps: DbDeps): Promise<CompanyInfoView> {
  const [row] = await deps.database.db
    .select()
    .from(companyInfo)
    .where(eq(companyInfo.id, COMPANY_ID))
    .limit(1);
  return companyView(row ?? null);
}

/** POST /api/company-info/: creates or replaces the one record with every field sent. */
export async function saveCompanyInfo(deps: DbDeps, input: CompanyInput): Promise<CompanyInfoView> {
  const parsed = companySchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error));
  const data = parsed.data;
  const values = {
    name: data.name,
    street: data.street,
    city: data.city,
    state: data.state,
    zipCode: data.zip_code,
    phone: data.phone,
    fax: data.fax,
    email: data.email,
    website: data.website,
    salesTaxRate: data.sales_tax_rate,
    remitPaymentName: data.remit_payment_name,
    remitPaymentStreet: data.remit_payment_street,
    remitPaymentCity: data.remit_payment_city,
    remitPaymentState: data.remit_payment_state,
    remitPaymentZipCode: data.remit_payment_zip_code,
    // Not sent: kept (integrators of the older API know nothing of it).
    ...(data.weekly_capacity !== undefined ? { weeklyCapacity: data.weekly_capacity } : {}),
    ...(data.stock_consumption_status !== undefined ? { stockConsumptionStatus: data.stock_consumption_status } : {}),
  };
  // One statement, so two saves at once cannot both try to insert the row.
  const [row] = await deps.database.db
    .insert(companyInfo)
    .values({ id: COMPANY_ID, ...values })
    .onConflictDoUpdate({ target: companyInfo.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return companyView(row!);
}
