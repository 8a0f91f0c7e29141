import { isDatabaseUnavailable, isPostgresClosedSocketWrite } from './errors';

/**
 * What the process does with an error nobody caught (main.ts's `uncaughtException` handler):
 * - `replace-pool`: postgres-js threw from its write timer on a connection already gone
 *   (porsager/postgres#1154, #1208); that pool can never send again, so it is replaced.
 * - `carry-on`: a promise failed because the database connection was lost, and nobody awaited it.
 *   The request that owned it has answered already (503), the transaction died with its connection,
 *   and nothing was half written: ending the process would turn a database blip into an outage of
 *   the app, against the rule that the server rides out a lost database by itself. Logged at error.
 * - `fatal`: anything else; logged, then the process ends (a supervisor restarts it).
 */
export type UncaughtVerdict = 'replace-pool' | 'carry-on' | 'fatal';

export function uncaughtVerdict(error: unknown, origin: NodeJS.UncaughtExceptionOrigin): UncaughtVerdict {
  if (isPostgresClosedSocketWrite(error)) return 'replace-pool';
  if (origin === 'unhandledRejection' && isDatabaseUnavailable(error)) return 'carry-on';
  return 'fatal';
}
