import { systemOperations } from './system/operations';
import { lookupsOperations } from './lookups/operations';
import { authOperations } from './auth/operations';
import { usersOperations } from './users/operations';
import { catalogueOperations } from './catalogue/operations';
import { companyOperations } from './company/operations';
import { ordersOperations } from './orders/operations';
import { orderFileOperations } from './order-files/operations';
import { customersOperations } from './customers/operations';
import { invoicesOperations } from './invoices/operations';
import { bolsOperations } from './bols/operations';
import { scheduleOperations } from './schedule/operations';
import { tokensOperations } from './tokens/operations';
import { webhooksOperations } from './webhooks/operations';
import { jobsOperations } from './failed-jobs/operations';
import { documentsOperations } from './documents/operations';
import { emailOperations } from './email/operations';
import { liveOperations } from './live/operations';
import { paymentsOperations } from './payments/operations';
import { reportsOperations } from './reports/operations';
import { productionOperations } from './production/operations';
import { quotesOperations } from './quotes/operations';
import { quoteCustomerOperations } from './quotes/operations';
import { invoiceCustomerOperations } from './invoices/operations';
import { creditOperations } from './credit/operations';
import { depositOperations } from './deposits/operations';
import { customerStatementOperations, statementsOperations } from './statements/operations';
import { stockOperations } from './stock/operations';
import { spreadsheetsOperations } from './spreadsheets/operations';
import { purchasingOperations } from './purchasing/operations';

/** Every module's operations, one line each: the tRPC router, the REST routes and the access test are derived from this. */
export const moduleOperations = {
  system: systemOperations,
  lookups: lookupsOperations,
  auth: authOperations,
  users: usersOperations,
  catalogue: catalogueOperations,
  company: companyOperations,
  orders: { ...ordersOperations, ...orderFileOperations },
  customers: customersOperations,
  invoices: invoicesOperations,
  bols: bolsOperations,
  schedule: scheduleOperations,
  tokens: tokensOperations,
  webhooks: webhooksOperations,
  jobs: jobsOperations,
  documents: documentsOperations,
  email: emailOperations,
  live: liveOperations,
  payments: paymentsOperations,
  reports: reportsOperations,
  production: productionOperations,
  quotes: quotesOperations,
  customerLinks: { ...quoteCustomerOperations, ...invoiceCustomerOperations },
  credit: { ...depositOperations, ...creditOperations },
  statements: statementsOperations,
  customerStatements: customerStatementOperations,
  stock: stockOperations,
  spreadsheets: spreadsheetsOperations,
  purchasing: purchasingOperations,
};
