import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DROPDOWN_TEXT, MESSAGES } from '@icehouse/domain';
import { TrpcTestError } from '../../test/fakeFetch';
import {
  button,
  called,
  choose,
  combobox,
  group,
  renderOrderForm,
  sentTo,
  textbox,
} from './testing/renderOrderForm';
import { createOrderServer } from './testing/fakeOrderServer';
import { sampleOrder } from './testing/sampleOrders';

// Whole-form tests drive many react-selects: give them room on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  // The form logs the failures these tests provoke on purpose; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const billing = () => group('Billing Address');

async function fillMinimalOrder() {
  await userEvent.type(textbox('Name', billing()), 'Lakeside Resort');
  await choose(combobox('Product'), 'Walk-in Cooler 8x10');
}

describe('OrderForm: validation (domain orderSchema, spec §5)', () => {
  it('blocks the save, says so, and shows each message on its field', async () => {
    const { requests } = await renderOrderForm();
    await waitFor(() => expect(textbox('Door Number')).toHaveValue('1042'));
    await userEvent.click(button('SAVE'));

    expect(await screen.findByText(MESSAGES.orderValidationFailed)).toBeInTheDocument();
    expect(combobox('Product')).toHaveAccessibleDescription(MESSAGES.productRequired);
    expect(textbox('Name', billing())).toHaveAccessibleDescription(MESSAGES.billingNameRequired);
    expect(called(requests, 'orders.create')).toBe(false);

    // Fixing a field clears its message as the user types.
    await userEvent.type(textbox('Name', billing()), 'Lakeside Resort');
    expect(textbox('Name', billing())).not.toHaveAccessibleDescription(MESSAGES.billingNameRequired);
  });

  it('requires the fields of each status, and marks them', async () => {
    await renderOrderForm();
    await fillMinimalOrder();
    expect(combobox('Ship Via')).not.toHaveAttribute('aria-required');

    await choose(combobox('Status'), 'Processed');
    await userEvent.click(button('SAVE'));
    expect(await screen.findByText(MESSAGES.orderValidationFailed)).toBeInTheDocument();
    expect(textbox('EPS PO Number')).toHaveAccessibleDescription(MESSAGES.epsPoNumberRequired);
    expect(combobox('Ship Via')).not.toHaveAccessibleDescription(MESSAGES.shippingMethodRequired);

    await choose(combobox('Status'), 'Scheduled to Ship');
    expect(combobox('Ship Via')).toHaveAttribute('aria-required', 'true');
    expect(await screen.findByText(MESSAGES.shippingMethodRequired)).toBeInTheDocument();
    expect(combobox('Ship Via')).toHaveAccessibleDescription(MESSAGES.shippingMethodRequired);
    expect(screen.getByLabelText(/^Ship Date/)).toHaveAccessibleDescription(MESSAGES.shipDateRequired);

    await choose(combobox('Status'), 'Pending');
    await waitFor(() =>
      expect(textbox('EPS PO Number')).not.toHaveAccessibleDescription(MESSAGES.epsPoNumberRequired),
    );
    expect(combobox('Ship Via')).not.toHaveAttribute('aria-required');
  });

  it('offers Completed only to an order with an invoice, saying why', async () => {
    await renderOrderForm();
    await userEvent.click(combobox('Status'));
    const completed = await screen.findByRole('option', { name: /^Completed/ });
    expect(completed).toHaveAttribute('aria-disabled', 'true');
    expect(completed).toHaveTextContent(MESSAGES.missingInvoiceDocument);
    await userEvent.click(completed);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(within(screen.getByRole('form')).getByText('Pending')).toBeInTheDocument();
  });

  it('checks a custom building by its type', async () => {
    await renderOrderForm();
    await userEvent.type(textbox('Name', billing()), 'Lakeside Resort');
    await choose(combobox('Product'), 'Custom');
    await userEvent.click(button('SAVE'));
    expect(await screen.findByText(MESSAGES.buildingTypeRequiredForCustom)).toBeInTheDocument();

    await choose(combobox('Building Type'), 'Freezer/Cooler Unit');
    expect(await screen.findByText(MESSAGES.buildingDescriptionRequired)).toBeInTheDocument();
    expect(combobox('Size')).toHaveAccessibleDescription(
      `${MESSAGES.sizeRequired} Choose a size or type a custom one.`,
    );
    expect(combobox('Thickness')).toHaveAccessibleDescription(MESSAGES.thicknessRequired);

    // Ice House Kit shows the description but does not require it; its error goes.
    await choose(combobox('Building Type'), 'Ice House Kit');
    await waitFor(() =>
      expect(screen.queryByText(MESSAGES.buildingDescriptionRequired)).not.toBeInTheDocument(),
    );
    await choose(combobox('Building Type'), 'Door Only');
    await waitFor(() => expect(screen.queryByText(MESSAGES.sizeRequired)).not.toBeInTheDocument());
  });

  it('clears the size error as soon as a custom size is chosen, before the next SAVE', async () => {
    await renderOrderForm();
    await userEvent.type(textbox('Name', billing()), 'Lakeside Resort');
    await choose(combobox('Product'), 'Custom');
    await choose(combobox('Building Type'), 'Freezer/Cooler Unit');
    await userEvent.click(button('SAVE'));
    expect(await screen.findByText(MESSAGES.sizeRequired)).toBeInTheDocument();

    await userEvent.type(combobox('Size'), '9x14');
    await userEvent.click(await screen.findByRole('option', { name: 'Use custom size "9x14"' }));
    expect(within(screen.getByRole('form')).getByText('9x14')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MESSAGES.sizeRequired)).not.toBeInTheDocument());
    expect(combobox('Size')).toHaveAccessibleDescription('Choose a size or type a custom one.');
    // The other rules still hold where they are not met.
    expect(combobox('Thickness')).toHaveAccessibleDescription(MESSAGES.thicknessRequired);
  });

  it("clears an item's error as soon as a custom item name is given", async () => {
    await renderOrderForm();
    await fillMinimalOrder();
    const items = screen.getByRole('region', { name: 'Additional Items' });
    await userEvent.click(within(items).getByRole('button', { name: 'Add Item' }));
    await userEvent.click(button('SAVE'));
    expect(await screen.findByText(MESSAGES.additionalItemRequired)).toBeInTheDocument();

    await userEvent.type(combobox('Item', group('Item 1')), 'Ice auger');
    await userEvent.click(await screen.findByRole('option', { name: 'Add custom item "Ice auger"' }));
    await waitFor(() => expect(screen.queryByText(MESSAGES.additionalItemRequired)).not.toBeInTheDocument());
  });

  it('formats the phone as typed, keeps 10 digits, and refuses a partial number', async () => {
    await renderOrderForm();
    const phone = textbox('Phone');
    await userEvent.type(phone, '320555010099');
    expect(phone).toHaveValue('(320) 555-0100');
    await userEvent.clear(phone);
    await userEvent.type(phone, '320');
    expect(phone).toHaveValue('(320');
    await userEvent.click(button('SAVE'));
    expect(await screen.findByText(MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(`${MESSAGES.phoneInvalid} ${MESSAGES.phoneHint}`);
  });

  it('refuses a negative price and a percent discount over 100', async () => {
    await renderOrderForm();
    await fillMinimalOrder();
    const discount = screen.getByRole('spinbutton', { name: 'Discount' });
    await userEvent.clear(discount);
    await userEvent.type(discount, '150');
    await userEvent.click(button('Percent (%)'));
    await userEvent.click(button('SAVE'));
    expect(await screen.findByText(MESSAGES.discountPercentMax)).toBeInTheDocument();
    await userEvent.click(button('Fixed amount ($)'));
    await waitFor(() => expect(screen.queryByText(MESSAGES.discountPercentMax)).not.toBeInTheDocument());

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Freight Cost' }), { target: { value: '-5' } });
    await userEvent.click(button('SAVE'));
    expect(await screen.findByText(MESSAGES.priceNegative)).toBeInTheDocument();
  });
});

describe('OrderForm: addresses', () => {
  it("shows an empty State as 'Select...', with nothing to clear", async () => {
    await renderOrderForm();
    for (const address of [billing(), group('Shipping Address')]) {
      await within(address).findByRole('combobox', { name: 'State' });
      const field = within(address).getByText('State', { selector: 'label' }).parentElement!;
      expect(within(field).getByText(DROPDOWN_TEXT.placeholder)).toBeInTheDocument();
      // Only the menu's arrow: no clear (×) for a value that is not there.
      expect(field.querySelectorAll('svg')).toHaveLength(1);
    }
    await choose(combobox('State', billing()), 'Minnesota');
    const field = within(billing()).getByText('State', { selector: 'label' }).parentElement!;
    expect(within(field).queryByText(DROPDOWN_TEXT.placeholder)).not.toBeInTheDocument();
    expect(field.querySelectorAll('svg')).toHaveLength(2);
  });

  it('clears the state when the country changes, and shapes a Canadian postal code', async () => {
    await renderOrderForm();
    await choose(await within(billing()).findByRole('combobox', { name: 'State' }), 'Minnesota');
    expect(within(billing()).getByText('Minnesota')).toBeInTheDocument();

    await choose(combobox('Country', billing()), 'Canada');
    expect(within(billing()).queryByText('Minnesota')).not.toBeInTheDocument();
    const postal = textbox('Postal Code', billing());
    expect(postal).toHaveAttribute('maxLength', '7');
    await userEvent.type(postal, 'k1a0b1');
    expect(postal).toHaveValue('K1A 0B1');
    await choose(await within(billing()).findByRole('combobox', { name: 'Province' }), 'Ontario');

    await choose(combobox('Country', billing()), 'United States');
    expect(within(billing()).queryByText('Ontario')).not.toBeInTheDocument();
    expect(textbox('ZIP Code', billing())).toHaveAttribute('maxLength', '10');
  });

  it('says the address search needs street and city, and autocomplete is off without a maps key', async () => {
    await renderOrderForm();
    expect(
      within(billing()).getByText(`${MESSAGES.autocompleteDisabled}: ${MESSAGES.mapsKeyMissing}`),
    ).toBeInTheDocument();
    await userEvent.click(within(billing()).getByRole('button', { name: 'Search Address' }));
    expect(within(billing()).getByRole('alert')).toHaveTextContent(MESSAGES.addressSearchNeedsStreetCity);
  });

  it('copies the billing address into the shipping address', async () => {
    await renderOrderForm();
    await userEvent.type(textbox('Name', billing()), 'Lakeside Resort');
    await userEvent.type(textbox('City', billing()), 'Brainerd');
    await userEvent.click(
      within(group('Shipping Address')).getByRole('button', { name: 'Copy Billing Address' }),
    );
    expect(textbox('Name', group('Shipping Address'))).toHaveValue('Lakeside Resort');
    expect(textbox('City', group('Shipping Address'))).toHaveValue('Brainerd');
  });
});

describe('OrderForm: the server refuses a save', () => {
  it('shows the server field errors on their fields and keeps what was typed', async () => {
    const server = createOrderServer({
      procedures: {
        'orders.create': () => {
          throw new TrpcTestError({
            message: MESSAGES.orderValidationFailed,
            code: 'BAD_REQUEST',
            appCode: 'VALIDATION',
            fieldErrors: {
              door_number: ['An order with this door number already exists.', 'Second.'],
              building_info: { additional_items: [{}, { quantity: ['Too many.'] }] },
              version: ['Version is required.'],
            },
          });
        },
      },
    });
    await renderOrderForm({ server });
    await fillMinimalOrder();
    await userEvent.click(button('SAVE'));
    expect(
      await screen.findByText(
        'Validation failed. Please check the required fields. Too many. Version is required.',
      ),
    ).toBeInTheDocument();
    expect(textbox('Door Number')).toHaveAccessibleDescription(
      'An order with this door number already exists.',
    );
    expect(textbox('Name', billing())).toHaveValue('Lakeside Resort');
  });

  it('explains a stale save, lists the typed changes, and reloads the latest keeping them', async () => {
    const order = sampleOrder(7);
    const server = createOrderServer({ orders: [order] });
    const { requests } = await renderOrderForm({ orderId: 7, server });
    // Someone else saves first.
    server.state.orders.set(7, { ...order, eps_po_number: 'EPS-900', version: 2 });

    await userEvent.type(screen.getByRole('textbox', { name: 'Order Notes' }), 'Call before delivery');
    await userEvent.click(button('UPDATE'));
    const alert = await screen.findByText(/This order was changed by someone else/);
    expect(alert).toBeInTheDocument();
    const changes = screen.getByRole('list', { name: 'Your changes' });
    expect(within(changes).getByText('Order Notes: Call before delivery')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Order Notes' })).toHaveValue('Call before delivery');

    await userEvent.click(button('Reload Latest Version'));
    await waitFor(() => expect(textbox('EPS PO Number')).toHaveValue('EPS-900'));
    expect(screen.getByRole('textbox', { name: 'Order Notes' })).toHaveValue('Call before delivery');
    expect(
      screen.getByText(/Loaded the latest version\. Your changes are kept \(Order Notes\)/),
    ).toBeInTheDocument();

    await userEvent.click(button('UPDATE'));
    expect(await screen.findByText('Order updated successfully.')).toBeInTheDocument();
    const sent = sentTo(requests, 'orders.update');
    expect(sent?.id).toBe(7);
    expect(sent?.data).toMatchObject({ version: 2, notes: 'Call before delivery', eps_po_number: 'EPS-900' });
  });
});
