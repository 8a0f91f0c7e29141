import { systemOperations } from './system/operations';
import { lookupsOperations } from './lookups/operations';
import { authOperations } from './auth/operations';
import { usersOperations } from './users/operations';
import { catalogueOperations } from './catalogue/operations';
import { companyOperations } from './company/operations';
import { ordersOperations } from './orders/operations';
import { invoicesOperations } from './invoices/operations';
import { bolsOperations } from './bols/operations';

/** Every module's operations, one line each: the tRPC router, the REST routes and the access test are derived from this. */
export const moduleOperations = {
  system: systemOperations,
  lookups: lookupsOperations,
  auth: authOperations,
  users: usersOperations,
  catalogue: catalogueOperations,
  company: companyOperations,
  orders: ordersOperations,
  invoices: invoicesOperations,
  bols: bolsOperations,
};
