import { NON_FIELD_ERRORS } from '@icehouse/domain';
import { ORDER_MESSAGES, staleOrderError, validationError } from './validation';
import { updateOrderFrom } from './order-write';
import type { OrderView } from './views';
import type { ChangeDeps } from '../../deps';
import type { Actor } from './service-common';

/**
 * PATCH /api/orders/{id}/ (decision 133): a partial update. The fields sent are laid over the order as
 * GET answers it (the nested billing_address, shipping_address and building_info field by field; a list
 * such as building_info.additional_items whole), and the result is saved by the PUT's own save (in its transaction):
 * the same validation, transaction, history entry, event and webhook, and the same 409 on a stale
 * version. Fields not sent keep their stored values; read-only fields are ignored as on PUT.
 */

/** The version the client read: in the body (`version`) or in `If-Match` (`"3"`, `W/"3"` or `3`). */
export interface PatchVersion {
  /** What `If-Match` named: a version, or 'invalid' when it named none; undefined when not sent. */
  ifMatch?: number | 'invalid' | undefined;
}

const NESTED = ['billing_address', 'shipping_address', 'building_info'] as const;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body's `version` as PUT reads it: null when absent, 'invalid' when not a whole number >= 1. */
function bodyVersion(v: unknown): number | null | 'invalid' {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : 'invalid';
}

function resolveVersion(patch: Record<string, unknown>, { ifMatch }: PatchVersion): number {
  const inBody = bodyVersion(patch.version);
  const refuse = (message: string) => validationError([{ path: ['version'], message }]);
  if (inBody === 'invalid' || ifMatch === 'invalid') throw refuse(ORDER_MESSAGES.versionInvalid);
  if (inBody !== null && ifMatch !== undefined && inBody !== ifMatch) throw refuse(ORDER_MESSAGES.versionMismatch);
  const version = inBody ?? ifMatch;
  if (version === undefined || version === null) throw refuse(ORDER_MESSAGES.versionRequired);
  return version;
}

/** The order as GET answers it with the patch laid over it: the body a PUT of the same change would send. */
export function mergeOrderPatch(current: OrderView, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current, ...patch };
  for (const key of NESTED) {
    const stored = (current as Record<string, unknown>)[key];
    if (isPlainObject(patch[key]) && isPlainObject(stored)) merged[key] = { ...stored, ...patch[key] };
  }
  return merged;
}

export async function patchOrder(deps: ChangeDeps, actor: Actor, id: number, patch: unknown, options: PatchVersion = {}): Promise<OrderView> {
  if (!isPlainObject(patch)) throw validationError([{ path: [NON_FIELD_ERRORS], message: ORDER_MESSAGES.notAnObject }]);
  const version = resolveVersion(patch, options);
  // Laid over the order as the save's transaction reads it; over anything but the version read, the
  // merge would write back someone else's change.
  return updateOrderFrom(deps, actor, id, (current) => {
    if (current.version !== version) throw staleOrderError();
    return { ...mergeOrderPatch(current, patch), version };
  });
}
