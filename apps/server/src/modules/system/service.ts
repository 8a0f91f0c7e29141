import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { systemStatusSchema } from './schemas';

export type SystemStatus = z.output<typeof systemStatusSchema>;

/** What /healthz tells a caller who is not a signed-in superuser: up or not, nothing about the setup. */
export type PublicSystemStatus = Pick<SystemStatus, 'status'>;

export const APP_VERSION = '0.1.0';

/**
 * Health of the process and its database: for /healthz (the details to superusers only, see
 * docs/decisions/031) and the signed-in status screen.
 */
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

/** The answer of /healthz for this caller: the database kind and the version only for a superuser. */
export function healthAnswer(full: SystemStatus, isSuperuser: boolean): SystemStatus | PublicSystemStatus {
  return isSuperuser ? full : { status: full.status };
}
