import { describe, expect, it } from 'vitest';
import {
  buildingTypeLabel,
  isDoorOnly,
  keepsDoorTypePrice,
  needsSizeAndThickness,
  requiresBuildingDescription,
  showsBuildingDescription,
  showsBuildingPrice,
} from './building';

describe('building type rules', () => {
  it('labels types', () => {
    expect(buildingTypeLabel('FREEZER_COOLER_UNIT')).toBe('Freezer/Cooler Unit');
    expect(buildingTypeLabel('DOOR_ONLY')).toBe('Door Only');
    expect(buildingTypeLabel(null)).toBe('');
  });

  it('size and thickness for freezer/cooler unit, ice house kit and prebuilt ice house', () => {
    expect(needsSizeAndThickness('FREEZER_COOLER_UNIT')).toBe(true);
    expect(needsSizeAndThickness('ICE_HOUSE_KIT')).toBe(true);
    expect(needsSizeAndThickness('PREBUILT_ICE_HOUSE')).toBe(true);
    expect(needsSizeAndThickness('DOOR_ONLY')).toBe(false);
    expect(needsSizeAndThickness(null)).toBe(false);
  });

  it('shows the description for any type but Door Only, requires it except for Ice House Kit', () => {
    expect(showsBuildingDescription('ICE_HOUSE_KIT')).toBe(true);
    expect(showsBuildingDescription('DOOR_ONLY')).toBe(false);
    expect(showsBuildingDescription(undefined)).toBe(false);
    expect(requiresBuildingDescription('FREEZER_COOLER_UNIT')).toBe(true);
    expect(requiresBuildingDescription('PREBUILT_ICE_HOUSE')).toBe(true);
    expect(requiresBuildingDescription('ICE_HOUSE_KIT')).toBe(false);
    expect(requiresBuildingDescription('DOOR_ONLY')).toBe(false);
  });

  it('hides the price for a custom Door Only product and keeps the door type price only for Door Only', () => {
    expect(showsBuildingPrice(true, 'DOOR_ONLY')).toBe(false);
    expect(showsBuildingPrice(false, 'DOOR_ONLY')).toBe(true);
    expect(showsBuildingPrice(true, 'ICE_HOUSE_KIT')).toBe(true);
    expect(isDoorOnly('DOOR_ONLY')).toBe(true);
    expect(keepsDoorTypePrice('FREEZER_COOLER_UNIT')).toBe(false);
  });
});
