import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGE_TEMPLATES } from '@icehouse/domain';
import { renderWithServer } from '../../test/render';
import { TrpcTestError, trpcBatch } from '../../test/fakeFetch';
import { DepositsSection } from './DepositsSection';

const ACCOUNT = {
  order_id: 7,
  order_status: 'pending',
  held: '0.00',
  owed_to_customer: false,
  deposit_limit: '1068.80',
  results: [],
};

describe('Deposits on the order form', () => {
  it('says the most a deposit may be, and shows the refusal of more on the amount', async () => {
    const message = MESSAGE_TEMPLATES.depositAboveLimit('1068.80');
    const server = trpcBatch({
      'credit.orderDeposits': () => ACCOUNT,
      'credit.recordDeposit': () => {
        throw new TrpcTestError({
          message,
          code: 'BAD_REQUEST',
          appCode: 'VALIDATION',
          fieldErrors: { amount: [message] },
        });
      },
    });
    renderWithServer(<DepositsSection orderId={7} invoiced={false} />, server);
    const amount = await screen.findByRole('spinbutton', { name: /^Deposit amount/ });
    expect(amount).toHaveAccessibleDescription('At most $1,068.80, what the order still needs.');

    await userEvent.type(amount, '2068.80');
    await userEvent.click(screen.getByRole('button', { name: 'Record deposit' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(amount).toHaveAccessibleDescription(
      `The deposit cannot be more than $1,068.80, what this order still needs At most $1,068.80, what the order still needs.`,
    );
    // What was typed stays, to be corrected.
    expect(amount).toHaveValue(2068.8);
  });
});
