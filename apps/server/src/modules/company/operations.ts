import { accountingSettingsSchema, companySchema } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { companyInfoViewSchema, sellerContactAnswer } from './schemas';
import { getCompanyInfo, saveCompanyInfo } from './service';
import { getAccountingSettings, saveAccountingSettings } from './accounting-settings';

const TAG = 'Company';

export const companyOperations = operationSet('company', {
  /**
   * The seller's name, phone and email for a customer-link page, whatever its link (a page whose link no longer
   * works names whom to ask for a new one). Public, REST only: the letterhead of every document prints them anyway.
   */
  seller: defineOperation({
    kind: 'query',
    access: 'public',
    output: sellerContactAnswer,
    trpc: false,
    run: async ({ deps }) => {
      const company = await getCompanyInfo(deps);
      return { name: company.name, phone: company.phone, email: company.email };
    },
    rest: {
      method: 'GET',
      path: '/api/customer/seller/',
      summary: "How a customer reaches the seller, for the customer-link pages: Company Information's name, phone and email ('' when not set).",
      tag: 'Customer links',
    },
  }),
  get: defineOperation({
    kind: 'query',
    access: 'signedIn',
    output: companyInfoViewSchema,
    run: ({ deps }) => getCompanyInfo(deps),
    rest: {
      method: 'GET',
      path: '/api/company-info/',
      summary: 'The company information (empty record with sales_tax_rate "0.00" until saved), with remit_to',
      tag: TAG,
    },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: companySchema,
    output: companyInfoViewSchema,
    run: ({ deps, input }) => saveCompanyInfo(deps, input),
    rest: {
      method: 'POST',
      path: '/api/company-info/',
      summary: 'Save the company information (creates or replaces the single record)',
      tag: TAG,
      body: true,
    },
  }),
  accounting: defineOperation({
    kind: 'query',
    access: 'books',
    output: accountingSettingsSchema,
    run: ({ deps }) => getAccountingSettings(deps),
    rest: {
      method: 'GET',
      path: '/api/company-info/accounting/',
      summary:
        "The accountant export's account names (QuickBooks) and Xero account code and tax rate names; " +
        "QuickBooks' and Xero's standard names until saved",
      tag: TAG,
    },
  }),
  saveAccounting: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: accountingSettingsSchema,
    output: accountingSettingsSchema,
    run: ({ deps, input }) => saveAccountingSettings(deps, input),
    rest: {
      method: 'POST',
      path: '/api/company-info/accounting/',
      summary:
        "Save the accountant export's account names (every one required, one line, at most 100 characters)",
      tag: TAG,
      body: true,
    },
  }),
});
