import { companySchema } from '@icehouse/domain';
import { defineRoute } from '../../rest/route';
import { companyInfoViewSchema } from './schemas';
import { getCompanyInfo, saveCompanyInfo } from './service';

export const companyRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/company-info/',
    summary: 'The company information (empty record with sales_tax_rate "0.00" until saved), with remit_to',
    tag: 'Company',
    access: 'user',
    response: companyInfoViewSchema,
    handler: ({ deps }) => getCompanyInfo(deps),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/company-info/',
    summary: 'Save the company information (creates or replaces the single record)',
    tag: 'Company',
    access: 'superuser',
    body: companySchema,
    response: companyInfoViewSchema,
    handler: ({ deps, body }) => saveCompanyInfo(deps, body),
  }),
];
