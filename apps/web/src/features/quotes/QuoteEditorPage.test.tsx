import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { renderWithServer } from '../../test/render';
import type { TrpcProcedure } from '../../test/fakeFetch';
import { createOrderServer } from '../order-form/testing/fakeOrderServer';
import { choose, combobox } from '../order-form/testing/renderOrderForm';
import { QuoteEditorPage } from './QuoteEditorPage';

function renderQuote(at: string, taxRate: string, procedures: Record<string, TrpcProcedure> = {}) {
  const router = createMemoryRouter([{ path: '/quotes/:id', element: <QuoteEditorPage /> }], { initialEntries: [at] });
  return renderWithServer(<RouterProvider router={router} />, createOrderServer({ taxRate, procedures }).handler);
}
const renderNewQuote = (taxRate: string) => renderQuote('/quotes/new', taxRate);

const SENT_QUOTE = {
  id: 5,
  quote_number: 'Q-1005',
  status: 'sent',
  date: '2026-11-02',
  valid_until: '2026-12-02',
  customer_id: null,
  customer_name: 'Lakeside Bait',
  total: '1070.00',
  order_id: null,
  fields: { billing_address: { name: 'Lakeside Bait' }, building_info: { product: null, price: '1000.00', additional_items: [] } },
  line_items: [{ quantity: 1, description: 'Building', price_each: '1000.00', amount: '1000.00' }],
  totals: { subtotal: '1000.00', discount_amount: '0.00', tax_rate: '7.00', tax_amount: '70.00', total: '1070.00' },
  order_door_number: null,
  sent_at: '2026-11-02T15:00:00.000Z',
  accepted: null,
  declined: null,
  converted_at: null,
  version: 2,
  created_at: '2026-11-02T14:00:00.000Z',
  updated_at: '2026-11-02T15:00:00.000Z',
  created_by: 'staff',
};

const totals = () => screen.getByRole('group', { name: 'Quote totals' });
const building = () => screen.getByRole('region', { name: 'Building' });
const items = () => screen.getByRole('region', { name: 'Additional Items' });
/** The order form's address block titled "Bill To" (its Name, Street, ... inside). */
const billTo = () => screen.getByRole('group', { name: 'Bill To' });
/** The amount beside a label of the totals ("Subtotal" -> "$6,634.30"). */
const amount = (label: string) => within(totals()).getByText(label).nextElementSibling?.textContent;

async function type(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe('a new quote', () => {
  it('totals the prices as they are typed, before the bill-to name is filled in', async () => {
    renderNewQuote('7.375');
    await waitFor(() => expect(within(building()).getByLabelText(/^Price/)).toBeEnabled());
    await userEvent.type(within(building()).getByLabelText(/^Price/), '6534.30');
    await type(/^Freight Cost/, '100');

    // By hand: 6,534.30 + 100.00 freight = 6,634.30; tax 7.375% of the building only = 481.904 -> 481.90.
    await waitFor(() => expect(amount('Subtotal')).toBe('$6,634.30'));
    expect(amount('Sales Tax')).toBe('$481.90');
    expect(amount('Total')).toBe('$7,116.20');
    expect(within(billTo()).getByLabelText(/^Name/)).toHaveValue('');
  });

  it("offers the order form's catalogue pickers (product, door type and its price, hinge side, items with their prices) and saves their ids", async () => {
    const asked: Record<string, unknown>[] = [];
    const router = createMemoryRouter([{ path: '/quotes/:id', element: <QuoteEditorPage /> }], { initialEntries: ['/quotes/new'] });
    renderWithServer(
      <RouterProvider router={router} />,
      createOrderServer({
        taxRate: '7.00',
        procedures: {
          'quotes.create': (input) => {
            asked.push(input as Record<string, unknown>);
            return { ...SENT_QUOTE, id: 9, status: 'draft' };
          },
          'quotes.get': () => ({ ...SENT_QUOTE, id: 9, status: 'draft' }),
          'quotes.links': () => ({ results: [] }),
          'email.log': () => ({ results: [] }),
        },
      }).handler,
    );
    await waitFor(() => expect(combobox('Product', building())).toBeEnabled());
    // The catalogue's products, door types and hinge sides, as the order form offers them.
    await choose(combobox('Product', building()), 'Cooler Door Kit');
    expect(within(building()).getByLabelText(/^Price/)).toHaveDisplayValue('415.60');
    await choose(combobox('Door Type', building()), 'Standard Swing 36"');
    // A door-only building prices its door type: the catalogue's price fills in.
    expect(within(building()).getByLabelText(/^Door Type Price/)).toHaveDisplayValue('850.00');
    await choose(combobox('Hinge Side', building()), 'Left');
    // An additional item is picked from the catalogue with its price (not typed as free text).
    await userEvent.click(within(items()).getByRole('button', { name: 'Add Item' }));
    await choose(combobox('Item', within(items()).getByRole('group', { name: 'Item 1' })), 'Strip Curtain');
    expect(within(items()).getByRole('group', { name: 'Item 1' })).toHaveTextContent('$165.00');

    // By hand: 415.60 + 850.00 + 165.00 = 1,430.60; tax 7% = 100.142 -> 100.14; total 1,530.74.
    await waitFor(() => expect(amount('Subtotal')).toBe('$1,430.60'));
    expect(amount('Sales Tax')).toBe('$100.14');
    expect(amount('Total')).toBe('$1,530.74');

    await userEvent.type(within(billTo()).getByLabelText(/^Name/), 'Lakeside Bait');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quote' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({
      building_info: {
        product: 3,
        door_type: 30,
        door_type_price: '850.00',
        hinge_side: 50,
        additional_items: [{ item: 80, custom_item_name: '', quantity: '1', price: '165.00' }],
      },
      billing_address: { name: 'Lakeside Bait' },
    });
    expect(asked[0]).not.toHaveProperty('door_number');
    expect(asked[0]).not.toHaveProperty('status');
  });

  it('marks the bill-to name as required before anything is saved', async () => {
    renderNewQuote('7.375');
    const name = await within(await screen.findByRole('group', { name: 'Bill To' })).findByLabelText(/^Name/);
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(within(billTo()).getByLabelText(/^Street/)).not.toHaveAttribute('aria-required');
    // The asterisk itself, as the order form's required fields show it.
    expect((name as HTMLInputElement).labels?.[0]).toHaveTextContent(/^Name\*$/);
  });
});

describe('a saved quote', () => {
  it('shows its sent log: each email with its outcome', async () => {
    renderQuote('/quotes/5', '7.00', {
      'quotes.get': () => SENT_QUOTE,
      'quotes.links': () => ({ results: [] }),
      'email.log': (input) => {
        expect(input).toEqual({ kind: 'quote', id: 5 });
        return {
          results: [
            {
              id: 9,
              kind: 'quote',
              record_id: 5,
              to: ['buyer@lakeside.example'],
              cc: [],
              subject: 'Quote Q-1005 from Ice House',
              status: 'failed',
              document_version: 1,
              server_message_id: null,
              server_response: '',
              error: '550 mailbox unavailable',
              attempts: 5,
              next_retry: null,
              created_at: '2026-11-02T15:00:00.000Z',
              created_by: 'staff',
              sent_at: null,
            },
          ],
        };
      },
    });
    const log = await screen.findByRole('region', { name: 'Sent log' });
    expect(await within(log).findByText('buyer@lakeside.example')).toBeInTheDocument();
    expect(within(log).getByText(/550 mailbox unavailable/)).toBeInTheDocument();
  });
});

describe('a saved quote with a line typed before the catalogue picker', () => {
  it('shows its catalogue picks by name and the typed line as a custom item, at the prices quoted', async () => {
    renderQuote('/quotes/5', '7.00', {
      'quotes.get': () => ({
        ...SENT_QUOTE,
        fields: {
          billing_address: { name: 'Lakeside Bait' },
          building_info: {
            product: 1,
            price: '8950.00',
            door_type: 31,
            hinge_side: 51,
            additional_items: [
              { item: 81, item_name: 'Interior LED Light', custom_item_name: '', quantity: 2, price: '85.00' },
              { item: null, custom_item_name: 'Strip curtain', quantity: 1, price: '89.50' },
            ],
          },
        },
      }),
      'quotes.links': () => ({ results: [] }),
      'email.log': () => ({ results: [] }),
    });
    await waitFor(() => expect(within(building()).getByLabelText(/^Price/)).toHaveDisplayValue('8950.00'));
    expect(building()).toHaveTextContent('Sliding Cooler Door');
    expect(building()).toHaveTextContent('Right');
    const first = within(items()).getByRole('group', { name: 'Item 1' });
    const second = within(items()).getByRole('group', { name: 'Item 2' });
    expect(first).toHaveTextContent('Interior LED Light');
    expect(within(first).getByLabelText(/^Price/)).toHaveDisplayValue('85.00');
    expect(second).toHaveTextContent('Strip curtain');
    expect(within(second).getByLabelText(/^Price/)).toHaveDisplayValue('89.50');
    // By hand: 8,950.00 + 2 x 85.00 + 89.50 = 9,209.50 (the door type comes with a cooler); tax 7% = 644.665 -> 644.67.
    expect(amount('Subtotal')).toBe('$9,209.50');
    expect(amount('Sales Tax')).toBe('$644.67');
  });
});

describe('a quote saved through the API without its product type', () => {
  it("takes the catalogue product's type, so a door-only building keeps its door type's price on the screen and in the save", async () => {
    const asked: Record<string, unknown>[] = [];
    const fields = {
      billing_address: { name: 'Lakeside Bait' },
      building_info: { product: 3, price: '415.60', door_type: 30, door_type_price: '850.00', additional_items: [] },
    };
    renderQuote('/quotes/5', '7.00', {
      'quotes.get': () => ({ ...SENT_QUOTE, fields }),
      'quotes.update': (input) => {
        asked.push(input as Record<string, unknown>);
        return { ...SENT_QUOTE, fields };
      },
      'quotes.links': () => ({ results: [] }),
      'email.log': () => ({ results: [] }),
    });
    await waitFor(() => expect(within(building()).getByLabelText(/^Door Type Price/)).toHaveDisplayValue('850.00'));
    // By hand: 415.60 + 850.00 = 1,265.60.
    expect(amount('Subtotal')).toBe('$1,265.60');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quote' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({ id: 5, data: { version: 2, building_info: { product: 3, door_type: 30, door_type_price: '850.00' } } });
  });
});

describe('an accepted quote with a line not from the catalogue', () => {
  it('says before converting that the line becomes a custom item at its quoted price', async () => {
    const fields = {
      billing_address: { name: 'Lakeside Bait' },
      building_info: {
        product: 1,
        price: '8950.00',
        additional_items: [
          { item: 80, item_name: 'Strip Curtain', custom_item_name: '', quantity: 1, price: '165.00' },
          { item: null, custom_item_name: 'Strip curtain', quantity: 1, price: '89.50' },
        ],
      },
    };
    renderQuote('/quotes/5', '7.00', {
      'quotes.get': () => ({ ...SENT_QUOTE, status: 'accepted', accepted: { name: 'Pat', at: '2026-11-03T10:00:00.000Z', ip: '' }, fields }),
      'quotes.links': () => ({ results: [] }),
      'email.log': () => ({ results: [] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Convert to Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to Order' });
    expect(dialog).toHaveTextContent('Not from the catalogue, so the order gets them as custom items at the quoted price: "Strip curtain".');
  });
});

describe('a declined quote', () => {
  it('is duplicated into a new draft with its fields, which opens at once', async () => {
    const DECLINED = { ...SENT_QUOTE, status: 'declined', declined: { comment: 'Too dear', at: '2026-11-20T12:00:00.000Z' }, version: 3 };
    const COPY = { ...SENT_QUOTE, id: 6, quote_number: 'Q-1006', status: 'draft', sent_at: null, version: 1 };
    const asked: unknown[] = [];
    renderQuote('/quotes/5', '7.00', {
      'quotes.get': (input) => ((input as { id: number }).id === 6 ? COPY : DECLINED),
      'quotes.links': () => ({ results: [] }),
      'email.log': () => ({ results: [] }),
      'quotes.duplicate': (input) => {
        asked.push(input);
        return COPY;
      },
    });
    expect(await screen.findByText(/can no longer be edited/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate as New Quote' }));
    expect(await screen.findByText('Quote Q-1006 is a new draft made from Q-1005: change what you need, then send it.')).toBeInTheDocument();
    expect(asked).toEqual([{ id: 5 }]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Q-1006'));
    expect(screen.queryByText(/can no longer be edited/)).not.toBeInTheDocument();
  });
});
