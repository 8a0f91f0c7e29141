import { companySchema } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { companyInfoViewSchema } from './schemas';
import { getCompanyInfo, saveCompanyInfo } from './service';

const TAG = 'Company';

export const companyOperations = operationSet('company', {
  get: defineOperation({
    kind: 'query',
    access: 'user',
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
    access: 'superuser',
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
});
