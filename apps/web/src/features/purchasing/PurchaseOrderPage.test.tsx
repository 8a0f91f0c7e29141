import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PURCHASING_MESSAGES, withoutMoney, type Role } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { TrpcTestError } from '../../test/fakeFetch';
import { STAFF, createFakeServer, type FakeUser } from '../../test/fakeServer';

const as = (role: Role): FakeUser => ({ ...STAFF, id: 7, username: role, role, is_superuser: role === 'admin' });

const PO = {
  id: 3,
  number: 'P-1003',
  supplier_id: 1,
  supplier_name: 'Northern Panel Supply',
  supplier_email: 'orders@northernpanel.example',
  status: 'sent' as const,
  expected_date: '2026-12-08',
  notes: '',
  sent_at: '2026-11-28T15:00:00.000Z',
  created_at: '2026-11-28T14:00:00.000Z',
  updated_at: '2026-11-28T15:00:00.000Z',
  version: 2,
  total: '1146.00',
  lines: [
    { id: 11, position: 1, component_id: 4, component_name: 'Wall panel 4x8', supplier_part_number: 'NP-W4', quantity: 12, received_quantity: 0, outstanding: 12, unit_cost: '95.50', line_total: '1146.00' },
  ],
};

/** /purchase-orders/3 as `role` opens it; receive answers from `receive`. */
function open(role: Role, receive: (input: unknown) => unknown) {
  const answer = role === 'shop' ? withoutMoney(PO) : PO;
  const calls: unknown[] = [];
  const server = createFakeServer({
    session: as(role),
    users: [as(role)],
    procedures: {
      'purchasing.get': () => answer,
      'purchasing.receive': (input: unknown) => {
        calls.push(input);
        return receive(input);
      },
    },
  });
  renderApp('/purchase-orders/3', server.handler);
  return calls;
}

describe('receiving a purchase order', () => {
  it('shows the shop quantities without a cost, and asks to confirm an over-receipt before sending it again', async () => {
    const calls = open('shop', (input) => {
      const data = (input as { data: { confirm_over_receipt: boolean } }).data;
      if (!data.confirm_over_receipt)
        throw new TrpcTestError({
          message: 'Invalid',
          code: 'BAD_REQUEST',
          appCode: 'VALIDATION',
          fieldErrors: { confirm_over_receipt: [PURCHASING_MESSAGES.confirmOverReceipt], lines: [{ quantity: [PURCHASING_MESSAGES.overReceipt(12, 14)] }] },
        });
      return withoutMoney({ ...PO, status: 'received', lines: [{ ...PO.lines[0]!, received_quantity: 14, outstanding: 0 }] });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'P.O. # P-1003' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\$|Unit cost|Amount/);
    await userEvent.type(screen.getByRole('textbox', { name: 'Receive now: Wall panel 4x8' }), '14');
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('That makes 14 received of 12 ordered: confirm to receive more than was ordered.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Receive more than was ordered' }));
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Received into stock.')).toBeInTheDocument();
    expect(calls).toEqual([
      { id: 3, data: { lines: [{ line_id: 11, quantity: '14' }], confirm_over_receipt: false } },
      { id: 3, data: { lines: [{ line_id: 11, quantity: '14' }], confirm_over_receipt: true } },
    ]);
  });

  it('shows the office the costs and its actions', async () => {
    open('office', () => PO);
    expect(await screen.findByRole('heading', { level: 1, name: 'P.O. # P-1003' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Unit cost' })).toBeInTheDocument();
    expect(screen.getAllByText('$1,146.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Cancel purchase order' })).toBeInTheDocument();
  });
});
