import { eq } from 'drizzle-orm';
import type { EmailSettings } from '@icehouse/domain';
import { companyInfo } from '@icehouse/db/schema';
import type { DbDeps } from '../../deps';
import { getCompanyInfo } from '../company/service';

/** The email settings (kept on Company Information's row), read by the service and by the send job. */
export const COMPANY_ID = 1;

export async function getEmailSettings(deps: DbDeps): Promise<EmailSettings> {
  const [row] = await deps.database.db
    .select()
    .from(companyInfo)
    .where(eq(companyInfo.id, COMPANY_ID))
    .limit(1);
  const defaults = companyInfo;
  return {
    email_from: row?.emailFrom ?? '',
    invoice_email_subject: row?.invoiceEmailSubject ?? String(defaults.invoiceEmailSubject.default),
    invoice_email_body: row?.invoiceEmailBody ?? String(defaults.invoiceEmailBody.default),
    bol_email_subject: row?.bolEmailSubject ?? String(defaults.bolEmailSubject.default),
    bol_email_body: row?.bolEmailBody ?? String(defaults.bolEmailBody.default),
  };
}

/** The From address: Company Information's email From, else the company email. */
export async function fromAddress(deps: DbDeps): Promise<string> {
  const [settings, company] = await Promise.all([getEmailSettings(deps), getCompanyInfo(deps)]);
  const address = settings.email_from || company.email;
  if (!address) return '';
  return company.name ? `"${company.name.replace(/["\\]/g, '')}" <${address}>` : address;
}
