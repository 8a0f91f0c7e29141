import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { debounceClock } from '../../test/debounceClock';
import { currentPath, renderApp } from '../../test/render';
import { TrpcTestError, jsonResponse } from '../../test/fakeFetch';
import { PRINT_FRAME_TITLE } from './pdf';
import { fakeInvoice } from './testing/fakeInvoice';
import { PDF_BYTES, createInvoicesServer, inputsOf, type InvoicesServerOptions } from './testing/fakeInvoicesServer';

// The order form is its own feature: a stand-in shows which order it was asked to open.
vi.mock('../order-form/OrderFormModal', () => {
  function OrderFormStandIn({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
    return (
      <div role="dialog" aria-label="Edit Order">
        <p>{`order #${orderId}`}</p>
        <button type="button" onClick={onClose}>
          CLOSE
        </button>
      </div>
    );
  }
  return { default: OrderFormStandIn, OrderFormModal: OrderFormStandIn };
});

function sampleInvoices() {
  return [
    fakeInvoice(3, {
      invoice_number: '2003',
      date: '2024-03-20',
      customer_name: 'Lake of the Woods Resort',
      orders: [
        { id: 31, door_number: '1031' },
        { id: 32, door_number: '1032' },
      ],
      editable: { line_items: [{ quantity: 2, description: 'Ice house kit', price_each: '1500.00' }] },
    }),
    fakeInvoice(2, {
      invoice_number: '2002',
      date: '2024-03-10',
      customer_name: 'Alice Smith',
      has_manual_edits: true,
      orders: [{ id: 21, door_number: '1021' }],
      editable: { line_items: [{ quantity: 1, description: 'Cooler', price_each: '1250.50' }] },
    }),
    fakeInvoice(1, {
      invoice_number: '2001',
      date: '2024-02-01',
      customer_name: 'Bob Jones',
      orders: [{ id: 11, door_number: '1011' }],
    }),
  ];
}

async function openList(path = '/invoices', options: InvoicesServerOptions = {}) {
  const server = createInvoicesServer({ invoices: sampleInvoices(), ...options });
  const rendered = renderApp(path, server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Invoices' });
  return { ...rendered, server };
}

const table = () => screen.getByRole('table', { name: 'Invoices' });
const row = (number: string) => within(table()).getByRole('row', { name: new RegExp(`^${number} `) });
const searchBox = () => screen.getByRole('searchbox', { name: 'Search invoices' });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:invoice-pdf');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
});

describe('InvoicesPage', () => {
  it('lists invoices with their columns, type badges and the Edited badge', async () => {
    await openList();
    await within(table()).findByRole('cell', { name: 'Alice Smith' });

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Invoice #',
      'Date',
      'Customer Name',
      'Order #',
      'Type',
      'Total Amount',
      'Balance Due',
      'Due Date',
      'Actions',
    ]);

    const combined = row('2003');
    expect(within(combined).getByRole('cell', { name: '03/20/2024' })).toBeInTheDocument();
    expect(within(combined).getByText('Combined (2)')).toBeInTheDocument();
    expect(within(combined).getByRole('button', { name: '1031, 1032' })).toBeInTheDocument();
    // Total Amount and Balance Due (nothing paid yet).
    expect(within(combined).getAllByRole('cell', { name: '$3,000.00' })).toHaveLength(2);
    expect(within(combined).queryByText('Edited')).not.toBeInTheDocument();

    const edited = row('2002');
    expect(within(edited).getByText('Single')).toBeInTheDocument();
    expect(within(edited).getByText('Edited')).toBeInTheDocument();
    expect(within(edited).getAllByRole('cell', { name: '$1,250.50' })).toHaveLength(2);
    for (const name of ['Edit Layout', 'Print', 'Download PDF', 'Delete']) {
      expect(within(edited).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(row('2001')).queryByText('Edited')).not.toBeInTheDocument();
  });

  it("shows each invoice's Due Date and Balance Due (the server's exact figure) beside its total", async () => {
    const invoices = [
      fakeInvoice(4, {
        invoice_number: '2004',
        customer_name: 'Partly Paid Resort',
        orders: [{ id: 41, door_number: '1041' }],
        editable: {
          due_date: '2024-04-09',
          payments_credits: '250.49',
          line_items: [{ quantity: 3, description: 'Runner', price_each: '333.33' }],
        },
      }),
      ...sampleInvoices(),
    ];
    const server = createInvoicesServer({ invoices });
    renderApp('/invoices', server.handler);
    const partly = await waitFor(() => row('2004'));
    expect(within(partly).getByRole('cell', { name: '04/09/2024' })).toBeInTheDocument();
    // 999.99 − 250.49, to the cent.
    expect(within(partly).getByRole('cell', { name: '$749.50' })).toBeInTheDocument();
    const cells = within(row('2001'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[6]).toBe('$1,000.00');
    expect(cells[7]).toBe('—');
  });

  it('offers neither Delete nor Record payment on a paid invoice, both on an open one', async () => {
    const invoices = [
      fakeInvoice(5, {
        invoice_number: '2005',
        customer_name: 'Paid Up Resort',
        orders: [{ id: 51, door_number: '1051' }],
        editable: { payments_credits: '1000.00', line_items: [{ quantity: 1, description: 'Shed', price_each: '1000.00' }] },
      }),
      ...sampleInvoices(),
    ];
    renderApp('/invoices', createInvoicesServer({ invoices }).handler);
    const paid = await waitFor(() => row('2005'));
    expect(within(paid).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    for (const name of ['Edit Layout', 'Print', 'Download PDF']) expect(within(paid).getByRole('button', { name })).toBeInTheDocument();
    const open = row('2001');
    expect(within(open).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Record payment' })).toBeInTheDocument();
  });

  it('arrives filtered by ?search= and shows the search in the box', async () => {
    const { requests } = await openList('/invoices?search=Smith');
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    expect(searchBox()).toHaveValue('Smith');
    expect(within(table()).queryByRole('cell', { name: 'Bob Jones' })).not.toBeInTheDocument();
    expect(inputsOf(requests, 'invoices.list')[0]).toEqual({ search: 'Smith' });
  });

  it('searches 400 ms after typing stops and keeps the search in the URL', async () => {
    const { router, requests } = await openList();
    await within(table()).findByRole('cell', { name: 'Bob Jones' });

    const clock = debounceClock();
    await clock.user.type(searchBox(), '2001');
    // Not at once: 399 ms after the last key the search is not in force yet.
    await clock.pause(399);
    expect(currentPath(router)).toBe('/invoices');
    await clock.pause(1);
    expect(currentPath(router)).toBe('/invoices?search=2001');
    await waitFor(() =>
      expect(within(table()).queryByRole('cell', { name: 'Alice Smith' })).not.toBeInTheDocument(),
    );
    expect(within(table()).getByRole('cell', { name: 'Bob Jones' })).toBeInTheDocument();
    // One search for the whole word, not one per key.
    expect(inputsOf(requests, 'invoices.list')).toEqual([{}, { search: '2001' }]);

    await clock.user.clear(searchBox());
    await clock.pause(400);
    expect(currentPath(router)).toBe('/invoices');
    expect(await within(table()).findByRole('cell', { name: 'Alice Smith' })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    await openList('/invoices?search=Nobody');
    expect(await screen.findByRole('cell', { name: 'No invoices match "Nobody"' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Invoices' })).not.toBeInTheDocument();
  });

  it('loads more invoices while the server gives a next page', async () => {
    const { requests } = await openList('/invoices', { pageSize: 2 });
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    expect(within(table()).queryByRole('cell', { name: 'Bob Jones' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load More Invoices' }));
    expect(await within(table()).findByRole('cell', { name: 'Bob Jones' })).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load More Invoices' })).not.toBeInTheDocument();
    expect(inputsOf(requests, 'invoices.list')).toEqual([{}, { page: 2 }]);
  });

  it('says when the invoices cannot be fetched, and retries', async () => {
    let fail = true;
    const server = createInvoicesServer({ invoices: sampleInvoices() });
    const { handler } = server;
    renderApp('/invoices', (request) => {
      if (fail && request.path === '/trpc/invoices.list') {
        return jsonResponse(
          [
            {
              error: {
                message: 'Internal server error.',
                code: -32603,
                data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
              },
            },
          ],
          500,
        );
      }
      return handler(request);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching invoices. Please try again.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Alice Smith' })).toBeInTheDocument();
  });

  it('deletes an invoice after an inline Confirm, and Cancel keeps it', async () => {
    const { requests } = await openList();
    await within(table()).findByRole('cell', { name: 'Alice Smith' });

    await userEvent.click(within(row('2002')).getByRole('button', { name: 'Delete' }));
    expect(within(row('2002')).getByText('Delete invoice #2002?')).toBeInTheDocument();
    expect(within(row('2002')).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(row('2002')).getByRole('button', { name: 'Cancel' }));
    expect(within(row('2002')).getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(inputsOf(requests, 'invoices.delete')).toEqual([]);

    await userEvent.click(within(row('2002')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(row('2002')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Invoice #2002 deleted successfully');
    expect(within(table()).queryByRole('cell', { name: 'Alice Smith' })).not.toBeInTheDocument();
    expect(inputsOf(requests, 'invoices.delete')).toEqual([{ id: 2 }]);
  });

  it('says when an invoice cannot be deleted, and keeps the row', async () => {
    await openList('/invoices', {
      procedures: {
        'invoices.delete': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    await userEvent.click(within(row('2002')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(row('2002')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.deleteInvoiceError);
    expect(within(row('2002')).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('shows the reason when the server refuses the delete (a completed order keeps its invoice)', async () => {
    const reason = 'Order 1021 is Completed, and a completed order must keep its invoice.';
    await openList('/invoices', {
      procedures: {
        'invoices.delete': () => {
          throw new TrpcTestError({ message: reason, code: 'CONFLICT', appCode: 'CONFLICT' });
        },
      },
    });
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    await userEvent.click(within(row('2002')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(row('2002')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  });

  it('opens a single invoice’s order directly from its order number', async () => {
    await openList();
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    await userEvent.click(within(row('2002')).getByRole('button', { name: '1021' }));
    // The form's code loads lazily: first its loading dialog, then the form for order 21.
    expect(await screen.findByText('order #21')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Order' })).toBeInTheDocument();
  });

  it('asks which order to open for a combined invoice (Select Order to Edit)', async () => {
    const { requests } = await openList();
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    await userEvent.click(within(row('2003')).getByRole('button', { name: '1031, 1032' }));

    const dialog = await screen.findByRole('dialog', { name: 'Select Order to Edit' });
    const second = await within(dialog).findByRole('button', {
      name: 'Order 1032, Lake of the Woods Resort',
    });
    expect(
      within(dialog).getByRole('button', { name: 'Order 1031, Lake of the Woods Resort' }),
    ).toBeInTheDocument();
    expect(inputsOf(requests, 'invoices.get')).toEqual([{ id: 3 }]);

    await userEvent.click(second);
    expect(screen.queryByRole('dialog', { name: 'Select Order to Edit' })).not.toBeInTheDocument();
    expect(await screen.findByText('order #32')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Order' })).toBeInTheDocument();
  });

  it('says when the orders of a combined invoice cannot be fetched', async () => {
    await openList('/invoices', {
      procedures: {
        'invoices.get': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    await userEvent.click(within(row('2003')).getByRole('button', { name: '1031, 1032' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Order to Edit' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.fetchOrderError);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Edit Layout goes to the invoice editor', async () => {
    const { router } = await openList();
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    await userEvent.click(within(row('2002')).getByRole('button', { name: 'Edit Layout' }));
    await waitFor(() => expect(currentPath(router)).toBe('/invoices/2/edit'));
  });

  it('downloads the PDF as invoice-{number}.pdf', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const { requests } = await openList();
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    await userEvent.click(within(row('2002')).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicks).toEqual(['invoice-2002.pdf']));
    expect(requests.some((r) => r.path === '/api/invoices/2/pdf/')).toBe(true);
    const saved = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await saved.text()).toBe(PDF_BYTES);
  });

  it('prints through a hidden frame', async () => {
    await openList();
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    await userEvent.click(within(row('2001')).getByRole('button', { name: 'Print' }));
    await waitFor(() =>
      expect(document.querySelector(`iframe[title="${PRINT_FRAME_TITLE}"]`)).not.toBeNull(),
    );
    const frame = document.querySelector<HTMLIFrameElement>(`iframe[title="${PRINT_FRAME_TITLE}"]`)!;
    expect(frame.src).toBe('blob:invoice-pdf');
    expect(frame).toHaveAttribute('aria-hidden', 'true');
  });

  it('says when the PDF cannot be made', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openList('/invoices', {
      pdf: () => jsonResponse({ detail: 'PDF rendering is unavailable.' }, 503),
    });
    await within(table()).findByRole('cell', { name: 'Alice Smith' });
    await userEvent.click(within(row('2001')).getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.pdfError);
  });
});
