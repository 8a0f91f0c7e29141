import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_SETTINGS_FIELDS, DEFAULT_ACCOUNT_NAMES, todayIso } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { TrpcTestError } from '../../test/fakeFetch';
import { STAFF, createFakeServer } from '../../test/fakeServer';
import { createCompanyServer } from '../company/testing';
import { inputsOf } from '../invoices/testing/fakeInvoicesServer';

/** The accountant export (decision 205): its tab on Reports and its account names on Company Information. */

const summary = (input: { from: string; to: string }, records = 7) => ({
  ...input,
  invoices: records ? 2 : 0,
  credit_notes: records ? 1 : 0,
  transactions: records ? 6 : 0,
  records,
  max_records: 20000,
});

describe('Accountant export', () => {
  it('shows what the range holds and downloads the chosen format with the range; an empty range has no Download', async () => {
    const server = createFakeServer({
      session: STAFF,
      procedures: {
        'reports.accountingExportSummary': (input) => {
          const range = input as { from: string; to: string };
          if (range.to < range.from)
            throw new TrpcTestError({
              message: 'Invalid input',
              code: 'BAD_REQUEST',
              appCode: 'VALIDATION',
              fieldErrors: { to: ['The end date must be on or after the start date'] },
            });
          return summary(range, range.from.startsWith('2001') ? 0 : 7);
        },
      },
    });
    renderApp('/reports?report=accountant-export', server.handler);
    expect(
      await screen.findByText(/2 invoices, 1 credit note, 6 transactions/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const year = todayIso().slice(0, 4);
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `/api/reports/accounting-export/?from=${year}-01-01&to=${year}-12-31&format=iif`,
    );
    await userEvent.selectOptions(screen.getByLabelText('Format'), 'xero-invoices');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      expect.stringContaining('format=xero-invoices'),
    );

    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2001-01-01');
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2001-12-31');
    expect(await screen.findByText(/Nothing to export/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();

    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2000-12-31');
    expect(await screen.findByText('The end date must be on or after the start date')).toBeInTheDocument();
  });

  it('Company Information lists the account names and a superuser saves them', async () => {
    const settings = {
      account_receivable: DEFAULT_ACCOUNT_NAMES.receivable,
      account_sales: DEFAULT_ACCOUNT_NAMES.sales,
      account_freight: DEFAULT_ACCOUNT_NAMES.freight,
      account_discounts: DEFAULT_ACCOUNT_NAMES.discounts,
      account_sales_tax: DEFAULT_ACCOUNT_NAMES.salesTax,
      account_undeposited_funds: DEFAULT_ACCOUNT_NAMES.undepositedFunds,
      account_refunds: DEFAULT_ACCOUNT_NAMES.refunds,
      account_customer_deposits: DEFAULT_ACCOUNT_NAMES.customerDeposits,
      account_adjustments: DEFAULT_ACCOUNT_NAMES.adjustments,
      xero_sales_account_code: '200',
      xero_tax_type: 'Tax on Sales',
      xero_exempt_tax_type: 'Tax Exempt',
    };
    const server = createCompanyServer({
      procedures: {
        'company.accounting': () => settings,
        'company.saveAccounting': (input) => input,
      },
    });
    const { requests } = renderApp('/company-info', server.handler);
    const section = within(await screen.findByRole('region', { name: 'Accountant export' }));
    expect(await section.findAllByRole('textbox')).toHaveLength(ACCOUNTING_SETTINGS_FIELDS.length);
    const sales = section.getByRole('textbox', { name: 'Sales income' });
    expect(sales).toHaveValue('Sales');
    await userEvent.clear(sales);
    await userEvent.click(section.getByRole('button', { name: 'Save account names' }));
    expect(sales).toHaveAccessibleDescription(expect.stringContaining('Give a name'));
    expect(inputsOf(requests, 'company.saveAccounting')).toEqual([]);
    await userEvent.type(sales, 'Income:Buildings');
    await userEvent.click(section.getByRole('button', { name: 'Save account names' }));
    expect(await section.findByText('Account names saved.')).toBeInTheDocument();
    expect(inputsOf(requests, 'company.saveAccounting')).toEqual([
      { ...settings, account_sales: 'Income:Buildings' },
    ]);
  });
});
