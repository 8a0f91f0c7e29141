/**
 * Field errors in the shape Django REST Framework gave them, which integrators already parse:
 *   { door_number: ['Door Number is required'],
 *     billing_address: { name: ['Billing name is required'] },
 *     building_info: { additional_items: [{}, { quantity: ['Quantity must be at least 1'] }] } }
 * Errors about a whole object sit under `non_field_errors`, as DRF does.
 */

export interface FieldErrors {
  [field: string]: FieldErrorValue;
}

/** Messages, a nested object's errors, or one entry per list item ({} for items without errors). */
export type FieldErrorValue = string[] | FieldErrors | FieldErrors[];

export const NON_FIELD_ERRORS = 'non_field_errors';

export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

// An empty list counts as messages (none yet), never as a list of items.
const isMessages = (v: FieldErrorValue | undefined): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const isItemList = (v: FieldErrorValue | undefined): v is FieldErrors[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'object' && x !== null);

function addMessage(node: FieldErrors, key: string, message: string): void {
  const existing = node[key];
  if (existing === undefined) node[key] = [message];
  else if (isItemList(existing)) pushUnique(node, NON_FIELD_ERRORS, message);
  else if (isMessages(existing)) {
    if (!existing.includes(message)) existing.push(message);
  } else pushUnique(existing, NON_FIELD_ERRORS, message);
}

function pushUnique(node: FieldErrors, key: string, message: string): void {
  const existing = node[key];
  if (isMessages(existing)) {
    if (!existing.includes(message)) existing.push(message);
  } else node[key] = [message];
}

function childObject(node: FieldErrors, key: string): FieldErrors {
  const existing = node[key];
  if (existing !== undefined && !Array.isArray(existing)) return existing;
  const child: FieldErrors = {};
  // Messages already on this key move to the new object's non_field_errors.
  if (isMessages(existing) && existing.length > 0) child[NON_FIELD_ERRORS] = [...existing];
  node[key] = child;
  return child;
}

function childItem(node: FieldErrors, key: string, index: number): FieldErrors {
  const existing = node[key];
  let list: FieldErrors[];
  if (isItemList(existing)) list = existing;
  else {
    list = [];
    node[key] = list;
    if (isMessages(existing)) existing.forEach((m) => pushUnique(node, NON_FIELD_ERRORS, m));
  }
  while (list.length <= index) list.push({});
  return list[index] as FieldErrors;
}

function insert(node: FieldErrors, path: readonly PropertyKey[], message: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return pushUnique(node, NON_FIELD_ERRORS, message);
  const key = String(head);
  if (rest.length === 0) return addMessage(node, key, message);
  const [next, ...after] = rest;
  // An item of a list of objects: DRF gives a list with one entry per item.
  if (typeof next === 'number' && after.length > 0) return insert(childItem(node, key, next), after, message);
  // A list of plain values (e.g. order_ids.1) is keyed by index, as DRF's ListField does.
  return insert(childObject(node, key), rest, message);
}

/** Zod issues (or anything with path + message) -> nested DRF-style field errors. */
export function zodIssuesToFieldErrors(error: { readonly issues: readonly IssueLike[] }): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) insert(result, issue.path, issue.message);
  return result;
}

function toPath(path: string | readonly (string | number)[]): (string | number)[] {
  if (typeof path !== 'string') return [...path];
  return path
    .split('.')
    .filter((p) => p !== '')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/**
 * The first message at a path, as the forms show it: 'billing_address.name',
 * 'building_info.additional_items.0.quantity' or ['building_info', 'additional_items', 0, 'quantity'].
 */
export function firstFieldError(
  errors: FieldErrors | null | undefined,
  path: string | readonly (string | number)[],
): string | undefined {
  let node: FieldErrorValue | undefined = errors ?? undefined;
  for (const segment of toPath(path)) {
    if (node === undefined) return undefined;
    if (Array.isArray(node)) {
      if (typeof segment !== 'number') return undefined;
      const item: string | FieldErrors | undefined = node[segment];
      node = typeof item === 'object' ? item : undefined;
    } else {
      node = node[String(segment)];
    }
  }
  if (node === undefined) return undefined;
  if (Array.isArray(node)) return isMessages(node) ? node[0] : undefined;
  const own = node[NON_FIELD_ERRORS];
  return isMessages(own) ? own[0] : undefined;
}

/** Every message with its dotted path, depth first. */
export function listFieldErrors(errors: FieldErrors): { path: string; messages: string[] }[] {
  const out: { path: string; messages: string[] }[] = [];
  const walk = (value: FieldErrorValue, path: string): void => {
    if (isItemList(value)) value.forEach((item, i) => walk(item, `${path}.${i}`));
    else if (Array.isArray(value)) {
      if (value.length > 0) out.push({ path, messages: value as string[] });
    } else {
      for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(errors, '');
  return out;
}

/**
 * One line for an alert: 'field: messages' joined by '. ' (the product form's save failure,
 * invoices spec §8). Messages of one field are joined by a space.
 */
export function summarizeFieldErrors(errors: FieldErrors): string {
  return listFieldErrors(errors)
    .map(({ path, messages }) => `${path}: ${messages.join(' ')}`)
    .join('. ');
}
