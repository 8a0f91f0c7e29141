import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { TrpcTestError, jsonResponse } from '../../test/fakeFetch';
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

/** XMLHttpRequest as the uploads use it: answers when the test says so (or at once). */
class FakeXhr {
  static instances: FakeXhr[] = [];
  static auto: { status: number; body: unknown } | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  body: FormData | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.instances.push(this);
    const auto = FakeXhr.auto;
    if (auto) setTimeout(() => this.finish(auto.status, auto.body), 0);
  }
  progress(percent: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 });
  }
  finish(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function pdf(name = 'plan.pdf', size?: number) {
  const file = new File(['%PDF-1.4\n%%EOF'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  FakeXhr.instances = [];
  FakeXhr.auto = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
});

const billing = () => group('Billing Address');

async function fillMinimalOrder() {
  await userEvent.type(textbox('Name', billing()), 'Lakeside Resort');
  await choose(combobox('Product'), 'Walk-in Cooler 8x10');
}

describe('OrderForm: PDF uploads', () => {
  it('holds the file of a new order, says so, and uploads it after the first save', async () => {
    FakeXhr.auto = {
      status: 200,
      body: { blueprint: '/api/orders/101/serve-blueprint/', blueprint_filename: 'plan.pdf' },
    };
    await renderOrderForm();
    await fillMinimalOrder();
    await userEvent.upload(screen.getByLabelText('Upload Blueprint'), pdf());

    const blueprint = group('Blueprint');
    expect(within(blueprint).getByText('plan.pdf')).toBeInTheDocument();
    expect(within(blueprint).getByRole('status')).toHaveTextContent(MESSAGES.uploadOnSave);
    expect(FakeXhr.instances).toHaveLength(0);

    await userEvent.click(button('SAVE'));
    expect(await screen.findByText('Order created successfully.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Order' })).toBeInTheDocument();
    const link = await within(group('Blueprint')).findByRole('link', { name: 'View Blueprint' });
    expect(link).toHaveAttribute('href', '/api/orders/101/serve-blueprint/');
    expect(link).toHaveAttribute('target', '_blank');

    const [xhr] = FakeXhr.instances;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/orders/101/blueprint/');
    expect(xhr?.headers['X-CSRFToken']).toBe('test-token');
    expect(xhr?.withCredentials).toBe(true);
    expect((xhr?.body?.get('blueprint') as File).name).toBe('plan.pdf');
  });

  it('uploads at once with its progress for a saved order, refuses other files, and removes it', async () => {
    const server = createOrderServer({ orders: [sampleOrder(7)] });
    const { requests } = await renderOrderForm({ orderId: 7, server });
    const user = userEvent.setup({ applyAccept: false });
    const drawing = () => group('Door Drawing');

    await user.upload(
      screen.getByLabelText('Upload Door Drawing'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(within(drawing()).getByRole('alert')).toHaveTextContent(MESSAGES.uploadPdfOnly);
    await user.upload(screen.getByLabelText('Upload Door Drawing'), pdf('huge.pdf', 52_428_801));
    expect(within(drawing()).getByRole('alert')).toHaveTextContent(MESSAGES.uploadTooLarge);
    expect(FakeXhr.instances).toHaveLength(0);

    await user.upload(screen.getByLabelText('Upload Door Drawing'), pdf('door.pdf'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.url).toBe('/api/orders/7/door-placement-drawing/');
    expect((xhr.body?.get('door_placement_drawing') as File).name).toBe('door.pdf');
    xhr.progress(42);
    expect(await within(drawing()).findByText('Uploading... 42%')).toBeInTheDocument();
    expect(within(drawing()).getByRole('progressbar', { name: 'Uploading Door Drawing' })).toHaveAttribute(
      'value',
      '42',
    );
    xhr.finish(200, {
      door_placement_drawing: '/api/orders/7/serve-door-placement/',
      door_placement_filename: 'door.pdf',
    });
    expect(await within(drawing()).findByRole('link', { name: 'View Door Drawing' })).toHaveAttribute(
      'href',
      '/api/orders/7/serve-door-placement/',
    );
    expect(within(drawing()).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(drawing()).getByRole('button', { name: 'Remove Door Drawing' }));
    await waitFor(() =>
      expect(sentTo(requests, 'orders.removeFile')).toEqual({ id: 7, kind: 'door_placement' }),
    );
    expect(await screen.findByLabelText('Upload Door Drawing')).toBeInTheDocument();

    // The server refuses the next one.
    await user.upload(screen.getByLabelText('Upload Door Drawing'), pdf('door.pdf'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    FakeXhr.instances[1]!.finish(415, { detail: 'Please upload PDF files only' });
    expect(await within(drawing()).findByRole('alert')).toHaveTextContent(
      'Failed to upload: Please upload PDF files only',
    );
  });

  it('says when a file cannot be removed', async () => {
    const order = sampleOrder(
      7,
      {},
      { blueprint: '/api/orders/7/serve-blueprint/', blueprint_filename: 'plan.pdf' },
    );
    const server = createOrderServer({
      orders: [order],
      procedures: {
        'orders.removeFile': () => {
          throw new TrpcTestError({ message: 'Order not found.', code: 'NOT_FOUND', appCode: 'NOT_FOUND' });
        },
      },
    });
    await renderOrderForm({ orderId: 7, server });
    await userEvent.click(within(group('Blueprint')).getByRole('button', { name: 'Remove Blueprint' }));
    expect(await within(group('Blueprint')).findByRole('alert')).toHaveTextContent(
      'Failed to remove file: Order not found.',
    );
    expect(within(group('Blueprint')).getByText('plan.pdf')).toBeInTheDocument();
  });
});

describe('OrderForm: invoice', () => {
  /** invoices.createForOrder for order 7: `answer` gives the invoice made (or throws the refusal). */
  function invoiceProcedures(answer: () => unknown) {
    return {
      'invoices.createForOrder': (input: unknown) => {
        expect(input).toMatchObject({ orderId: 7 });
        return answer();
      },
    };
  }

  it('asks a new order to be saved first', async () => {
    await renderOrderForm();
    await userEvent.click(button('CREATE INVOICE'));
    expect(await screen.findByText(MESSAGES.saveOrderBeforeInvoice)).toBeInTheDocument();
  });

  it('creates the invoice of a saved order and goes to it', async () => {
    const server = createOrderServer({
      orders: [sampleOrder(7)],
      procedures: invoiceProcedures(() => ({ id: 55, invoice_number: '5002', created: true })),
    });
    const { requests, router, onClose } = await renderOrderForm({ orderId: 7, server });
    await userEvent.click(button('CREATE INVOICE'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/55/edit'));
    expect(onClose).toHaveBeenCalled();
    expect(sentTo(requests, 'invoices.createForOrder')).toEqual({ orderId: 7 });
    const post = requests.find((r) => r.path === '/trpc/invoices.createForOrder');
    expect(post?.headers.get('X-CSRFToken')).toBe('test-token');
  });

  it('shows the Unsaved Changes dialog first, and can save, discard or stay', async () => {
    const server = createOrderServer({
      orders: [sampleOrder(7)],
      procedures: invoiceProcedures(() => ({ id: 55, invoice_number: '5002', created: true })),
    });
    const { requests, router } = await renderOrderForm({ orderId: 7, server });
    await userEvent.type(screen.getByRole('textbox', { name: 'Order Notes' }), 'Rush');
    await userEvent.click(button('CREATE INVOICE'));

    const unsaved = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(
      within(unsaved)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Close', 'Cancel', 'Discard Changes & Go to Invoice', 'Save Changes & Go to Invoice']);
    await userEvent.click(within(unsaved).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Unsaved Changes' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');

    await userEvent.click(button('CREATE INVOICE'));
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes & Go to Invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/55/edit'));
    expect(sentTo(requests, 'orders.update')?.data).toMatchObject({ notes: 'Rush', version: 1 });
  });

  it('can go to the invoice without the changes', async () => {
    const server = createOrderServer({
      orders: [sampleOrder(7)],
      procedures: invoiceProcedures(() => ({ id: 55, invoice_number: '5002', created: true })),
    });
    const { requests, router } = await renderOrderForm({ orderId: 7, server });
    await userEvent.type(screen.getByRole('textbox', { name: 'Order Notes' }), 'Rush');
    await userEvent.click(button('CREATE INVOICE'));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard Changes & Go to Invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/55/edit'));
    expect(called(requests, 'orders.update')).toBe(false);
  });

  it("shows the server's reason when the invoice cannot be created", async () => {
    const server = createOrderServer({
      orders: [sampleOrder(7)],
      procedures: invoiceProcedures(() => {
        throw new TrpcTestError({
          message: 'The order needs a billing name.',
          code: 'BAD_REQUEST',
          appCode: 'VALIDATION',
        });
      }),
    });
    await renderOrderForm({ orderId: 7, server });
    await userEvent.click(button('CREATE INVOICE'));
    expect(await screen.findByText('The order needs a billing name.')).toBeInTheDocument();
  });

  it('goes straight to an existing invoice', async () => {
    const order = sampleOrder(
      7,
      {},
      {
        has_invoice: true,
        invoice_details: { id: 12, invoice_number: '5001', date: '2024-03-09' },
      },
    );
    const { router, requests } = await renderOrderForm({
      orderId: 7,
      server: createOrderServer({ orders: [order] }),
    });
    expect(screen.getByRole('link', { name: 'Invoice: Generated #5001 on 03/09/2024' })).toHaveAttribute(
      'href',
      '/invoices?search=Acme%20Cold%20Storage',
    );
    await userEvent.click(button('EDIT INVOICE'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/12/edit'));
    expect(called(requests, 'invoices.createForOrder')).toBe(false);
  });
});

describe('OrderForm: invoice mode (opened from an invoice)', () => {
  const invoiced = () =>
    sampleOrder(
      7,
      {},
      { has_invoice: true, invoice_details: { id: 12, invoice_number: '5001', date: '2024-03-09' } },
    );

  it('saves, rebuilds the invoice from the order, opens the editor, and hides the uploaders', async () => {
    const server = createOrderServer({
      orders: [invoiced()],
      procedures: { 'invoices.createForOrder': () => ({ id: 12, invoice_number: '5001', created: false }) },
    });
    const { requests, router } = await renderOrderForm({ orderId: 7, server, invoiceMode: true });
    expect(screen.queryByRole('button', { name: 'EDIT INVOICE' })).not.toBeInTheDocument();
    expect(screen.queryByText('Blueprint')).not.toBeInTheDocument();
    expect(screen.queryByText('Door Drawing')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Order Notes' }), 'Rush');
    await userEvent.click(button('SAVE & RECREATE INVOICE'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/12/edit'));
    expect(sentTo(requests, 'orders.update')?.data).toMatchObject({ notes: 'Rush', version: 1 });
    expect(sentTo(requests, 'invoices.createForOrder')).toEqual({ orderId: 7, recreate: true });
  });

  it("shows the server's reason when the invoice cannot be rebuilt", async () => {
    const server = createOrderServer({
      orders: [invoiced()],
      procedures: {
        'invoices.createForOrder': () => {
          throw new TrpcTestError({
            message: 'Voided orders cannot be invoiced.',
            code: 'BAD_REQUEST',
            appCode: 'VALIDATION',
          });
        },
      },
    });
    await renderOrderForm({ orderId: 7, server, invoiceMode: true });
    await userEvent.click(button('SAVE & RECREATE INVOICE'));
    expect(await screen.findByText('Voided orders cannot be invoiced.')).toBeInTheDocument();
  });
});

describe('OrderForm: void, unvoid, delete', () => {
  it('voids and unvoids with the spec confirmations and messages', async () => {
    const server = createOrderServer({ orders: [sampleOrder(7)] });
    await renderOrderForm({ orderId: 7, server });
    await userEvent.click(button('VOID ORDER'));
    const confirm = await screen.findByRole('dialog', { name: 'Void Order' });
    expect(confirm).toHaveTextContent(MESSAGES.confirmVoid);
    await userEvent.click(within(confirm).getByRole('button', { name: 'VOID ORDER' }));
    expect(await screen.findByText(MESSAGES.orderVoided)).toBeInTheDocument();
    expect(within(screen.getByRole('form')).getByText('Voided')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'VOID ORDER' })).not.toBeInTheDocument();

    await userEvent.click(button('UNVOID ORDER'));
    const unvoid = await screen.findByRole('dialog', { name: 'Unvoid Order' });
    expect(unvoid).toHaveTextContent(MESSAGES.confirmUnvoid);
    await userEvent.click(within(unvoid).getByRole('button', { name: 'UNVOID ORDER' }));
    expect(await screen.findByText(MESSAGES.orderUnvoided)).toBeInTheDocument();
    expect(within(screen.getByRole('form')).getByText('Pending')).toBeInTheDocument();
  });

  it('says when voiding fails', async () => {
    const server = createOrderServer({
      orders: [sampleOrder(7)],
      procedures: {
        'orders.void': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    await renderOrderForm({ orderId: 7, server });
    await userEvent.click(button('VOID ORDER'));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Void Order' })).getByRole('button', {
        name: 'VOID ORDER',
      }),
    );
    expect(await screen.findByText(MESSAGES.voidOrderError)).toBeInTheDocument();
  });

  it('deletes after asking, and reports it', async () => {
    const server = createOrderServer({ orders: [sampleOrder(7)] });
    const { onDeleted } = await renderOrderForm({ orderId: 7, server });
    await userEvent.click(button('DELETE'));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Order' });
    expect(confirm).toHaveTextContent(MESSAGES.confirmDelete);
    await userEvent.click(within(confirm).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(MESSAGES.orderDeleted));
    expect(server.state.orders.has(7)).toBe(false);
  });

  it("shows the server's reason when an invoiced order cannot be deleted", async () => {
    const order = sampleOrder(
      7,
      {},
      { has_invoice: true, invoice_details: { id: 12, invoice_number: '5001', date: '2024-03-09' } },
    );
    await renderOrderForm({ orderId: 7, server: createOrderServer({ orders: [order] }) });
    await userEvent.click(button('DELETE'));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Order' })).getByRole('button', {
        name: 'DELETE',
      }),
    );
    expect(
      await screen.findByText(
        'This order has an invoice (#5001) and cannot be deleted. Delete the invoice first.',
      ),
    ).toBeInTheDocument();
  });
});

describe('OrderForm: duplicate', () => {
  it('opens a copy as a new unsaved order with a fresh door number and no documents', async () => {
    const order = sampleOrder(
      7,
      { status: 'processed', eps_po_number: 'EPS-1' },
      {
        has_bol: true,
        bill_of_lading_details: { bill_of_lading_number: 'BOL-7', date: '2024-03-08', free_on_board: '' },
        blueprint: '/api/orders/7/serve-blueprint/',
        blueprint_filename: 'plan.pdf',
      },
    );
    const server = createOrderServer({ orders: [order], nextDoorNumbers: ['1050'] });
    const { requests, onClose } = await renderOrderForm({ orderId: 7, server });
    await userEvent.click(button('DUPLICATE ORDER'));

    expect(await screen.findByRole('dialog', { name: 'New Order' })).toBeInTheDocument();
    expect(screen.getByText(/This is a copy of order 1007/)).toBeInTheDocument();
    expect(textbox('Door Number')).toHaveValue('1050');
    expect(textbox('Name', billing())).toHaveValue('Acme Cold Storage');
    expect(textbox('EPS PO Number')).toHaveValue('EPS-1');
    expect(within(screen.getByRole('form')).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Bill of Lading: Not generated')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload Blueprint')).toBeInTheDocument();

    // The copy is unsaved: closing asks.
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
    await userEvent.click(button('Keep Editing'));
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(button('SAVE'));
    expect(await screen.findByText('Order created successfully.')).toBeInTheDocument();
    expect(sentTo(requests, 'orders.create')).toMatchObject({ door_number: '1050', status: 'pending' });
  });

  it('says when the copy cannot be made', async () => {
    const server = createOrderServer({
      orders: [sampleOrder(7)],
      procedures: {
        'orders.nextDoorNumber': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    await renderOrderForm({ orderId: 7, server });
    await userEvent.click(button('DUPLICATE ORDER'));
    expect(await screen.findByText(MESSAGES.duplicateOrderError)).toBeInTheDocument();
  });
});

describe('OrderForm: closing', () => {
  it('closes at once when nothing changed, and asks first when something did', async () => {
    const { onClose } = await renderOrderForm({
      orderId: 7,
      server: createOrderServer({ orders: [sampleOrder(7)] }),
    });
    // Escape inside an open select closes the menu only.
    await userEvent.click(combobox('Ship Via'));
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.type(textbox('EPS PO Number'), 'EPS-5');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    expect(textbox('EPS PO Number')).toHaveValue('EPS-5');
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(button('CLOSE'));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard Changes',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes a pristine order with Escape', async () => {
    const { onClose } = await renderOrderForm({
      orderId: 7,
      server: createOrderServer({ orders: [sampleOrder(7)] }),
    });
    screen.getByRole('dialog', { name: 'Edit Order' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('OrderForm: print', () => {
  it('prints the saved order through a hidden frame and closes', async () => {
    const server = createOrderServer({
      orders: [sampleOrder(7)],
      rest: (request) =>
        request.path === '/api/orders/7/print/'
          ? new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } })
          : jsonResponse({ detail: 'Not found.' }, 404),
    });
    const { onClose, requests } = await renderOrderForm({ orderId: 7, server });
    await userEvent.click(button('PRINT'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const frame = document.querySelector('iframe[title="Print"]');
    expect(frame).not.toBeNull();
    expect(frame).toHaveAttribute('src', 'blob:pdf');
    expect(called(requests, 'orders.update')).toBe(false);
  });

  it('saves changes first, and says when printing fails', async () => {
    const server = createOrderServer({ orders: [sampleOrder(7)] });
    const { onClose, requests } = await renderOrderForm({ orderId: 7, server });
    await userEvent.type(textbox('EPS PO Number'), 'EPS-5');
    await userEvent.click(button('PRINT'));
    expect(await screen.findByText(MESSAGES.printOrderError)).toBeInTheDocument();
    expect(sentTo(requests, 'orders.update')?.data).toMatchObject({ eps_po_number: 'EPS-5' });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('OrderForm: bill of lading and history', () => {
  it('creates the bill of lading with a required date and downloads its PDF', async () => {
    const server = createOrderServer({
      orders: [sampleOrder(7)],
      procedures: {
        'bols.info': (input) => {
          expect(input).toEqual({ orderId: 7 });
          return { bol_number: 'BOL-0007', is_update: false, date: '2024-03-05', free_on_board: '' };
        },
      },
      rest: (request) => {
        if (request.path === '/api/orders/7/create-bill-of-lading/' && request.method === 'POST') {
          const order = server.state.orders.get(7)!;
          server.state.orders.set(7, {
            ...order,
            has_bol: true,
            bill_of_lading_details: {
              bill_of_lading_number: 'BOL-0007',
              date: '2024-03-12',
              free_on_board: 'Origin',
            },
          });
          return new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
        }
        return jsonResponse({ detail: 'Not found.' }, 404);
      },
    });
    const { requests } = await renderOrderForm({ orderId: 7, server });
    await userEvent.click(button('CREATE BOL'));
    const bol = await screen.findByRole('dialog', { name: 'Bill of Lading' });
    expect(await within(bol).findByText('BOL-0007')).toBeInTheDocument();

    const date = within(bol).getByLabelText(/^Date/);
    await userEvent.clear(date);
    await userEvent.click(within(bol).getByRole('button', { name: 'Create BOL' }));
    expect(await within(bol).findByText(MESSAGES.bolDateRequired)).toBeInTheDocument();

    await userEvent.type(date, '2024-03-12');
    await userEvent.type(within(bol).getByRole('textbox', { name: 'Free on Board' }), 'Origin');
    await userEvent.click(within(bol).getByRole('button', { name: 'Create BOL' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Bill of Lading' })).not.toBeInTheDocument(),
    );
    const post = requests.find((r) => r.path === '/api/orders/7/create-bill-of-lading/');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      bill_of_lading_date: '2024-03-12',
      free_on_board: 'Origin',
    });
    expect(URL.createObjectURL).toHaveBeenCalled();
    expect(await screen.findByText('Bill of Lading: Generated #BOL-0007 on 03/12/2024')).toBeInTheDocument();
    expect(button('VIEW/UPDATE BOL')).toBeInTheDocument();
  });

  it('lists the history newest first: who, when, what changed', async () => {
    const server = createOrderServer({
      orders: [sampleOrder(7)],
      history: [
        {
          id: 2,
          action: 'updated',
          changes: {
            notes: { old: '', new: 'Rush' },
            'building_info.additional_items[0].quantity': { old: 1, new: 2 },
          },
          user: { id: 1, username: 'admin' },
          created_at: '2024-03-06T15:30:00.000Z',
        },
        {
          id: 1,
          action: 'created',
          changes: { door_number: { old: null, new: '1007' } },
          user: null,
          created_at: '2024-03-05T15:00:00.000Z',
        },
      ],
    });
    await renderOrderForm({ orderId: 7, server });
    await userEvent.click(screen.getByText('History'));
    const list = await screen.findByRole('list', { name: 'Order history' });
    const entries = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent(/^Updated by admin 03\/06\/2024/);
    expect(entries[0]).toHaveTextContent('Order Notes: (blank) → Rush');
    expect(entries[0]).toHaveTextContent('Additional Item 1: Quantity: 1 → 2');
    expect(entries[1]).toHaveTextContent(/^Created by System 03\/05\/2024/);
    expect(entries[1]).toHaveTextContent('Door Number: 1007');
  });
});
