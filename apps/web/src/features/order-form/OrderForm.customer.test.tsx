import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerListRow } from '../customers/types';
import { LAKESIDE, LAKESIDE_DOCK, customerDetailOf, usAddress } from '../customers/testing';
import { button, choose, combobox, group, renderOrderForm, sentTo, textbox } from './testing/renderOrderForm';
import { createOrderServer } from './testing/fakeOrderServer';
import { sampleOrder } from './testing/sampleOrders';

/** The order form's customer picker (type to search, pick fills the addresses, create inline). */

// Whole-form tests drive many react-selects: give them room on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const ACME: CustomerListRow = {
  ...LAKESIDE,
  id: 6,
  name: 'Acme Cold Storage',
  phone: '',
  billing_address: usAddress('Acme Cold Storage', '9 Dock Rd', 'Hudson', 'WI', '54016'),
  default_ship_to: null,
};

/** customers.list and customers.create as the server answers them (search: name contains, any case). */
function customerProcedures(customers: CustomerListRow[]) {
  const searches: string[] = [];
  const created: Record<string, unknown>[] = [];
  return {
    searches,
    created,
    procedures: {
      'customers.get': (input: unknown) => {
        const row = customers.find((c) => c.id === (input as { id: number }).id)!;
        const shipTo = row.default_ship_to ? [row.default_ship_to] : [];
        return customerDetailOf(row, row.id === LAKESIDE.id ? [...shipTo, LAKESIDE_DOCK] : shipTo);
      },
      'customers.list': (input: unknown) => {
        const search = String((input as { search?: string } | undefined)?.search ?? '');
        searches.push(search);
        const results = customers.filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
        return { count: results.length, next: null, previous: null, results };
      },
      'customers.create': (input: unknown) => {
        const body = input as { name: string; phone: string; billing_address: Record<string, string> };
        created.push(body);
        const row: CustomerListRow = {
          ...ACME,
          id: 77,
          name: body.name,
          phone: body.phone,
          billing_address: { ...ACME.billing_address, ...body.billing_address },
        };
        customers.push(row);
        // A customer as the server answers one: the list's default ship-to is not part of it.
        return customerDetailOf(row);
      },
    },
  };
}

const billing = () => group('Billing Address');
const shipping = () => group('Shipping Address');

describe('OrderForm: customer picker', () => {
  it('searches as one types; picking fills the billing and default shipping address, which stay editable', async () => {
    const customers = customerProcedures([LAKESIDE, ACME]);
    const server = createOrderServer({ procedures: customers.procedures });
    const { requests } = await renderOrderForm({ server });

    await userEvent.type(combobox('Customer'), 'lake');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Lakeside Resort'),
    );
    expect(within(listbox).queryByRole('option', { name: 'Acme Cold Storage' })).toBeNull();
    expect(customers.searches).toContain('lake');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Lakeside Resort' }));

    expect(textbox('Name', billing())).toHaveValue('Lakeside Resort');
    expect(textbox('Street', billing())).toHaveValue('1 Shore Dr');
    expect(textbox('City', billing())).toHaveValue('Duluth');
    expect(textbox('ZIP Code', billing())).toHaveValue('55802');
    expect(textbox('Name', shipping())).toHaveValue('Lakeside Cabin 4');
    expect(textbox('Street', shipping())).toHaveValue('44 Pine Rd');
    expect(textbox('City', shipping())).toHaveValue('Superior');
    expect(textbox('Phone')).toHaveValue('(218) 555-0100');

    // The order keeps its own copy: an edit here is the order's, and the customer id goes with it.
    await userEvent.clear(textbox('Street', shipping()));
    await userEvent.type(textbox('Street', shipping()), '46 Pine Rd');
    await choose(combobox('Product'), 'Walk-in Cooler 8x10');
    await userEvent.click(button('SAVE'));
    expect(await screen.findByText('Order created successfully.')).toBeInTheDocument();
    const sent = sentTo(requests, 'orders.create')!;
    expect(sent.customer_id).toBe(5);
    expect(sent.shipping_address).toMatchObject({ name: 'Lakeside Cabin 4', street: '46 Pine Rd' });
    expect(sent.billing_address).toMatchObject({ name: 'Lakeside Resort', street: '1 Shore Dr' });
  });

  it("offers a picked customer's other ship-to addresses; choosing one fills the shipping address", async () => {
    const customers = customerProcedures([LAKESIDE, ACME]);
    const server = createOrderServer({ procedures: customers.procedures });
    const { requests } = await renderOrderForm({ server });
    expect(screen.queryByRole('combobox', { name: 'Ship to' })).toBeNull();

    await userEvent.type(combobox('Customer'), 'lake');
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(await within(listbox).findByRole('option', { name: 'Lakeside Resort' }));
    expect(textbox('Name', shipping())).toHaveValue('Lakeside Cabin 4');

    const shipTo = await screen.findByRole('combobox', { name: 'Ship to' });
    expect(
      within(shipTo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cabin: 44 Pine Rd, Superior (default)', 'Boat dock: 2 Harbor Way, Bayfield']);
    expect(shipTo).toHaveValue('51');
    await userEvent.selectOptions(shipTo, 'Boat dock: 2 Harbor Way, Bayfield');
    expect(textbox('Name', shipping())).toHaveValue('Lakeside Marina');
    expect(textbox('Street', shipping())).toHaveValue('2 Harbor Way');
    expect(textbox('City', shipping())).toHaveValue('Bayfield');
    expect(textbox('ZIP Code', shipping())).toHaveValue('54814');
    expect(shipTo).toHaveValue('52');
    // Typed over, the address is no longer one of the customer's: the choice says so.
    await userEvent.type(textbox('Street', shipping()), ' Unit B');
    expect(shipTo).toHaveValue('');
    await userEvent.selectOptions(shipTo, 'Boat dock: 2 Harbor Way, Bayfield');
    expect(textbox('Street', shipping())).toHaveValue('2 Harbor Way');

    await choose(combobox('Product'), 'Walk-in Cooler 8x10');
    await userEvent.click(button('SAVE'));
    expect(await screen.findByText('Order created successfully.')).toBeInTheDocument();
    expect(sentTo(requests, 'orders.create')!.shipping_address).toMatchObject({
      name: 'Lakeside Marina',
      street: '2 Harbor Way',
      city: 'Bayfield',
      state: 'WI',
      zip_code: '54814',
    });
  });

  it("offers an existing order's customer's ship-to addresses, showing the one its address matches", async () => {
    const customers = customerProcedures([LAKESIDE, ACME]);
    const { id: _id, label: _label, is_default: _default, ...dock } = LAKESIDE_DOCK;
    const order = sampleOrder(7, { billing_address: LAKESIDE.billing_address, shipping_address: dock }, { customer_id: LAKESIDE.id });
    const server = createOrderServer({ orders: [order], procedures: customers.procedures });
    await renderOrderForm({ orderId: 7, server });
    const shipTo = await screen.findByRole('combobox', { name: 'Ship to' });
    expect(shipTo).toHaveValue('52');
    await userEvent.selectOptions(shipTo, 'Cabin: 44 Pine Rd, Superior (default)');
    expect(textbox('Street', shipping())).toHaveValue('44 Pine Rd');
  });

  it('a customer with one ship-to address offers no choice', async () => {
    const customers = customerProcedures([LAKESIDE, { ...ACME, default_ship_to: LAKESIDE.default_ship_to }]);
    await renderOrderForm({ server: createOrderServer({ procedures: customers.procedures }) });
    await userEvent.type(combobox('Customer'), 'acme');
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(await within(listbox).findByRole('option', { name: 'Acme Cold Storage' }));
    await waitFor(() => expect(textbox('Name', shipping())).toHaveValue('Lakeside Cabin 4'));
    expect(screen.queryByRole('combobox', { name: 'Ship to' })).toBeNull();
  });

  it('a customer without a default ship-to leaves the shipping address as typed', async () => {
    const customers = customerProcedures([LAKESIDE, ACME]);
    await renderOrderForm({ server: createOrderServer({ procedures: customers.procedures }) });
    await userEvent.type(textbox('Name', shipping()), 'Job site');
    await userEvent.type(combobox('Customer'), 'acme');
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(await within(listbox).findByRole('option', { name: 'Acme Cold Storage' }));
    expect(textbox('Name', billing())).toHaveValue('Acme Cold Storage');
    expect(textbox('Name', shipping())).toHaveValue('Job site');
  });

  it('"Create customer …" makes one from the typed name and the billing address, and picks it', async () => {
    const customers = customerProcedures([LAKESIDE]);
    const server = createOrderServer({ procedures: customers.procedures });
    const { requests } = await renderOrderForm({ server });
    await userEvent.type(textbox('Street', billing()), '12 Harbor Ln');
    await userEvent.type(textbox('City', billing()), 'Bayfield');

    await userEvent.type(combobox('Customer'), 'Northern Bait');
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(
      await within(listbox).findByRole('option', { name: 'Create customer "Northern Bait"' }),
    );

    await waitFor(() => expect(customers.created).toHaveLength(1));
    expect(customers.created[0]).toMatchObject({
      name: 'Northern Bait',
      billing_address: { name: 'Northern Bait', street: '12 Harbor Ln', city: 'Bayfield' },
    });
    await waitFor(() => expect(textbox('Name', billing())).toHaveValue('Northern Bait'));

    await choose(combobox('Product'), 'Walk-in Cooler 8x10');
    await userEvent.click(button('SAVE'));
    expect(await screen.findByText('Order created successfully.')).toBeInTheDocument();
    expect(sentTo(requests, 'orders.create')!.customer_id).toBe(77);
  });
});
