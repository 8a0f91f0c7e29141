import { router } from './init';
import { systemRouter } from '../modules/system/router';
import { lookupsRouter } from '../modules/lookups/router';
import { authRouter } from '../modules/auth/router';
import { usersRouter } from '../modules/users/router';
import { catalogueRouter } from '../modules/catalogue/router';
import { companyRouter } from '../modules/company/router';
import { ordersRouter } from '../modules/orders/router';
import { invoicesRouter } from '../modules/invoices/router';
import { bolsRouter } from '../modules/bols/router';

export const appRouter = router({
  system: systemRouter,
  lookups: lookupsRouter,
  auth: authRouter,
  users: usersRouter,
  catalogue: catalogueRouter,
  company: companyRouter,
  orders: ordersRouter,
  invoices: invoicesRouter,
  bols: bolsRouter,
});

/** The only thing the web app imports from the server: a type. */
export type AppRouter = typeof appRouter;
