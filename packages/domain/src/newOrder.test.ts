import { describe, expect, it } from 'vitest';
import { duplicateOrder, newOrderDefaults } from './newOrder';
import { orderSchema } from './schemas/order';

describe('newOrderDefaults', () => {
  it('starts today, pending, in the US', () => {
    const d = newOrderDefaults('2024-06-01');
    expect(d.date).toBe('2024-06-01');
    expect(d.status).toBe('pending');
    expect(d.billing_address?.country).toBe('US');
    expect(d.shipping_address?.country).toBe('US');
  });

  it('asks for what a new order lacks', () => {
    const r = orderSchema.safeParse(newOrderDefaults('2024-06-01'));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual(
      ['Billing name is required', 'Door Number is required', 'Product is required'].sort(),
    );
  });
});

describe('duplicateOrder', () => {
  it('copies an order as a new pending one with a fresh door number, no documents and no ids', () => {
    const original = {
      id: 41,
      status: 'completed',
      door_number: '1001',
      has_invoice: true,
      has_bol: true,
      invoice_number: 'INV-7',
      bol_number: 'BOL-3',
      blueprint: '/files/1',
      blueprint_filename: 'plan.pdf',
      door_placement_drawing: '/files/2',
      door_placement_filename: 'door.pdf',
      invoice_details: { id: 9, invoice_number: 'INV-7', date: '2024-01-01' },
      bill_of_lading_details: { bill_of_lading_number: 'BOL-3', date: '2024-01-01' },
      notes: 'Keep me',
      billing_address: { id: 5, name: 'Acme' },
      building_info: {
        id: 8,
        order: 41,
        product: 2,
        additional_items: [{ id: 1, item: 4, quantity: 2, price: '5.00' }],
      },
    };
    const copy = duplicateOrder(original, '1002');
    expect(copy).toEqual({
      status: 'pending',
      door_number: '1002',
      has_invoice: false,
      has_bol: false,
      invoice_number: '',
      bol_number: null,
      blueprint: null,
      blueprint_filename: null,
      door_placement_drawing: null,
      door_placement_filename: null,
      invoice_details: null,
      bill_of_lading_details: null,
      notes: 'Keep me',
      billing_address: { name: 'Acme' },
      building_info: { product: 2, additional_items: [{ item: 4, quantity: 2, price: '5.00' }] },
    });
    expect(original.id).toBe(41);
    expect(original.building_info.additional_items[0]?.id).toBe(1);
  });
});
