import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { statementBatchPeriod } from '@icehouse/domain';
import { renderWithServer } from '../../test/render';
import { trpcBatch } from '../../test/fakeFetch';
import { EmailStatementsButton } from './EmailStatementsButton';

const PERIOD = statementBatchPeriod();
const PREVIEW = {
  ...PERIOD,
  recipients: [
    { customer_id: 1, customer_name: 'Owing Co', email: 'owing@example.com', closing_balance: '150.00' },
    { customer_id: 3, customer_name: 'Credit Co', email: 'credit@example.com', closing_balance: '-75.00' },
  ],
  without_email: [{ customer_id: 2, customer_name: 'Silent Co', closing_balance: '90.00' }],
};
const BATCH = {
  id: 5,
  ...PERIOD,
  created_at: '2026-11-01T10:00:00.000Z',
  created_by: 'staff',
  statements: 2,
  queued: 0,
  sent: 2,
  failed: 0,
  skipped_no_email: 1,
  skipped: [{ customer_id: 2, customer_name: 'Silent Co', closing_balance: '90.00' }],
  results: [],
};

describe('Email statements to every customer with a balance', () => {
  it('opens on the last full month, names who will be emailed and who has no address, then names who was skipped', async () => {
    const previewed: unknown[] = [];
    const sent: unknown[] = [];
    const server = trpcBatch({
      'statements.batchPreview': (input) => {
        previewed.push(input);
        return PREVIEW;
      },
      'statements.emailBatch': (input) => {
        sent.push(input);
        return BATCH;
      },
      'statements.batch': () => BATCH,
    });
    renderWithServer(<EmailStatementsButton />, server);
    await userEvent.click(screen.getByRole('button', { name: 'Email statements' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('From')).toHaveValue(PERIOD.from);
    expect(within(dialog).getByLabelText('To')).toHaveValue(PERIOD.to);
    const list = await within(dialog).findByRole('list', { name: /2 customers will be emailed/ });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Owing Co'),
      expect.stringContaining('Credit Co'),
    ]);
    expect(list).toHaveTextContent('owing@example.com');
    const skipped = within(dialog).getByRole('list', { name: /1 customer with a balance has no email address/ });
    expect(skipped).toHaveTextContent('Silent Co');
    expect(previewed.at(-1)).toEqual(PERIOD);
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Email 2 statements' }));
    const result = await within(dialog).findByTestId('statement-batch-result');
    expect(result).toHaveTextContent('2 statements: 2 sent');
    expect(within(dialog).getByRole('list', { name: /Not emailed: no email address/ })).toHaveTextContent('Silent Co');
    expect(sent).toEqual([{ data: PERIOD }]);
  });

  it('offers no send when no customer with a balance has an address', async () => {
    const server = trpcBatch({ 'statements.batchPreview': () => ({ ...PREVIEW, recipients: [] }) });
    renderWithServer(<EmailStatementsButton />, server);
    await userEvent.click(screen.getByRole('button', { name: 'Email statements' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No customer with a balance on this period has an email address.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Email \d/ })).toBeNull();
  });
});
