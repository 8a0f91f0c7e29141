import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { renderWithServer } from '../../test/render';
import { OrderFormProvider, useOrderForm } from './OrderFormProvider';
import { createOrderServer } from './testing/fakeOrderServer';
import { sampleOrder } from './testing/sampleOrders';

// Whole-form tests drive many react-selects: give them room on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  // The form logs the failures these tests provoke on purpose; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

function Opener() {
  const { newOrder, openOrder } = useOrderForm();
  return (
    <>
      <button type="button" onClick={() => newOrder()}>
        Create New Order
      </button>
      <button type="button" onClick={() => openOrder(7)}>
        Open 1007
      </button>
    </>
  );
}

function renderProvider(path = '/orders', procedures: Record<string, (input: unknown) => unknown> = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <OrderFormProvider>
            <Opener />
          </OrderFormProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const server = createOrderServer({ orders: [sampleOrder(7)], procedures });
  return { router, server, ...renderWithServer(<RouterProvider router={router} />, server.handler) };
}

describe('OrderFormProvider', () => {
  it('loads the form on demand and opens a new or an existing order', async () => {
    renderProvider();
    await userEvent.click(screen.getByRole('button', { name: 'Create New Order' }));
    expect(await screen.findByRole('form', { name: 'New Order' }, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Open 1007' }));
    expect(await screen.findByRole('form', { name: 'Edit Order' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Door Number' })).toHaveValue('1007');
  });

  it('opens the order a link names (?order=7), keeps ?order=7 while it is open and drops it on close', async () => {
    const { router } = renderProvider('/orders?year=2024&order=7');
    expect(await screen.findByRole('form', { name: 'Edit Order' }, { timeout: 5000 })).toBeInTheDocument();
    // The address names the open order (a reload or a copied link opens it again).
    expect(router.state.location.search).toBe('?year=2024&order=7');
    await userEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?year=2024');
  });

  it("leaves the list's address behind when the form goes to another page (Create Invoice)", async () => {
    const { router } = renderProvider('/orders?serial=1007&order=7', {
      'invoices.createForOrder': () => ({ id: 55, invoice_number: '5002', created: true }),
    });
    await screen.findByRole('form', { name: 'Edit Order' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'CREATE INVOICE' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/55/edit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The invoice editor's address carries nothing of the orders list (neither its filter nor ?order).
    expect(router.state.location.search).toBe('');
  });

  it('gives an order opened from the page its own address, and a new order none', async () => {
    const { router } = renderProvider('/orders?year=2024');
    await userEvent.click(screen.getByRole('button', { name: 'Open 1007' }));
    await screen.findByRole('form', { name: 'Edit Order' }, { timeout: 5000 });
    await waitFor(() => expect(router.state.location.search).toBe('?year=2024&order=7'));
    await userEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(router.state.location.search).toBe('?year=2024'));

    await router.navigate('/orders?order=new');
    expect(await screen.findByRole('form', { name: 'New Order' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the deletion message after the form closes', async () => {
    renderProvider();
    await userEvent.click(screen.getByRole('button', { name: 'Open 1007' }));
    await screen.findByRole('form', { name: 'Edit Order' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'DELETE' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Order' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'DELETE' }));
    expect(await screen.findByText('Order deleted successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit Order' })).not.toBeInTheDocument();
  });
});
