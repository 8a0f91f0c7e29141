import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, MESSAGES, newOrderDefaults } from '@icehouse/domain';
import { displayValue, fieldLabel } from './fieldLabels';
import { newOrderValues, priceOfValues, toFormValues, toSubmission } from './formValues';
import { availableItems, itemsEmptyText } from './sections/ItemsEditor';
import { invoicesListPath } from './sections/OrderHeader';
import { MapsLoadError, addressFromPlace, loadMaps, mapsFailureMessage } from './mapsLoader';
import { printPdf } from './print';
import { sampleOrder } from './testing/sampleOrders';

describe('form values', () => {
  it('starts a new order from the domain defaults', () => {
    const values = newOrderValues('2024-03-05');
    expect(values).toMatchObject({
      status: 'pending',
      date: '2024-03-05',
      door_number: '',
      freight_cost: '0.00',
      discount: '0.00',
      billing_address: { country: 'US' },
      shipping_address: { country: 'US' },
    });
    expect(toFormValues(newOrderDefaults('2024-03-05')).building_info.additional_items).toEqual([]);
  });

  it('reads a saved order, marking a door price that differs from its option as manual', () => {
    const order = sampleOrder(7, {
      ship_via: 2,
      building_info: {
        product: 'custom',
        building_type: 'DOOR_ONLY',
        door_type: 30,
        door_type_price: '900',
        door_cladding: 40,
        door_cladding_price: '125',
        additional_items: [{ item: 80, quantity: 2, price: '165' }],
      },
    });
    const prices: Record<number, string> = { 30: '850.00', 40: '125.00' };
    const values = toFormValues(order, (id) => (id === null ? null : (prices[id] ?? null)));
    expect(values.ship_via).toBe(2);
    expect(values.building_info).toMatchObject({
      product: 'custom',
      door_type_price: '900.00',
      door_type_price_manual: true,
      door_cladding_price: '125.00',
      door_cladding_price_manual: false,
      additional_items: [{ item: 80, custom_item_name: '', quantity: '2', price: '165.00' }],
    });
  });

  it('sends only what the form shows for the building', () => {
    const values = newOrderValues('2024-03-05');
    values.building_info = {
      ...values.building_info,
      product: 1,
      price: '8950.00',
      building_type: 'FREEZER_COOLER_UNIT',
      building_description: 'left over',
      size: 10,
      thickness: 20,
      roof_color: 60,
      door_type: 30,
      door_type_price: '850.00',
      door_cladding: null,
      door_cladding_price: '125.00',
    };
    const sent = toSubmission(values).building_info!;
    expect(sent).toMatchObject({
      product: 1,
      price: '8950.00',
      building_description: '',
      size: null,
      thickness: null,
      roof_color: null,
      door_type: 30,
      door_type_price: null,
      door_cladding_price: null,
    });

    values.building_info = { ...values.building_info, product: 'custom', building_type: 'DOOR_ONLY' };
    expect(toSubmission(values).building_info).toMatchObject({
      price: null,
      door_type_price: '850.00',
      roof_color: 60,
    });
  });

  it('prices the values by the domain rule (spec §9 example)', () => {
    const values = newOrderValues('2024-03-05');
    values.building_info.product = 2;
    values.building_info.price = '1000';
    values.freight_cost = '100';
    values.discount = '10';
    values.discount_is_percentage = true;
    expect(priceOfValues(values, '8.25')).toEqual({
      subtotal: '1100.00',
      discountAmount: '110.00',
      taxAmount: '73.43',
      total: '1063.43',
    });
    values.tax_exempt = true;
    expect(priceOfValues(values, '8.25').total).toBe('990.00');
  });
});

describe('items editor rules', () => {
  const all = [
    { value: 1, label: 'A' },
    { value: 2, label: 'B' },
    { value: 3, label: 'C' },
  ];
  const row = (item: number | null) => ({ item, custom_item_name: '', quantity: '1', price: '' });

  it('offers a row every item not chosen in another row', () => {
    const rows = [row(1), row(null), row(3)];
    expect(availableItems(all, rows, 1).map((o) => o.value)).toEqual([2]);
    expect(availableItems(all, rows, 0).map((o) => o.value)).toEqual([1, 2]);
  });

  it('says why the list is empty', () => {
    expect(itemsEmptyText('str')).toBe(MESSAGES.noMatchingItems);
    expect(itemsEmptyText('')).toBe(MESSAGES.allItemsSelected);
  });
});

describe('labels', () => {
  it('names history and form paths', () => {
    expect(fieldLabel('billing_address.zip_code')).toBe('Billing Address: ZIP Code');
    expect(fieldLabel('building_info.additional_items[1].quantity')).toBe('Additional Item 2: Quantity');
    expect(fieldLabel('building_info.additional_items.0.price')).toBe('Additional Item 1: Price');
    expect(fieldLabel('building_info.door_placement')).toBe('Door Information');
    expect(fieldLabel('door_placement_drawing')).toBe('Door Drawing');
    expect(fieldLabel('notes')).toBe('Order Notes');
    expect(displayValue(null)).toBe('(blank)');
    expect(displayValue({ item: 'Strip Curtain', quantity: 2 })).toBe('Item: Strip Curtain, Quantity: 2');
  });

  it('links the invoices of the customer', () => {
    expect(invoicesListPath('Acme & Sons')).toBe('/invoices?search=Acme%20%26%20Sons');
    expect(invoicesListPath('  ')).toBe('/invoices');
  });
});

describe('maps loader', () => {
  it('does not load without a key and says why', async () => {
    await expect(loadMaps('')).rejects.toEqual(new MapsLoadError('missing-key'));
    expect(mapsFailureMessage('missing-key')).toBe(MESSAGES.mapsKeyMissing);
    expect(mapsFailureMessage('load-timeout')).toBe(MESSAGES.autocompleteLoadFailed);
  });

  it('reads a chosen place into the address fields', () => {
    expect(
      addressFromPlace([
        { long_name: '12', short_name: '12', types: ['street_number'] },
        { long_name: 'Lake Rd', short_name: 'Lake Rd', types: ['route'] },
        { long_name: 'Brainerd', short_name: 'Brainerd', types: ['locality'] },
        { long_name: 'Minnesota', short_name: 'MN', types: ['administrative_area_level_1'] },
        { long_name: '56401', short_name: '56401', types: ['postal_code'] },
        { long_name: '1234', short_name: '1234', types: ['postal_code_suffix'] },
        { long_name: 'United States', short_name: 'US', types: ['country'] },
      ]),
    ).toEqual({ street: '12 Lake Rd', city: 'Brainerd', state: 'MN', zip_code: '56401-1234', country: 'US' });
  });

  it('gives up after 3 retries, waiting 1 s × the attempt between them', async () => {
    vi.useFakeTimers();
    const appended: HTMLScriptElement[] = [];
    const spy = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      appended.push(node as HTMLScriptElement);
      setTimeout(() => (node as HTMLScriptElement).onerror?.(new Event('error')), 10);
      return node;
    });
    const result = loadMaps('key-1').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10 + 1000 + 10 + 2000 + 10 + 3000 + 10);
    expect(await result).toEqual(new MapsLoadError('load-error'));
    expect(appended).toHaveLength(LIMITS.mapsMaxRetries + 1);
    expect(appended[0]!.src).toContain('libraries=places');
    expect(appended[0]!.src).toContain('region=US');
    spy.mockRestore();
    vi.useRealTimers();
  });
});

describe('printPdf', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('removes the hidden frame 300 ms after printing, or after 120 s', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    printPdf(new Blob(['%PDF']));
    const frame = document.querySelector('iframe[title="Print"]') as HTMLIFrameElement;
    expect(frame).not.toBeNull();
    const win = frame.contentWindow!;
    win.print = vi.fn();
    frame.dispatchEvent(new Event('load'));
    expect(win.print).toHaveBeenCalled();
    win.dispatchEvent(new Event('afterprint'));
    vi.advanceTimersByTime(299);
    expect(frame.isConnected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(frame.isConnected).toBe(false);

    printPdf(new Blob(['%PDF']));
    const second = document.querySelector('iframe[title="Print"]') as HTMLIFrameElement;
    vi.advanceTimersByTime(LIMITS.printFrameFallbackMs);
    expect(second.isConnected).toBe(false);
  });
});
