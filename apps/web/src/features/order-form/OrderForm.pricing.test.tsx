import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calculateOrderPrice, formatMoney, todayIso } from '@icehouse/domain';
import {
  amount,
  button,
  choose,
  combobox,
  group,
  money,
  optionsOf,
  renderOrderForm,
  textbox,
} from './testing/renderOrderForm';
import { createOrderServer } from './testing/fakeOrderServer';

// Whole-form tests drive many react-selects: give them room on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  // The form logs the failures these tests provoke on purpose; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const building = () => screen.getByRole('region', { name: 'Building' });
const items = () => screen.getByRole('region', { name: 'Additional Items' });

async function typeMoney(input: HTMLElement, value: string) {
  await userEvent.clear(input);
  await userEvent.type(input, value);
  await userEvent.tab();
}

/** Clears a select from the keyboard (Backspace on an empty input removes the value). */
async function clearSelect(box: HTMLElement) {
  box.focus();
  await userEvent.keyboard('{Backspace}');
}

describe('OrderForm: a new order', () => {
  it('opens as New Order with today, Pending, US and the next door number', async () => {
    await renderOrderForm({ server: createOrderServer({ nextDoorNumbers: ['1042'] }) });
    expect(screen.getByRole('dialog', { name: 'New Order' })).toBeInTheDocument();
    await waitFor(() => expect(textbox('Door Number')).toHaveValue('1042'));
    expect(screen.getByLabelText(/^Date/)).toHaveValue(todayIso());
    expect(within(screen.getByRole('form')).getByText('Pending')).toBeInTheDocument();
    expect(within(group('Billing Address')).getByText('United States')).toBeInTheDocument();
    expect(within(group('Shipping Address')).getByText('United States')).toBeInTheDocument();
    expect(button('SAVE')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'UPDATE' })).not.toBeInTheDocument();
    expect(screen.getByText('Bill of Lading: Not generated')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Invoice: Not generated/ })).toHaveAttribute('href', '/invoices');
  });
});

describe('OrderForm: totals by the domain rule', () => {
  it('prices building, freight, items, a percent discount and tax as calculateOrderPrice does', async () => {
    // Spec §9 with company tax 8.25%: building 1000, freight 100, 10% discount.
    await renderOrderForm({ server: createOrderServer({ taxRate: '8.25' }) });
    await choose(combobox('Product'), 'Ice House Kit 8x16');
    expect(money('Price', building())).toHaveDisplayValue('1000.00');
    await typeMoney(money('Freight Cost'), '100');
    await typeMoney(money('Discount'), '10');
    await userEvent.click(button('Percent (%)'));

    expect(amount('Subtotal')).toBe('$1,100.00');
    expect(amount('Discount Amount')).toBe('-$110.00');
    // (1000 - 110) × 8.25% = 73.425 -> 73.43; freight is never taxed.
    expect(amount(/^Tax \(/)).toBe('$73.43');
    expect(amount('Total')).toBe('$1,063.43');
    expect(screen.getByLabelText(/^Tax \(/)).toHaveAccessibleName('Tax (8.25%)');

    // Two strip curtains at 165.00.
    await userEvent.click(within(items()).getByRole('button', { name: 'Add Item' }));
    await choose(combobox('Item', group('Item 1')), 'Strip Curtain');
    const quantity = within(group('Item 1')).getByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    expect(within(group('Item 1')).getByLabelText('Amount')).toHaveTextContent('$330.00');

    const expected = calculateOrderPrice({
      buildingPrice: '1000',
      freightCost: '100',
      additionalItemsTotal: '330',
      discount: '10',
      discountIsPercentage: true,
      taxRate: '8.25',
    });
    expect(amount('Subtotal')).toBe(formatMoney(expected.subtotal));
    expect(amount('Discount Amount')).toBe(`-${formatMoney(expected.discountAmount)}`);
    expect(amount(/^Tax \(/)).toBe(formatMoney(expected.taxAmount));
    expect(amount('Total')).toBe(formatMoney(expected.total));
    expect(amount('Total')).toBe('$1,384.93');

    // A fixed discount is an amount; tax exempt charges none.
    await userEvent.click(button('Fixed amount ($)'));
    expect(amount('Discount Amount')).toBe('-$10.00');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tax Exempt' }));
    expect(amount(/^Tax \(/)).toBe('$0.00');
    expect(amount('Total')).toBe('$1,420.00');
  });
});

describe('OrderForm: product', () => {
  it('fills the price from a catalogue product, clears it for custom and when cleared', async () => {
    await renderOrderForm();
    await choose(combobox('Product'), 'Cooler Door Kit');
    expect(money('Price', building())).toHaveDisplayValue('415.60');
    expect(screen.queryByRole('combobox', { name: 'Building Type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Roof Color' })).not.toBeInTheDocument();

    await choose(combobox('Product'), 'Custom');
    expect(money('Price', building())).toHaveDisplayValue('');
    expect(combobox('Building Type')).toBeInTheDocument();
    expect(combobox('Roof Color')).toBeInTheDocument();
    expect(combobox('Siding Color')).toBeInTheDocument();

    await choose(combobox('Product'), 'Walk-in Cooler 8x10');
    expect(money('Price', building())).toHaveDisplayValue('8950.00');
    await clearSelect(combobox('Product'));
    expect(money('Price', building())).toHaveDisplayValue('');
  });

  it('shows description, size and thickness by building type, and hides the price for a custom Door Only', async () => {
    await renderOrderForm();
    await choose(combobox('Product'), 'Custom');

    await choose(combobox('Building Type'), 'Ice House Kit');
    const description = screen.getByRole('textbox', { name: 'Building Description' });
    expect(description).not.toHaveAttribute('aria-required');
    expect(combobox('Size')).toBeInTheDocument();
    expect(combobox('Thickness')).toBeInTheDocument();

    await choose(combobox('Building Type'), 'Freezer/Cooler Unit');
    expect(screen.getByRole('textbox', { name: 'Building Description' })).toHaveAttribute(
      'aria-required',
      'true',
    );

    await choose(combobox('Building Type'), 'Door Only');
    expect(screen.queryByRole('textbox', { name: 'Building Description' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Size' })).not.toBeInTheDocument();
    expect(within(building()).queryByRole('spinbutton', { name: 'Price' })).not.toBeInTheDocument();
  });

  it('takes a typed custom size as well as a size option', async () => {
    await renderOrderForm();
    await choose(combobox('Product'), 'Custom');
    await choose(combobox('Building Type'), 'Prebuilt Ice House');
    await userEvent.type(combobox('Size'), '10x20');
    await userEvent.click(await screen.findByRole('option', { name: 'Use custom size "10x20"' }));
    expect(within(building()).getByText('10x20')).toBeInTheDocument();
    await choose(combobox('Size'), '8x12');
    expect(within(building()).getByText('8x12')).toBeInTheDocument();
    expect(within(building()).queryByText('10x20')).not.toBeInTheDocument();
  });
});

describe('OrderForm: door prices', () => {
  it('follows the door type, turns manual when edited, resets, and clears with the selection', async () => {
    await renderOrderForm();
    await choose(combobox('Product'), 'Custom');
    await choose(combobox('Building Type'), 'Door Only');

    await choose(combobox('Door Type'), 'Standard Swing 36"');
    const price = () => money('Door Type Price');
    expect(price()).toHaveDisplayValue('850.00');
    expect(price()).not.toHaveClass('bg-yellow-50');

    await typeMoney(price(), '900');
    expect(price()).toHaveDisplayValue('900.00');
    expect(price()).toHaveClass('bg-yellow-50');
    expect(price()).toHaveAccessibleDescription('Manual price; the default is $850.00.');

    // A manual price stays when another door type is chosen; the default it differs from follows.
    await choose(combobox('Door Type'), 'Sliding Cooler Door');
    expect(price()).toHaveDisplayValue('900.00');
    expect(price()).toHaveAccessibleDescription('Manual price; the default is $1,650.00.');

    await userEvent.click(button('Reset Door Type Price to $1,650.00'));
    expect(price()).toHaveDisplayValue('1650.00');
    expect(price()).not.toHaveClass('bg-yellow-50');
    expect(screen.queryByRole('button', { name: /^Reset Door Type Price/ })).not.toBeInTheDocument();

    await clearSelect(combobox('Door Type'));
    expect(price()).toHaveDisplayValue('');
    await choose(combobox('Door Type'), 'Standard Swing 36"');
    expect(price()).toHaveDisplayValue('850.00');

    // Counted in the total only for Door Only (8.25% tax on 850).
    expect(amount('Subtotal')).toBe('$850.00');

    // The door type price is shown and kept only for Door Only buildings.
    await choose(combobox('Building Type'), 'Ice House Kit');
    expect(screen.queryByRole('spinbutton', { name: 'Door Type Price' })).not.toBeInTheDocument();
    expect(amount('Subtotal')).toBe('$0.00');
    await choose(combobox('Building Type'), 'Door Only');
    expect(price()).toHaveDisplayValue('850.00');
  });

  it('prices the cladding from its option and clears the price when the cladding is removed', async () => {
    await renderOrderForm();
    await choose(combobox('Product'), 'Walk-in Cooler 8x10');
    expect(screen.queryByRole('spinbutton', { name: 'Door Cladding Price' })).not.toBeInTheDocument();
    await choose(combobox('Door Cladding'), 'Galvalume');
    expect(money('Door Cladding Price')).toHaveDisplayValue('125.00');
    expect(amount('Subtotal')).toBe('$9,075.00');

    await typeMoney(money('Door Cladding Price'), '100');
    expect(money('Door Cladding Price')).toHaveClass('bg-yellow-50');
    await userEvent.click(button('Reset Door Cladding Price to $125.00'));
    expect(money('Door Cladding Price')).toHaveDisplayValue('125.00');

    await clearSelect(combobox('Door Cladding'));
    expect(screen.queryByRole('spinbutton', { name: 'Door Cladding Price' })).not.toBeInTheDocument();
    expect(amount('Subtotal')).toBe('$8,950.00');
    await choose(combobox('Door Cladding'), 'Stainless Steel');
    expect(money('Door Cladding Price')).toHaveDisplayValue('475.00');
  });
});

describe('OrderForm: additional items', () => {
  it('offers only items not chosen in other rows, prices them, and takes a typed custom item at 0', async () => {
    await renderOrderForm();
    const add = () => userEvent.click(within(items()).getByRole('button', { name: 'Add Item' }));
    await add();
    await add();
    await choose(combobox('Item', group('Item 1')), 'Strip Curtain');
    expect(within(group('Item 1')).getByRole('spinbutton', { name: 'Price' })).toHaveDisplayValue('165.00');
    expect(within(group('Item 1')).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);

    expect(await optionsOf(combobox('Item', group('Item 2')))).toEqual([
      'Interior LED Light',
      'Rod Holder Set',
    ]);
    expect(await optionsOf(combobox('Item', group('Item 1')))).toEqual([
      'Strip Curtain',
      'Interior LED Light',
      'Rod Holder Set',
    ]);

    await userEvent.type(combobox('Item', group('Item 2')), 'Bait Bucket');
    await userEvent.click(await screen.findByRole('option', { name: 'Add custom item "Bait Bucket"' }));
    expect(within(group('Item 2')).getByText('Bait Bucket')).toBeInTheDocument();
    expect(within(group('Item 2')).getByRole('spinbutton', { name: 'Price' })).toHaveDisplayValue('0.00');

    await add();
    await choose(combobox('Item', group('Item 3')), 'Interior LED Light');
    await add();
    await choose(combobox('Item', group('Item 4')), 'Rod Holder Set');
    await add();
    const last = combobox('Item', group('Item 5'));
    await userEvent.click(last);
    expect(await screen.findByText('All items have been selected')).toBeInTheDocument();
    await userEvent.type(last, 'Strip Curtain');
    expect(await screen.findByText('No matching items available')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(group('Item 1')).getByRole('button', { name: 'Remove item 1' }));
    expect(await optionsOf(combobox('Item', group('Item 4')))).toEqual(['Strip Curtain']);
  });
});
