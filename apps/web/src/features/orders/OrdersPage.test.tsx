import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { debounceClock } from '../../test/debounceClock';
import { currentPath, renderApp } from '../../test/render';
import { TrpcTestError, jsonResponse, type FakeHandler, type SeenRequest } from '../../test/fakeFetch';
import { deferred } from '../../test/fakeServer';
import {
  chooseOption,
  createOrdersServer,
  fakeOrder,
  inputsOf,
  ordersProcedures,
  type FakeOrder,
} from './testing';

// The order form is its own feature (and its own tests): here a stand-in shows which order it was
// asked to open, so these tests do not depend on what the form loads.
vi.mock('../order-form/OrderFormModal', () => {
  function OrderFormStandIn({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
    return (
      <div role="dialog" aria-label={orderId === null ? 'New Order' : 'Edit Order'}>
        <p>{orderId === null ? 'new order' : `order #${orderId}`}</p>
        <button type="button" onClick={onClose}>
          CLOSE
        </button>
      </div>
    );
  }
  return { default: OrderFormStandIn, OrderFormModal: OrderFormStandIn };
});

beforeAll(() => {
  // Radix's tooltip measures its arrow with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

/** A spread of orders: pending (one ready to move on), processed, invoiced, completed and voided. */
function sampleOrders(): FakeOrder[] {
  return [
    fakeOrder(1, { date: '2024-03-05', customer_name: 'Alice Smith', door_number: '1001' }),
    fakeOrder(2, {
      date: '2024-03-04',
      customer_name: 'Bob Jones',
      door_number: '1002',
      facts: { eps_po_number: 'EPS-1' },
      deposits_held: '1250.00',
    }),
    fakeOrder(3, {
      date: '2024-02-20',
      status: 'processed',
      customer_name: 'Carol Smithers',
      door_number: '1003',
      facts: { eps_po_number: 'EPS-3', has_bol: true },
    }),
    fakeOrder(4, {
      date: '2024-02-10',
      status: 'scheduled_to_ship',
      customer_name: 'Dan Brown',
      door_number: '1004',
      facts: {
        eps_po_number: 'EPS-4',
        ship_date: '2024-02-28',
        ship_via: 1,
        has_invoice: true,
        has_bol: true,
      },
    }),
    fakeOrder(5, {
      date: '2023-12-01',
      status: 'completed',
      customer_name: 'Eve Smith',
      door_number: '1005',
      facts: {
        eps_po_number: 'EPS-5',
        ship_date: '2023-12-20',
        ship_via: 1,
        has_invoice: true,
        has_bol: true,
      },
    }),
    fakeOrder(6, { date: '2024-03-01', status: 'voided', customer_name: 'Frank Void', door_number: '1006' }),
  ];
}

type RestHandler = (request: SeenRequest) => Response | undefined;

async function openOrders(
  path = '/orders',
  orders: FakeOrder[] = sampleOrders(),
  options: Parameters<typeof createOrdersServer>[1] & { rest?: RestHandler } = {},
) {
  const server = createOrdersServer(orders, options);
  const { rest } = options;
  const handler: FakeHandler = (request) =>
    (!request.path.startsWith('/trpc/') && rest?.(request)) || server.handler(request);
  const rendered = renderApp(path, handler);
  await screen.findByRole('heading', { level: 1 });
  return { ...rendered, server };
}

const table = () => screen.getByRole('table', { name: 'Orders' });
const row = (door: string) => within(table()).getByRole('row', { name: new RegExp(`^Order ${door}\\b`) });
const findRow = (door: string) =>
  within(table()).findByRole('row', { name: new RegExp(`^Order ${door}\\b`) });
const doors = () =>
  within(table())
    .queryAllByRole('row', { name: /^Order / })
    .map((r) => within(r).getAllByRole('cell')[4]!.textContent);
const heading = () => screen.getByRole('heading', { level: 1 });
const combinedButton = () => screen.getByRole('button', { name: /^Create Combined Invoice/ });

describe('OrdersPage: title and table', () => {
  it.each([
    ['/orders', 'All Orders', {}],
    ['/orders?year=2024', '2024 Orders', { year: 2024 }],
    ['/orders?year=2024&month=03', 'March 2024 Orders', { year: 2024, month: 3 }],
    ['/orders?month=03', 'All Orders', { month: 3 }],
  ])('%s is titled %s and asks for those orders', async (path, title, input) => {
    const { requests } = await openOrders(path);
    expect(heading()).toHaveTextContent(title);
    await waitFor(() => expect(inputsOf(requests, 'orders.initialData')).toEqual([input]));
  });

  it('shows the columns, the status badges, US dates and the requirement badges', async () => {
    await openOrders();
    await findRow('1001');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Select', 'Order Status', 'Order Date', 'Customer Name', 'Door #', 'Deposits', 'Status Actions']);
    // Newest first; the voided order is left out.
    expect(doors()).toEqual(['1001', '1002', '1003', '1004', '1005']);

    const pending = row('1001');
    expect(within(pending).getByText('Pending')).toHaveAttribute('data-color', 'amber');
    expect(within(pending).getByRole('cell', { name: '03/05/2024' })).toBeInTheDocument();
    expect(within(pending).getByRole('cell', { name: 'Alice Smith' })).toBeInTheDocument();
    expect(within(pending).getByText('Bill of Lading not generated')).toBeInTheDocument();
    expect(within(pending).getByText('Invoice not generated')).toBeInTheDocument();
    // Deposits held: the server's figure as money; blank for an order that holds none.
    expect(within(row('1002')).getAllByRole('cell')[5]).toHaveTextContent(/^\$1,250\.00$/);
    expect(within(pending).getAllByRole('cell')[5]).toHaveTextContent(/^$/);

    expect(within(row('1003')).getByText('Processed')).toHaveAttribute('data-color', 'blue');
    expect(within(row('1003')).getByText('Bill of Lading generated')).toBeInTheDocument();
    expect(within(row('1004')).getByText('Scheduled to Ship')).toHaveAttribute('data-color', 'green');
    expect(within(row('1004')).getByText('Invoice generated (#2004)')).toBeInTheDocument();
    expect(within(row('1005')).getByText('Completed')).toHaveAttribute('data-color', 'emerald');
    // Completed is terminal: no advance button.
    expect(within(row('1005')).queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'Searching...' while the orders load, then 'No orders found' when there are none", async () => {
    const answer = deferred<unknown>();
    const { server } = await openOrders('/orders?customer=Nobody', [], {
      procedures: { 'orders.initialData': () => answer.promise },
    });
    expect(await within(table()).findByRole('status')).toHaveTextContent('Searching...');
    answer.resolve({ years: [], statuses: [], orders: { count: 0, results: [], next: null } });
    expect(await within(table()).findByRole('cell', { name: 'No orders found' })).toBeInTheDocument();
    expect(server.orders.orders).toEqual([]);
  });

  it('shows voided orders only when the status filter is voided', async () => {
    await openOrders('/orders?status=voided');
    expect(await findRow('1006')).toBeInTheDocument();
    expect(doors()).toEqual(['1006']);
    expect(within(row('1006')).getByText('Voided')).toHaveAttribute('data-color', 'red');
    expect(within(row('1006')).queryByRole('button')).not.toBeInTheDocument();
    // A voided order cannot be invoiced, so it cannot be picked for a combined invoice either.
    const box = within(row('1006')).getByRole('checkbox');
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Voided orders cannot be invoiced');
  });

  it('says when the orders cannot be loaded, and tries again', async () => {
    let fail = true;
    const real = ordersProcedures({ orders: sampleOrders() })['orders.initialData']!;
    await openOrders('/orders', sampleOrders(), {
      procedures: {
        'orders.initialData': (input, request) => {
          if (fail)
            throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
          return real(input, request);
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The orders could not be loaded. Check the connection and try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findRow('1001')).toBeInTheDocument();
  });
});

describe('OrdersPage: filters', () => {
  it('reads the filters from the URL on load', async () => {
    const { requests } = await openOrders('/orders?year=2024&status=processed&customer=Smith&serial=100');
    expect(await findRow('1003')).toBeInTheDocument();
    expect(doors()).toEqual(['1003']);
    expect(screen.getByRole('searchbox', { name: 'Customer Name' })).toHaveValue('Smith');
    expect(screen.getByRole('searchbox', { name: 'Serial Number' })).toHaveValue('100');
    const filters = screen.getByRole('search', { name: 'Filter orders' });
    expect(within(filters).getByText('2024')).toBeInTheDocument();
    expect(within(filters).getByText('Processed')).toBeInTheDocument();
    expect(inputsOf(requests, 'orders.initialData')).toEqual([
      { year: 2024, status: 'processed', customer: 'Smith', serial: '100' },
    ]);
  });

  it('writes the dropdowns to the URL at once, with a two-digit month, and clears them', async () => {
    const { router } = await openOrders();
    await findRow('1001');

    await chooseOption(screen.getByRole('combobox', { name: 'Year' }), '2024');
    expect(currentPath(router)).toBe('/orders?year=2024');
    expect(heading()).toHaveTextContent('2024 Orders');

    await chooseOption(screen.getByRole('combobox', { name: 'Month' }), 'February');
    expect(currentPath(router)).toBe('/orders?year=2024&month=02');
    expect(heading()).toHaveTextContent('February 2024 Orders');
    await waitFor(() => expect(doors()).toEqual(['1003', '1004']));

    await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Processed');
    expect(currentPath(router)).toBe('/orders?year=2024&month=02&status=processed');
    await waitFor(() => expect(doors()).toEqual(['1003']));

    // Clearable: Backspace in the year's combobox removes the year.
    screen.getByRole('combobox', { name: 'Year' }).focus();
    await userEvent.keyboard('{Backspace}');
    expect(currentPath(router)).toBe('/orders?month=02&status=processed');
    expect(heading()).toHaveTextContent('All Orders');
  });

  it('debounces the customer and serial searches by 400 ms before writing them to the URL', async () => {
    const { router, requests } = await openOrders();
    await findRow('1001');

    const clock = debounceClock();
    const customer = screen.getByRole('searchbox', { name: 'Customer Name' });
    await clock.user.type(customer, 'Smith');
    expect(customer).toHaveValue('Smith');
    // 399 ms after the last key: not yet.
    await clock.pause(399);
    expect(currentPath(router)).toBe('/orders');
    await clock.pause(1);
    expect(currentPath(router)).toBe('/orders?customer=Smith');

    // Typing again within 400 ms starts the wait over.
    const serial = screen.getByRole('searchbox', { name: 'Serial Number' });
    await clock.user.type(serial, '10');
    await clock.pause(300);
    await clock.user.type(serial, '05');
    await clock.pause(399);
    expect(currentPath(router)).toBe('/orders?customer=Smith');
    await clock.pause(1);
    expect(currentPath(router)).toBe('/orders?customer=Smith&serial=1005');

    await clock.user.clear(customer);
    await clock.pause(400);
    expect(currentPath(router)).toBe('/orders?serial=1005');

    await waitFor(() => expect(doors()).toEqual(['1005']));
    // One search per pause, none for 'S', 'Sm', ... or '10'.
    expect(inputsOf(requests, 'orders.initialData')).toEqual([
      {},
      { customer: 'Smith' },
      { customer: 'Smith', serial: '1005' },
      { serial: '1005' },
    ]);
  });

  it('follows the URL when it changes from outside (back and forward)', async () => {
    const { router } = await openOrders('/orders?customer=Jones');
    await findRow('1002');
    await router.navigate('/orders?customer=Brown');
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Customer Name' })).toHaveValue('Brown'),
    );
    await waitFor(() => expect(doors()).toEqual(['1004']));
  });
});

describe('OrdersPage: paging', () => {
  function manyOrders(count: number): FakeOrder[] {
    return Array.from({ length: count }, (_, i) =>
      fakeOrder(i + 1, {
        date: `2024-01-${String(28 - i).padStart(2, '0')}`,
        door_number: String(2000 + i + 1),
      }),
    );
  }

  it('loads the next page with Load More Orders until there is none', async () => {
    const { requests } = await openOrders('/orders', manyOrders(5), { pageSize: 2 });
    await findRow('2001');
    expect(doors()).toEqual(['2001', '2002']);
    expect(screen.getByText('Showing 2 of 5 orders')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load More Orders' }));
    await findRow('2004');
    expect(doors()).toEqual(['2001', '2002', '2003', '2004']);

    await userEvent.click(screen.getByRole('button', { name: 'Load More Orders' }));
    await findRow('2005');
    expect(doors()).toEqual(['2001', '2002', '2003', '2004', '2005']);
    expect(screen.queryByRole('button', { name: 'Load More Orders' })).not.toBeInTheDocument();
    expect(inputsOf(requests, 'orders.list')).toEqual([{ page: 2 }, { page: 3 }]);
  });

  it('shows each order once when a new order shifts the pages', async () => {
    const { server } = await openOrders('/orders', manyOrders(4), { pageSize: 2 });
    await findRow('2001');
    // Someone creates a newer order: page 2 now starts with what was the last row of page 1.
    server.orders.orders.push(fakeOrder(99, { date: '2024-02-01', door_number: '2099' }));
    await userEvent.click(screen.getByRole('button', { name: 'Load More Orders' }));
    await findRow('2003');
    expect(doors()).toEqual(['2001', '2002', '2003']);
  });

  it('starts again from the first page when a filter changes', async () => {
    const { requests, router } = await openOrders('/orders', manyOrders(5), { pageSize: 2 });
    await findRow('2001');
    await userEvent.click(screen.getByRole('button', { name: 'Load More Orders' }));
    await findRow('2004');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Serial Number' }), '200');
    await waitFor(() => expect(currentPath(router)).toBe('/orders?serial=200'));
    await waitFor(() => expect(doors()).toEqual(['2001', '2002']));
    expect(inputsOf(requests, 'orders.list')).toEqual([{ page: 2 }]);
  });
});

describe('OrdersPage: opening orders', () => {
  it('opens the order form on a row click, but not from its checkbox or buttons', async () => {
    await openOrders();
    await findRow('1002');
    await userEvent.click(within(row('1002')).getByRole('checkbox', { name: 'Select order 1002' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(within(row('1001')).getByRole('button', { name: 'Cannot Progress' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(within(row('1002')).getByRole('cell', { name: 'Bob Jones' }));
    // (The form's code loads lazily: a 'Loading...' dialog of the same name may come first.)
    expect(await screen.findByText('order #2')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Edit Order' });

    // From the keyboard too.
    await userEvent.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    row('1003').focus();
    await userEvent.keyboard('{Enter}');
    expect(
      within(await screen.findByRole('dialog', { name: 'Edit Order' })).getByText('order #3'),
    ).toBeInTheDocument();
  });

  it('opens a new order form from Create New Order', async () => {
    await openOrders();
    await userEvent.click(screen.getByRole('button', { name: 'Create New Order' }));
    expect(await screen.findByText('new order')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Order' })).toBeInTheDocument();
  });

  it('Back to Dashboard goes to /dashboard when the list was opened directly', async () => {
    const { router } = await openOrders('/orders?year=2024', [], {
      procedures: { 'orders.byMonth': () => [] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });
});

describe('OrdersPage: status actions', () => {
  it("moves an order on with 'Move to {Next Status}' and shows its new status", async () => {
    const { requests } = await openOrders();
    await findRow('1002');
    await userEvent.click(within(row('1002')).getByRole('button', { name: 'Move to Processed' }));

    await waitFor(() => expect(within(row('1002')).getByText('Processed')).toBeInTheDocument());
    expect(inputsOf(requests, 'orders.changeStatus')).toEqual([{ id: 2, new_status: 'processed' }]);
    // Processed needs a ship date and ship via to go further.
    const next = within(row('1002')).getByRole('button', { name: 'Cannot Progress' });
    expect(next).toHaveAccessibleDescription('Missing requirements: Ship Date, Ship Via');
  });

  it("shows a disabled 'Cannot Progress' that explains what is missing, on hover too", async () => {
    const { requests } = await openOrders();
    await findRow('1001');
    const button = within(row('1001')).getByRole('button', { name: 'Cannot Progress' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('Missing requirements: EPS PO Number');

    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Missing requirements: EPS PO Number');

    await userEvent.click(button);
    expect(inputsOf(requests, 'orders.changeStatus')).toEqual([]);
  });

  it("says 'Cannot change status' when the server names nothing missing", async () => {
    const real = ordersProcedures({ orders: sampleOrders() })['orders.initialData']!;
    await openOrders('/orders', sampleOrders(), {
      procedures: {
        // A row that cannot progress for a reason the server does not list.
        'orders.initialData': async (input, request) => {
          const data = (await real(input, request)) as {
            orders: { results: Array<Record<string, unknown>> };
          };
          for (const r of data.orders.results) if (r.id === 1) r.missing_requirements = [];
          return data;
        },
      },
    });
    const button = within(await findRow('1001')).getByRole('button', { name: 'Cannot Progress' });
    expect(button).toHaveAccessibleDescription('Cannot change status');
  });

  it('turns the button into Retry with the server’s reason when the move is refused, and retries', async () => {
    const { server, requests } = await openOrders();
    await findRow('1002');
    // Someone removed the EPS PO number since the list loaded.
    server.orders.orders.find((o) => o.id === 2)!.facts.eps_po_number = '';
    await userEvent.click(within(row('1002')).getByRole('button', { name: 'Move to Processed' }));

    const retry = await within(row('1002')).findByRole('button', { name: 'Retry' });
    expect(within(row('1002')).getByRole('alert')).toHaveTextContent('Missing requirements: EPS PO Number');
    expect(retry).toHaveAccessibleDescription('Missing requirements: EPS PO Number');

    server.orders.orders.find((o) => o.id === 2)!.facts.eps_po_number = 'EPS-2';
    await userEvent.click(retry);
    await waitFor(() => expect(within(row('1002')).getByText('Processed')).toBeInTheDocument());
    expect(within(row('1002')).queryByRole('alert')).not.toBeInTheDocument();
    expect(inputsOf(requests, 'orders.changeStatus')).toHaveLength(2);
  });

  it("says 'Failed to update status' when the failure has no message to show", async () => {
    await openOrders('/orders', sampleOrders(), {
      procedures: {
        'orders.changeStatus': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    await findRow('1002');
    await userEvent.click(within(row('1002')).getByRole('button', { name: 'Move to Processed' }));
    await within(row('1002')).findByRole('button', { name: 'Retry' });
    expect(within(row('1002')).getByRole('alert')).toHaveTextContent(MESSAGES.statusUpdateFailed);
  });
});

describe('OrdersPage: combined invoice', () => {
  const PDF_PATH = '/api/invoices/create-combined/';
  const CONFIRM_MIXED = 'Combine orders of different customers into one invoice';
  let savedAs: string[] = [];

  function stubDownloads() {
    savedAs = [];
    Object.defineProperty(URL, 'createObjectURL', {
      value: vi.fn(() => 'blob:combined'),
      configurable: true,
      writable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs.push(this.download);
    });
  }

  it('enables Create Combined Invoice (n) from 2 selected orders; invoiced orders cannot be selected', async () => {
    await openOrders();
    await findRow('1001');
    expect(combinedButton()).toHaveTextContent('Create Combined Invoice (0)');
    expect(combinedButton()).toBeDisabled();

    await userEvent.click(within(row('1001')).getByRole('checkbox', { name: 'Select order 1001' }));
    expect(combinedButton()).toHaveTextContent('Create Combined Invoice (1)');
    expect(combinedButton()).toBeDisabled();

    await userEvent.click(within(row('1003')).getByRole('checkbox', { name: 'Select order 1003' }));
    expect(combinedButton()).toHaveTextContent('Create Combined Invoice (2)');
    expect(combinedButton()).toBeEnabled();

    const invoiced = within(row('1004')).getByRole('checkbox', { name: 'Select order 1004' });
    expect(invoiced).toBeDisabled();
    expect(invoiced).toHaveAccessibleDescription('Already on invoice #2004: it cannot be combined');
    await userEvent.click(invoiced);
    expect(invoiced).not.toBeChecked();
    expect(combinedButton()).toHaveTextContent('Create Combined Invoice (2)');

    await userEvent.click(within(row('1001')).getByRole('checkbox', { name: 'Select order 1001' }));
    expect(combinedButton()).toHaveTextContent('Create Combined Invoice (1)');
    expect(combinedButton()).toBeDisabled();
  });

  it('creates the combined invoice with a date and downloads its PDF', async () => {
    stubDownloads();
    const sent: SeenRequest[] = [];
    const { router } = await openOrders('/orders', sampleOrders(), {
      rest: (request) => {
        if (request.path !== PDF_PATH) return undefined;
        sent.push(request);
        return new Response('%PDF-1.7 combined', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="combined-invoice-3001.pdf"',
          },
        });
      },
    });
    await findRow('1001');
    await userEvent.click(within(row('1001')).getByRole('checkbox', { name: 'Select order 1001' }));
    await userEvent.click(within(row('1003')).getByRole('checkbox', { name: 'Select order 1003' }));
    await userEvent.click(combinedButton());

    const dialog = await screen.findByRole('dialog', { name: 'Create Combined Invoice' });
    const listed = within(within(dialog).getByRole('list', { name: 'Selected orders' })).getAllByRole(
      'listitem',
    );
    expect(listed.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Alice Smith'),
      expect.stringContaining('Carol Smithers'),
    ]);

    const date = within(dialog).getByLabelText(/^Date/);
    await userEvent.clear(date);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(date).toHaveAccessibleDescription(MESSAGES.dateRequired);
    expect(sent).toHaveLength(0);

    await userEvent.type(date, '2024-03-20');
    // Alice Smith and Carol Smithers: different customers, confirmed (decision 012).
    await userEvent.click(within(dialog).getByRole('checkbox', { name: CONFIRM_MIXED }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers.get('X-CSRFToken')).toBe('test-token');
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      order_ids: [1, 3],
      date: '2024-03-20',
      confirm_mixed_customers: true,
    });
    expect(savedAs).toEqual(['combined-invoice-3001.pdf']);
    expect(screen.getByRole('status')).toHaveTextContent('Combined invoice created for 2 orders');
    expect(combinedButton()).toHaveTextContent('Create Combined Invoice (0)');
    expect(currentPath(router)).toBe('/orders');
    // Whole-page flows with several dialogs: room on a busy machine.
  }, 15_000);

  it('names the file combined-invoice.pdf when the server gives no name', async () => {
    stubDownloads();
    await openOrders('/orders', sampleOrders(), {
      rest: (request) =>
        request.path === PDF_PATH
          ? new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } })
          : undefined,
    });
    await findRow('1001');
    await userEvent.click(within(row('1001')).getByRole('checkbox', { name: 'Select order 1001' }));
    await userEvent.click(within(row('1002')).getByRole('checkbox', { name: 'Select order 1002' }));
    await userEvent.click(combinedButton());
    const dialog = await screen.findByRole('dialog', { name: 'Create Combined Invoice' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: CONFIRM_MIXED }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(savedAs).toEqual(['combined-invoice.pdf']));
  });

  it('adds the server’s reason when it refuses the orders', async () => {
    await openOrders('/orders', sampleOrders(), {
      rest: (request) =>
        request.path === PDF_PATH
          ? jsonResponse({ order_ids: ['Order 1002 is already on invoice 2002.'] }, 400)
          : undefined,
    });
    await findRow('1001');
    await userEvent.click(within(row('1001')).getByRole('checkbox', { name: 'Select order 1001' }));
    await userEvent.click(within(row('1002')).getByRole('checkbox', { name: 'Select order 1002' }));
    await userEvent.click(combinedButton());
    const dialog = await screen.findByRole('dialog', { name: 'Create Combined Invoice' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: CONFIRM_MIXED }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Error creating combined invoice. Please try again.');
    expect(alert).toHaveTextContent('Order 1002 is already on invoice 2002.');
  });

  it('warns about orders of different customers, naming them, and sends only once confirmed', async () => {
    stubDownloads();
    const sent: SeenRequest[] = [];
    await openOrders('/orders', sampleOrders(), {
      rest: (request) => {
        if (request.path !== PDF_PATH) return undefined;
        sent.push(request);
        return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      },
    });
    await findRow('1001');
    await userEvent.click(within(row('1001')).getByRole('checkbox', { name: 'Select order 1001' }));
    await userEvent.click(within(row('1003')).getByRole('checkbox', { name: 'Select order 1003' }));
    await userEvent.click(combinedButton());
    const dialog = await screen.findByRole('dialog', { name: 'Create Combined Invoice' });
    const warning = within(dialog).getByRole('group', { name: 'Different customers' });
    expect(warning).toHaveTextContent(
      'These orders are billed to different customers: Alice Smith, Carol Smithers.',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const confirm = within(dialog).getByRole('checkbox', { name: CONFIRM_MIXED });
    expect(confirm).toHaveAccessibleDescription(
      'Confirm that these customers share one invoice, or change the selection.',
    );
    expect(sent).toHaveLength(0);

    await userEvent.click(confirm);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(sent[0]!.body!)).toMatchObject({ order_ids: [1, 3], confirm_mixed_customers: true });
    // Whole-page flows with several dialogs: room on a busy machine.
  }, 15_000);

  it('the server tells customers of the same name apart: its warning shows, and the confirmed retry sends the flag', async () => {
    stubDownloads();
    const bodies: unknown[] = [];
    const refusal =
      'These orders are billed to different customers: Alice Smith (order 1001); Alice Smith (order 1007).';
    const orders = [
      fakeOrder(1, { date: '2024-03-05', customer_name: 'Alice Smith', door_number: '1001' }),
      fakeOrder(7, { date: '2024-03-06', customer_name: 'alice  smith', door_number: '1007' }),
    ];
    await openOrders('/orders', orders, {
      rest: (request) => {
        if (request.path !== PDF_PATH) return undefined;
        const body = JSON.parse(request.body!) as Record<string, unknown>;
        bodies.push(body);
        return body.confirm_mixed_customers
          ? new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } })
          : jsonResponse({ confirm_mixed_customers: [refusal] }, 400);
      },
    });
    await findRow('1001');
    await userEvent.click(within(row('1001')).getByRole('checkbox', { name: 'Select order 1001' }));
    await userEvent.click(within(row('1007')).getByRole('checkbox', { name: 'Select order 1007' }));
    await userEvent.click(combinedButton());
    const dialog = await screen.findByRole('dialog', { name: 'Create Combined Invoice' });
    // One name to the list: no warning until the server, which compares addresses too, says so.
    expect(within(dialog).queryByRole('group', { name: 'Different customers' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const warning = await within(dialog).findByRole('group', { name: 'Different customers' });
    expect(warning).toHaveTextContent(refusal);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: CONFIRM_MIXED }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      expect.not.objectContaining({ confirm_mixed_customers: expect.anything() }),
      expect.objectContaining({ order_ids: [1, 7], confirm_mixed_customers: true }),
    ]);
    // Whole-page flows with several dialogs: room on a busy machine.
  }, 15_000);

  it('says so when the combined invoice cannot be created, keeping the dialog and the selection', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openOrders('/orders', sampleOrders(), {
      rest: (request) =>
        request.path === PDF_PATH ? jsonResponse({ detail: 'Not found.' }, 404) : undefined,
    });
    await findRow('1001');
    await userEvent.click(within(row('1001')).getByRole('checkbox', { name: 'Select order 1001' }));
    await userEvent.click(within(row('1002')).getByRole('checkbox', { name: 'Select order 1002' }));
    await userEvent.click(combinedButton());
    const dialog = await screen.findByRole('dialog', { name: 'Create Combined Invoice' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: CONFIRM_MIXED }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error creating combined invoice. Please try again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(combinedButton()).toHaveTextContent('Create Combined Invoice (2)');
  });
});
