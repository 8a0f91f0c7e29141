import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { errorsOf, parseOk } from '../testing/schema';
import { orderSchema } from './order';

const valid = {
  status: 'pending',
  date: '2024-05-01',
  door_number: '1001',
  billing_address: { name: 'Acme Foods' },
  building_info: { product: 3, price: '12000' },
};

const shipped = { eps_po_number: 'EPS-9', ship_date: '2024-06-01', ship_via: { value: 2, label: 'Truck' } };

describe('order schema: a valid order', () => {
  it('parses and normalises', () => {
    const order = parseOk(orderSchema, {
      ...valid,
      door_number: 1001,
      freight_cost: 250.5,
      building_info: {
        product: { value: '3', label: 'Cooler' },
        price: '12000',
        door_cladding: '7',
        additional_items: [{ item: 4, price: '19.9' }],
      },
    });
    expect(order.door_number).toBe('1001');
    expect(order.freight_cost).toBe('250.50');
    expect(order.discount).toBe('0.00');
    expect(order.discount_is_percentage).toBe(false);
    expect(order.tax_exempt).toBe(false);
    expect(order.billing_address.country).toBe('US');
    expect(order.shipping_address).toEqual({
      name: '',
      street: '',
      city: '',
      state: '',
      zip_code: '',
      country: 'US',
    });
    expect(order.building_info).toMatchObject({
      product: 3,
      is_custom: false,
      price: '12000.00',
      door_cladding: 7,
    });
    expect(order.building_info.additional_items).toEqual([
      { item: 4, custom_item_name: '', quantity: 1, price: '19.90' },
    ]);
  });

  it('drops read-only and unknown fields', () => {
    const order = parseOk(orderSchema, {
      ...valid,
      id: 5,
      status_display: 'Pending',
      can_change_status: true,
    });
    expect(order).not.toHaveProperty('id');
    expect(order).not.toHaveProperty('status_display');
  });
});

describe('order schema: required fields', () => {
  it.each([undefined, null, '', '   '])('door number %s -> Door Number is required', (door_number) => {
    expect(errorsOf(orderSchema, { ...valid, door_number }).door_number).toEqual(['Door Number is required']);
  });

  it('requires a date, and a real one', () => {
    expect(errorsOf(orderSchema, { ...valid, date: '' }).date).toEqual(['Date is required']);
    expect(errorsOf(orderSchema, { ...valid, date: undefined }).date).toEqual(['Date is required']);
    expect(errorsOf(orderSchema, { ...valid, date: '2024-02-30' }).date).toEqual([MESSAGES.dateInvalid]);
  });

  it('requires a status, given plainly or as an option', () => {
    expect(errorsOf(orderSchema, { ...valid, status: '' }).status).toEqual(['Status is required']);
    expect(errorsOf(orderSchema, { ...valid, status: undefined }).status).toEqual(['Status is required']);
    expect(errorsOf(orderSchema, { ...valid, status: { value: null } }).status).toEqual([
      'Status is required',
    ]);
    expect(errorsOf(orderSchema, { ...valid, status: 'shipped' }).status).toEqual([MESSAGES.statusInvalid]);
    expect(parseOk(orderSchema, { ...valid, status: { value: 'pending', label: 'Pending' } }).status).toBe(
      'pending',
    );
  });

  it('requires a product', () => {
    expect(errorsOf(orderSchema, { ...valid, building_info: {} })).toEqual({
      building_info: { product: ['Product is required'] },
    });
    expect(errorsOf(orderSchema, { ...valid, building_info: undefined })).toEqual({
      building_info: { product: ['Product is required'] },
    });
  });

  it('requires the billing name but not the shipping name', () => {
    expect(errorsOf(orderSchema, { ...valid, billing_address: { name: ' ' } })).toEqual({
      billing_address: { name: ['Billing name is required'] },
    });
    expect(errorsOf(orderSchema, { ...valid, shipping_address: { name: '' } })).toEqual({});
  });

  it('reports every problem of a blank form at once', () => {
    expect(errorsOf(orderSchema, { status: 'processed' })).toEqual({
      date: ['Date is required'],
      door_number: ['Door Number is required'],
      billing_address: { name: ['Billing name is required'] },
      building_info: { product: ['Product is required'] },
      eps_po_number: ['EPS PO Number is required'],
    });
    expect(MESSAGES.orderValidationFailed).toBe('Validation failed. Please check the required fields.');
  });
});

describe('order schema: status requirements', () => {
  it('pending needs nothing more', () => {
    expect(errorsOf(orderSchema, valid)).toEqual({});
  });

  it('processed needs the EPS PO number', () => {
    expect(errorsOf(orderSchema, { ...valid, status: 'processed' })).toEqual({
      eps_po_number: ['EPS PO Number is required'],
    });
    expect(errorsOf(orderSchema, { ...valid, status: 'processed', eps_po_number: 'EPS-9' })).toEqual({});
  });

  it('scheduled_to_ship also needs ship date and ship via', () => {
    expect(
      errorsOf(orderSchema, { ...valid, status: 'scheduled_to_ship', ship_via: { value: '', label: '' } }),
    ).toEqual({
      eps_po_number: ['EPS PO Number is required'],
      ship_date: ['Ship Date is required'],
      ship_via: ['Shipping Method is required'],
    });
    expect(errorsOf(orderSchema, { ...valid, status: 'scheduled_to_ship', ...shipped })).toEqual({});
  });

  it('completed needs an invoice as well', () => {
    expect(errorsOf(orderSchema, { ...valid, status: 'completed' })).toEqual({
      status: ['Cannot set status to Completed without Invoice'],
      eps_po_number: ['EPS PO Number is required'],
      ship_date: ['Ship Date is required'],
      ship_via: ['Shipping Method is required'],
      has_invoice: ['Invoice is required'],
    });
    expect(errorsOf(orderSchema, { ...valid, status: 'completed', ...shipped, has_invoice: true })).toEqual(
      {},
    );
  });

  it('voided needs nothing, so a pending order can always be voided', () => {
    expect(errorsOf(orderSchema, { ...valid, status: 'voided' })).toEqual({});
  });
});

describe('order schema: custom products', () => {
  const custom = (info: Record<string, unknown>) => ({
    ...valid,
    building_info: { product: 'custom', ...info },
  });

  it('marks the building custom', () => {
    const order = parseOk(orderSchema, custom({ building_type: 'DOOR_ONLY', is_custom: false }));
    expect(order.building_info.product).toBe('custom');
    expect(order.building_info.is_custom).toBe(true);
  });

  it('requires a building type', () => {
    expect(errorsOf(orderSchema, custom({}))).toEqual({
      building_info: { building_type: ['Building Type is required for custom products'] },
    });
    expect(errorsOf(orderSchema, custom({ building_type: 'IGLOO' }))).toEqual({
      building_info: { building_type: [MESSAGES.buildingTypeInvalid] },
    });
  });

  it('a custom door only needs nothing more', () => {
    expect(errorsOf(orderSchema, custom({ building_type: { value: 'DOOR_ONLY' } }))).toEqual({});
  });

  it('freezer/cooler unit needs description, size or custom size, and thickness', () => {
    expect(errorsOf(orderSchema, custom({ building_type: 'FREEZER_COOLER_UNIT' }))).toEqual({
      building_info: {
        building_description: ['Building Description is required for this building type'],
        size: ['Either size or custom size must be provided for this building type'],
        thickness: ['Thickness is required for this building type'],
      },
    });
    const ok = { building_type: 'FREEZER_COOLER_UNIT', building_description: 'Walk-in', thickness: 5 };
    expect(errorsOf(orderSchema, custom({ ...ok, size: 4 }))).toEqual({});
    expect(errorsOf(orderSchema, custom({ ...ok, custom_size: '9x13' }))).toEqual({});
  });

  it('ice house kit needs size and thickness but no description', () => {
    expect(errorsOf(orderSchema, custom({ building_type: 'ICE_HOUSE_KIT' }))).toEqual({
      building_info: {
        size: ['Either size or custom size must be provided for this building type'],
        thickness: ['Thickness is required for this building type'],
      },
    });
  });

  it('prebuilt ice house needs a description too', () => {
    expect(
      errorsOf(orderSchema, custom({ building_type: 'PREBUILT_ICE_HOUSE', size: 1, thickness: 2 })),
    ).toEqual({
      building_info: { building_description: ['Building Description is required for this building type'] },
    });
  });

  it('a catalogue product needs none of these', () => {
    expect(errorsOf(orderSchema, { ...valid, building_info: { product: 3 } })).toEqual({});
  });
});

describe('order schema: prices and quantities', () => {
  const info = (extra: Record<string, unknown>) => ({ ...valid, building_info: { product: 3, ...extra } });

  it.each(['price', 'door_type_price', 'door_cladding_price'])(
    '%s: empty allowed, a number, not negative',
    (field) => {
      expect(parseOk(orderSchema, info({ [field]: '' })).building_info[field as 'price']).toBeNull();
      expect(parseOk(orderSchema, info({ [field]: '12.5' })).building_info[field as 'price']).toBe('12.50');
      expect(errorsOf(orderSchema, info({ [field]: 'abc' }))).toEqual({
        building_info: { [field]: ['Please enter a valid price'] },
      });
      expect(errorsOf(orderSchema, info({ [field]: '-0.01' }))).toEqual({
        building_info: { [field]: ['Price cannot be negative'] },
      });
    },
  );

  it('freight cost follows the price rules, blank meaning 0', () => {
    expect(parseOk(orderSchema, { ...valid, freight_cost: '' }).freight_cost).toBe('0.00');
    expect(errorsOf(orderSchema, { ...valid, freight_cost: '-5' }).freight_cost).toEqual([
      'Price cannot be negative',
    ]);
  });

  it('refuses amounts too large for the database', () => {
    expect(errorsOf(orderSchema, info({ price: '10000000000' }))).toEqual({
      building_info: { price: [MESSAGES.amountTooLarge] },
    });
  });

  it('additional items: whole quantity of at least 1 (default 1), price not negative, an item or a name', () => {
    const items = (rows: unknown[]) => info({ additional_items: rows });
    expect(
      parseOk(orderSchema, items([{ custom_item_name: 'Ramp' }])).building_info.additional_items,
    ).toEqual([{ item: null, custom_item_name: 'Ramp', quantity: 1, price: '0.00' }]);
    expect(
      errorsOf(
        orderSchema,
        items([
          { item: 1, quantity: 0 },
          { item: 2, quantity: 1.5 },
          { item: 3, quantity: '', price: '-1' },
          { quantity: 2 },
          { item: 5, quantity: 'two', price: 'x' },
        ]),
      ),
    ).toEqual({
      building_info: {
        additional_items: [
          { quantity: ['Quantity must be at least 1'] },
          { quantity: [MESSAGES.quantityWhole] },
          { quantity: ['Quantity must be at least 1'], price: ['Price cannot be negative'] },
          { item: [MESSAGES.additionalItemRequired] },
          { quantity: [MESSAGES.quantityInvalid], price: ['Please enter a valid price'] },
        ],
      },
    });
  });
});

describe('order schema: phone, discount, addresses', () => {
  it('phone is optional but must match (XXX) XXX-XXXX', () => {
    expect(errorsOf(orderSchema, { ...valid, phone: '' })).toEqual({});
    expect(errorsOf(orderSchema, { ...valid, phone: '(555) 123-4567' })).toEqual({});
    expect(errorsOf(orderSchema, { ...valid, phone: '555-123-4567' }).phone).toEqual([
      'Invalid phone number format. Use (XXX) XXX-XXXX',
    ]);
  });

  it('discount is not negative, and at most 100 as a percentage', () => {
    expect(errorsOf(orderSchema, { ...valid, discount: '-1' }).discount).toEqual([
      'Discount cannot be negative',
    ]);
    expect(
      errorsOf(orderSchema, { ...valid, discount: '100.01', discount_is_percentage: true }).discount,
    ).toEqual(['Percentage discount cannot be greater than 100%']);
    expect(errorsOf(orderSchema, { ...valid, discount: '100', discount_is_percentage: true })).toEqual({});
    expect(errorsOf(orderSchema, { ...valid, discount: '150', discount_is_percentage: false })).toEqual({});
    expect(errorsOf(orderSchema, { ...valid, discount: 'lots' }).discount).toEqual([
      MESSAGES.discountInvalid,
    ]);
  });

  it('US ZIP is 12345 or 12345-6789', () => {
    const zip = (zip_code: string, country = 'US') => ({ ...valid, shipping_address: { zip_code, country } });
    expect(errorsOf(orderSchema, zip('12345'))).toEqual({});
    expect(errorsOf(orderSchema, zip('12345-6789'))).toEqual({});
    expect(errorsOf(orderSchema, zip(''))).toEqual({});
    expect(errorsOf(orderSchema, zip('1234'))).toEqual({
      shipping_address: { zip_code: [MESSAGES.zipInvalid] },
    });
    expect(errorsOf(orderSchema, zip('12345-67890'))).toEqual({
      shipping_address: { zip_code: [MESSAGES.zipTooLong] },
    });
    expect(errorsOf(orderSchema, zip('ABCDEFGHIJ', 'MX'))).toEqual({});
  });

  it('Canadian postal code looks like A1A 1A1 and is normalised', () => {
    const postal = (zip_code: string) => ({ ...valid, shipping_address: { zip_code, country: 'CA' } });
    expect(parseOk(orderSchema, postal('k1a0b1')).shipping_address.zip_code).toBe('K1A 0B1');
    expect(parseOk(orderSchema, postal('K1A 0B1')).shipping_address.zip_code).toBe('K1A 0B1');
    expect(errorsOf(orderSchema, postal('12345'))).toEqual({
      shipping_address: { zip_code: [MESSAGES.postalCodeInvalid] },
    });
    expect(errorsOf(orderSchema, postal('K1A  0B1 X'))).toEqual({
      shipping_address: { zip_code: [MESSAGES.postalCodeInvalid] },
    });
  });
});
