import { router } from './init';
import { moduleOperations } from '../modules/operations';
import { trpcRecordOf } from '../operations/trpc';

/** Every module's procedures, derived from the operations' declarations (src/modules/operations.ts). */
export const appRouter = router(trpcRecordOf(moduleOperations));

/** The only thing the web app imports from the server: a type. */
export type AppRouter = typeof appRouter;
