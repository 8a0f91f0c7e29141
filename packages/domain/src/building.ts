import { BUILDING_TYPES, BUILDING_TYPE_LABELS, type BuildingType } from './constants';

/** Building-type rules of the order form (orders spec §4 and §5), shared by form and server. */

/** Building types whose custom products need a size (or custom size) and a thickness. */
export const SIZED_BUILDING_TYPES: readonly BuildingType[] = [
  'FREEZER_COOLER_UNIT',
  'ICE_HOUSE_KIT',
  'PREBUILT_ICE_HOUSE',
];

/** The product selector's value for a custom building. */
export const CUSTOM_PRODUCT = 'custom';

export function isBuildingType(value: unknown): value is BuildingType {
  return typeof value === 'string' && (BUILDING_TYPES as readonly string[]).includes(value);
}

export function buildingTypeLabel(value: string | null | undefined): string {
  return isBuildingType(value) ? BUILDING_TYPE_LABELS[value] : (value ?? '');
}

export function isDoorOnly(buildingType: string | null | undefined): boolean {
  return buildingType === 'DOOR_ONLY';
}

/** Size and thickness are shown, and required, for these types (custom products only). */
export function needsSizeAndThickness(buildingType: string | null | undefined): boolean {
  return isBuildingType(buildingType) && SIZED_BUILDING_TYPES.includes(buildingType);
}

/** The Building Description field is shown for any chosen type except Door Only. */
export function showsBuildingDescription(buildingType: string | null | undefined): boolean {
  return isBuildingType(buildingType) && buildingType !== 'DOOR_ONLY';
}

/** ...and required for all of those except Ice House Kit. */
export function requiresBuildingDescription(buildingType: string | null | undefined): boolean {
  return showsBuildingDescription(buildingType) && buildingType !== 'ICE_HOUSE_KIT';
}

/** The building price field is hidden for a custom Door Only product. */
export function showsBuildingPrice(isCustom: boolean, buildingType: string | null | undefined): boolean {
  return !(isCustom && isDoorOnly(buildingType));
}

/** The door type price is shown and kept only for Door Only buildings (it is priced only then). */
export function keepsDoorTypePrice(buildingType: string | null | undefined): boolean {
  return isDoorOnly(buildingType);
}
