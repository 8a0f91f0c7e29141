import { toDecimal, type MoneyInput } from '@icehouse/domain';
import type { PdfCompany } from '../../pdf';
import type { CompanyInfoView } from '../company/service';

/** What every document the company prints shares: its letterhead, labels and file names. */

/** The letterhead: company information (blank fields are left out of the document). */
export function pdfCompany(company: CompanyInfoView): PdfCompany {
  return {
    name: company.name,
    street: company.street,
    city: company.city,
    state: company.state,
    zip_code: company.zip_code,
    phone: company.phone,
    fax: company.fax,
    email: company.email,
    website: company.website,
  };
}

/** 'Discount (10%)' for a percentage, 'Discount' for an amount. */
export function discountLabel(discount: MoneyInput, isPercentage: boolean): string {
  return isPercentage ? `Discount (${toDecimal(discount).toString()}%)` : 'Discount';
}

/** A file name part made of safe characters only ('INV 10/2' -> 'INV_10_2'). */
export function safeFilenamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'document';
}
