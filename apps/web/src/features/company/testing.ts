/**
 * Test support: an in-memory stand-in for the server's company procedures (apps/server/src/
 * modules/company), with the same answer shape and the domain's rules. Only tests import this.
 */
import { companySchema, remitToAddress, zodIssuesToFieldErrors } from '@icehouse/domain';
import { TrpcTestError, type TrpcProcedure } from '../../test/fakeFetch';
import { ADMIN, createFakeServer, type FakeServer, type FakeServerOptions } from '../../test/fakeServer';
import type { CompanyInfo } from './types';

const FIELDS = {
  name: 'North Star Ice Houses',
  street: '2150 Industrial Blvd',
  city: 'Pine City',
  state: 'MN',
  zip_code: '55063',
  phone: '(320) 555-0100',
  fax: '(320) 555-0101',
  email: 'orders@northstar.example',
  website: 'https://northstar.example',
  sales_tax_rate: '6.88',
  remit_payment_name: 'North Star AR',
  remit_payment_street: 'PO Box 412',
  remit_payment_city: 'Pine City',
  remit_payment_state: 'MN',
  remit_payment_zip_code: '55063',
  weekly_capacity: null,
  stock_consumption_status: 'processed' as const,
};

export const COMPANY: CompanyInfo = { id: 1, ...FIELDS, remit_to: remitToAddress(FIELDS) };

export interface CompanyServerOptions extends Omit<FakeServerOptions, 'procedures'> {
  company?: CompanyInfo;
  procedures?: Record<string, TrpcProcedure>;
}

/** The fake server (signed in as the admin) with company.get and company.update over `state.company`. */
export function createCompanyServer(
  options: CompanyServerOptions = {},
): FakeServer & { company: { current: CompanyInfo } } {
  const company = { current: { ...(options.company ?? COMPANY) } };
  const procedures: Record<string, TrpcProcedure> = {
    'company.get': () => ({ ...company.current }),
    'company.update': (input) => {
      const parsed = companySchema.safeParse(input);
      if (!parsed.success) {
        throw new TrpcTestError({
          message: 'Validation failed. Please check the required fields.',
          code: 'BAD_REQUEST',
          appCode: 'VALIDATION',
          fieldErrors: zodIssuesToFieldErrors(parsed.error),
        });
      }
      company.current = { id: 1, ...parsed.data, weekly_capacity: parsed.data.weekly_capacity ?? company.current.weekly_capacity, stock_consumption_status: parsed.data.stock_consumption_status ?? company.current.stock_consumption_status, remit_to: remitToAddress(parsed.data) };
      return { ...company.current };
    },
  };
  const server = createFakeServer({
    session: ADMIN,
    ...options,
    procedures: { ...procedures, ...options.procedures },
  });
  return { ...server, company };
}
