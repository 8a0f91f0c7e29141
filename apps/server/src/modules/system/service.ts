import { z } from 'zod';
import type { AppDeps } from '../../deps';

export const systemStatusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['postgres', 'pglite']),
  version: z.string(),
});
export type SystemStatus = z.output<typeof systemStatusSchema>;

export const APP_VERSION = '0.1.0';

/** Health of the process and its database; used by /healthz and the web's status screen. */
export async function getSystemStatus(deps: AppDeps): Promise<SystemStatus> {
  let status: SystemStatus['status'] = 'ok';
  try {
    await deps.database.ping();
  } catch (error) {
    deps.log.warn({ err: error }, 'database ping failed');
    status = 'unavailable';
  }
  return { status, database: deps.database.kind, version: APP_VERSION };
}
