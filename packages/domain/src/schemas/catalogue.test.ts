import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { errorsOf, parseOk } from '../testing/schema';
import { componentSchema } from './component';
import { productSchema } from './product';
import { settingSchema } from './setting';

describe('component schema', () => {
  it('normalises a valid component', () => {
    expect(parseOk(componentSchema, { name: ' Hinge ', cost: 12.5, markup: '30' })).toEqual({
      name: 'Hinge',
      cost: '12.50',
      markup: '30.00',
    });
  });

  it('requires a name, and cost and markup of at least 0', () => {
    expect(errorsOf(componentSchema, { name: '', cost: '-1', markup: '-0.5' })).toEqual({
      name: ['Name is required'],
      cost: ['Cost must be positive'],
      markup: ['Markup must be positive'],
    });
    expect(errorsOf(componentSchema, { name: 'x', cost: '0', markup: '0' })).toEqual({});
  });

  it('requires cost and markup to be given numbers', () => {
    expect(errorsOf(componentSchema, { name: 'x' })).toEqual({
      cost: [MESSAGES.costRequired],
      markup: [MESSAGES.markupRequired],
    });
    expect(errorsOf(componentSchema, { name: 'x', cost: 'abc', markup: 'lots' })).toEqual({
      cost: [MESSAGES.costInvalid],
      markup: [MESSAGES.markupInvalid],
    });
  });
});

describe('product schema', () => {
  it('a simple product needs a price above 0', () => {
    const simple = { description: 'Standard door', building_type: 'DOOR_ONLY', is_simple: true };
    expect(parseOk(productSchema, { ...simple, price: '1499' })).toEqual({
      ...simple,
      price: '1499.00',
      components: [],
    });
    expect(errorsOf(productSchema, simple)).toEqual({ price: ['Simple products must have a valid price'] });
    expect(errorsOf(productSchema, { ...simple, price: 'abc' })).toEqual({
      price: ['Simple products must have a valid price'],
    });
    expect(errorsOf(productSchema, { ...simple, price: '0' })).toEqual({
      price: ['Price must be greater than 0'],
    });
    expect(errorsOf(productSchema, { ...simple, price: '-3' })).toEqual({
      price: ['Price must be greater than 0'],
    });
    expect(errorsOf(productSchema, { ...simple, price: '0.01' })).toEqual({});
  });

  it('requires description and building type', () => {
    expect(errorsOf(productSchema, { is_simple: true, price: 5 })).toEqual({
      description: [MESSAGES.descriptionRequired],
      building_type: ['Building Type is required'],
    });
    expect(
      errorsOf(productSchema, { description: 'x', building_type: 'IGLOO', is_simple: true, price: 5 }),
    ).toEqual({
      building_type: [MESSAGES.buildingTypeInvalid],
    });
  });

  it('a component product needs at least one component, each chosen once with quantity >= 1', () => {
    const base = { description: 'Cooler 8x10', building_type: 'FREEZER_COOLER_UNIT', is_simple: false };
    expect(errorsOf(productSchema, base)).toEqual({
      components: ['Component products must have at least one component'],
    });
    expect(
      errorsOf(productSchema, {
        ...base,
        components: [
          { component: 1, quantity: 2 },
          { component: null, quantity: 1 },
          { component: 3, quantity: 0 },
          { component: '1', quantity: 1 },
        ],
      }),
    ).toEqual({
      components: [
        {},
        { component: ['Component selection is required'] },
        { quantity: ['Quantity must be at least 1'] },
        { component: [MESSAGES.componentDuplicate] },
      ],
    });
  });

  it("drops a component product's own price: it is calculated", () => {
    const product = parseOk(productSchema, {
      description: 'Cooler',
      building_type: 'FREEZER_COOLER_UNIT',
      is_simple: false,
      price: 'whatever',
      components: [{ component: { value: 4, label: 'Panel' }, quantity: '3', component_name: 'Panel' }],
    });
    expect(product.price).toBeNull();
    expect(product.components).toEqual([{ component: 4, quantity: 3 }]);
  });
});

describe('setting schema', () => {
  it('requires category, value and price', () => {
    expect(errorsOf(settingSchema, {})).toEqual({
      category: [MESSAGES.categoryRequired],
      value: [MESSAGES.valueRequired],
      price: [MESSAGES.priceRequired],
    });
  });

  it('price at least 0; category from the known list', () => {
    expect(errorsOf(settingSchema, { category: 'colour', value: 'Red', price: '-1' })).toEqual({
      category: [MESSAGES.categoryInvalid],
      price: ['Price cannot be negative'],
    });
    expect(parseOk(settingSchema, { category: 'roof_color', value: 'Red', price: 0 })).toEqual({
      category: 'roof_color',
      value: 'Red',
      price: '0.00',
    });
  });
});
