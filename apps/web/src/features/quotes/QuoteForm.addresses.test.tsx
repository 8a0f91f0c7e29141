import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { MESSAGES } from '@icehouse/domain';
import { renderWithServer } from '../../test/render';
import { LAKESIDE, LAKESIDE_DOCK, customerDetailOf } from '../customers/testing';
import { createOrderServer } from '../order-form/testing/fakeOrderServer';
import { choose, combobox, textbox } from '../order-form/testing/renderOrderForm';
import { QuoteEditorPage } from './QuoteEditorPage';

/** The quote's Bill To and Ship To are the order form's address blocks (decision 254), and save as the order's fields, as its Additional Info does. */

vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

function renderNewQuote() {
  const created: Record<string, unknown>[] = [];
  const router = createMemoryRouter([{ path: '/quotes/:id', element: <QuoteEditorPage /> }], { initialEntries: ['/quotes/new'] });
  const server = createOrderServer({
    taxRate: '7.00',
    procedures: {
      'customers.list': () => ({ count: 1, next: null, previous: null, results: [LAKESIDE] }),
      'customers.get': () => customerDetailOf(LAKESIDE, [LAKESIDE.default_ship_to!, LAKESIDE_DOCK]),
      'quotes.create': (input) => {
        created.push(input as Record<string, unknown>);
        throw new Error('saved');
      },
    },
  });
  renderWithServer(<RouterProvider router={router} />, server.handler);
  return created;
}

const billTo = () => screen.getByRole('group', { name: 'Bill To' });
const shipTo = () => screen.getByRole('group', { name: 'Ship To' });

describe("the quote's addresses", () => {
  it("are the order form's blocks: country and region pickers, Canadian postal codes, address search, copy to Ship To, the phone, Additional Info; saved as typed", async () => {
    const created = renderNewQuote();
    // The order form's pickers: a country, and the country's regions.
    await choose(await within(await screen.findByRole('group', { name: 'Bill To' })).findByRole('combobox', { name: 'State' }), 'Minnesota');
    await choose(combobox('Country', billTo()), 'Canada');
    expect(within(billTo()).queryByText('Minnesota')).not.toBeInTheDocument();
    const postal = textbox('Postal Code', billTo());
    expect(postal).toHaveAttribute('maxLength', '7');
    await userEvent.type(postal, 'k1a0b1');
    expect(postal).toHaveValue('K1A 0B1');
    await choose(await within(billTo()).findByRole('combobox', { name: 'Province' }), 'Ontario');
    await userEvent.type(textbox(/^Name/, billTo()), 'Nord Fisheries');
    await userEvent.type(textbox('Street', billTo()), '200 Bay St');
    await userEvent.type(textbox('City', billTo()), 'Ottawa');
    // Address search (autocomplete off without a maps key, as on the order form).
    expect(within(billTo()).getByText(`${MESSAGES.autocompleteDisabled}: ${MESSAGES.mapsKeyMissing}`)).toBeInTheDocument();
    expect(within(billTo()).getByRole('button', { name: 'Search Address' })).toBeEnabled();
    // Ship To takes the bill-to with one click, then is its own.
    await userEvent.click(within(shipTo()).getByRole('button', { name: 'Copy Billing Address' }));
    expect(textbox('Postal Code', shipTo())).toHaveValue('K1A 0B1');
    expect(within(shipTo()).getByText('Ontario')).toBeInTheDocument();
    await userEvent.clear(textbox('Street', shipTo()));
    await userEvent.type(textbox('Street', shipTo()), '12 Harbour Rd');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '8075550142');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(807) 555-0142');
    // The order form's Additional Info, which the order made from the quote keeps.
    await userEvent.type(screen.getByRole('textbox', { name: 'Additional Info' }), 'Gate code 4411');

    await userEvent.click(screen.getByRole('button', { name: 'Save Quote' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      billing_address: { name: 'Nord Fisheries', street: '200 Bay St', city: 'Ottawa', state: 'ON', zip_code: 'K1A 0B1', country: 'CA' },
      shipping_address: { name: 'Nord Fisheries', street: '12 Harbour Rd', city: 'Ottawa', state: 'ON', zip_code: 'K1A 0B1', country: 'CA' },
      phone: '(807) 555-0142',
      additional_info: 'Gate code 4411',
    });
  });

  it("fill from a picked customer where blank (bill-to, default ship-to, phone), and offer the customer's other ship-to addresses", async () => {
    renderNewQuote();
    // A prospect's ship-to typed before the customer was found stays as typed.
    await userEvent.type(textbox(/^Name/, await screen.findByRole('group', { name: 'Ship To' })), 'Site trailer');
    expect(screen.queryByRole('combobox', { name: 'Ship to' })).toBeNull();
    await choose(combobox('Customer'), 'Lakeside Resort');
    expect(textbox(/^Name/, billTo())).toHaveValue('Lakeside Resort');
    expect(textbox('City', billTo())).toHaveValue('Duluth');
    expect(textbox(/^Name/, shipTo())).toHaveValue('Site trailer');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(218) 555-0100');

    // The order form's "Ship to" choice of the customer's addresses fills Ship To.
    const choice = await screen.findByRole('combobox', { name: 'Ship to' });
    expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose an address…',
      'Cabin: 44 Pine Rd, Superior (default)',
      'Boat dock: 2 Harbor Way, Bayfield',
    ]);
    await userEvent.selectOptions(choice, 'Boat dock: 2 Harbor Way, Bayfield');
    expect(textbox(/^Name/, shipTo())).toHaveValue('Lakeside Marina');
    expect(textbox('Street', shipTo())).toHaveValue('2 Harbor Way');
    expect(textbox('ZIP Code', shipTo())).toHaveValue('54814');
    expect(choice).toHaveValue('52');
  });
});
