import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  firstFieldError,
  listFieldErrors,
  summarizeFieldErrors,
  zodIssuesToFieldErrors,
  type FieldErrors,
} from './fieldErrors';

describe('zodIssuesToFieldErrors', () => {
  it('nests errors the way Django REST Framework does', () => {
    const errors = zodIssuesToFieldErrors({
      issues: [
        { path: ['door_number'], message: 'Door Number is required' },
        { path: ['door_number'], message: 'Door Number is required' },
        { path: ['billing_address', 'name'], message: 'Billing name is required' },
        {
          path: ['building_info', 'additional_items', 1, 'quantity'],
          message: 'Quantity must be at least 1',
        },
        { path: ['order_ids', 2], message: 'Select a valid order' },
        { path: [], message: 'Something is off' },
      ],
    });
    expect(errors).toEqual({
      door_number: ['Door Number is required'],
      billing_address: { name: ['Billing name is required'] },
      building_info: { additional_items: [{}, { quantity: ['Quantity must be at least 1'] }] },
      order_ids: { '2': ['Select a valid order'] },
      non_field_errors: ['Something is off'],
    });
  });

  it('keeps both messages when a field has an error of its own and nested ones', () => {
    const errors = zodIssuesToFieldErrors({
      issues: [
        { path: ['building_info'], message: 'Whole' },
        { path: ['building_info', 'product'], message: 'Product is required' },
        { path: ['items', 0, 'x'], message: 'Item' },
        { path: ['items'], message: 'List' },
      ],
    });
    expect(errors).toEqual({
      building_info: { non_field_errors: ['Whole'], product: ['Product is required'] },
      items: [{ x: ['Item'] }],
      non_field_errors: ['List'],
    });
  });

  it('reads a real ZodError', () => {
    const schema = z.object({
      a: z.string().min(1, 'A is required'),
      b: z.object({ c: z.number({ error: 'C!' }) }),
    });
    const result = schema.safeParse({ a: '', b: {} });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(zodIssuesToFieldErrors(result.error)).toEqual({ a: ['A is required'], b: { c: ['C!'] } });
  });
});

describe('firstFieldError', () => {
  const errors: FieldErrors = {
    door_number: ['First', 'Second'],
    billing_address: { name: ['Billing name is required'], non_field_errors: ['Address'] },
    building_info: { additional_items: [{}, { price: ['Price cannot be negative'] }] },
  };

  it('finds the first message by dotted path or by segments', () => {
    expect(firstFieldError(errors, 'door_number')).toBe('First');
    expect(firstFieldError(errors, 'billing_address.name')).toBe('Billing name is required');
    expect(firstFieldError(errors, 'billing_address')).toBe('Address');
    expect(firstFieldError(errors, 'building_info.additional_items.1.price')).toBe(
      'Price cannot be negative',
    );
    expect(firstFieldError(errors, ['building_info', 'additional_items', 1, 'price'])).toBe(
      'Price cannot be negative',
    );
  });

  it('is undefined where there is nothing', () => {
    expect(firstFieldError(errors, 'building_info.additional_items.0.price')).toBeUndefined();
    expect(firstFieldError(errors, 'building_info.additional_items.5.price')).toBeUndefined();
    expect(firstFieldError(errors, 'nope.deeper')).toBeUndefined();
    expect(firstFieldError(errors, 'building_info.additional_items.x')).toBeUndefined();
    expect(firstFieldError(null, 'door_number')).toBeUndefined();
  });
});

describe('summaries', () => {
  it("flattens into 'field: messages' joined by '. '", () => {
    const errors: FieldErrors = {
      description: ['This field is required.'],
      components: [{}, { quantity: ['Too small', 'Really'] }],
    };
    expect(listFieldErrors(errors)).toEqual([
      { path: 'description', messages: ['This field is required.'] },
      { path: 'components.1.quantity', messages: ['Too small', 'Really'] },
    ]);
    expect(summarizeFieldErrors(errors)).toBe(
      'description: This field is required.. components.1.quantity: Too small Really',
    );
  });
});
