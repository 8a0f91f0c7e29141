import { router } from './init';
import { moduleOperations } from '../modules/operations';
import { trpcRecordOf } from '../operations/trpc';
import { ordersRouter } from '../modules/orders/router';
import { invoicesRouter } from '../modules/invoices/router';

export const appRouter = router({
  ...trpcRecordOf(moduleOperations),
  orders: ordersRouter,
  invoices: invoicesRouter,
});

/** The only thing the web app imports from the server: a type. */
export type AppRouter = typeof appRouter;
