import { get } from 'react-hook-form';
import { buildingTypeLabel, statusLabel } from '@icehouse/domain';
import { dirtyPaths } from '../live-record/dirtyPaths';
import { displayValue, fieldLabel } from './fieldLabels';
import type { OrderLookups } from './lookups';
import type { OrderFormValues } from './types';

/** One unsaved change, as the stale-save notice lists it. */
export interface UnsavedChange {
  path: string;
  label: string;
  value: string;
}

/** A field's value as staff read it: labels for choices, names for catalogue ids. */
function describe(values: OrderFormValues, path: string, lookups: OrderLookups): string {
  const value: unknown = get(values, path);
  const id = typeof value === 'number' ? value : null;
  if (path === 'status') return statusLabel(String(value));
  if (path === 'building_info.building_type')
    return buildingTypeLabel(String(value ?? '')) || displayValue(value);
  if (path === 'building_info.product' && id !== null)
    return lookups.productById.get(id)?.description ?? String(id);
  if (
    id !== null &&
    (path === 'ship_via' || (path.startsWith('building_info.') && !path.endsWith('quantity')))
  ) {
    return lookups.settingById.get(id)?.value ?? String(id);
  }
  return displayValue(value);
}

/** The user's unsaved changes (form-only flags aside), labelled and described. */
export function unsavedChanges(
  dirtyFields: unknown,
  values: OrderFormValues,
  lookups: OrderLookups,
): UnsavedChange[] {
  return dirtyPaths(dirtyFields)
    .filter((path) => !path.endsWith('_manual'))
    .map((path) => ({ path, label: fieldLabel(path), value: describe(values, path, lookups) }));
}
