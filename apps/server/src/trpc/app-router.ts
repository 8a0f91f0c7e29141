import { router } from './init';
import { moduleOperations } from '../modules/operations';
import { trpcRecordOf } from '../operations/trpc';
import { ordersRouter } from '../modules/orders/router';

export const appRouter = router({
  ...trpcRecordOf(moduleOperations),
  orders: ordersRouter,
});

/** The only thing the web app imports from the server: a type. */
export type AppRouter = typeof appRouter;
