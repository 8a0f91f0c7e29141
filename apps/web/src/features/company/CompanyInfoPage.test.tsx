import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { currentPath, renderApp } from '../../test/render';
import { TrpcTestError, trpcInputs, type SeenRequest } from '../../test/fakeFetch';
import { COMPANY, createCompanyServer, type CompanyServerOptions } from './testing';

async function openCompany(options: CompanyServerOptions = {}) {
  const server = createCompanyServer(options);
  const rendered = renderApp('/company-info', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Company Information' });
  return { ...rendered, server };
}

const company = () => screen.getByRole('group', { name: 'Company' });
const remit = () => screen.getByRole('group', { name: 'Remit To' });
const companyName = () => screen.getByRole('textbox', { name: 'Company Name' });
const box = (group: HTMLElement, name: string) => within(group).getByRole('textbox', { name });
const taxRate = () => screen.getByRole('spinbutton', { name: 'Sales Tax Rate (%)' });
const editButton = () => screen.getByRole('button', { name: 'Edit Information' });

function sentTo(requests: SeenRequest[], procedure: string): unknown {
  const call = requests.find((r) => r.path === `/trpc/${procedure}`);
  return call ? trpcInputs(call)[0] : undefined;
}

describe('Company Information (/company-info)', () => {
  it('shows the company read-only until Edit Information, with the hints', async () => {
    await openCompany();
    expect(await screen.findByDisplayValue('North Star Ice Houses')).toBeInTheDocument();

    expect(companyName()).toHaveAttribute('readonly');
    expect(box(company(), 'Phone')).toHaveAttribute('readonly');
    expect(taxRate()).toHaveAttribute('readonly');
    expect(box(remit(), 'Street')).toHaveAttribute('readonly');
    expect(box(remit(), 'Street')).toHaveValue('PO Box 412');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    expect(box(company(), 'ZIP Code')).toHaveAccessibleDescription('XXXXX or XXXXX-XXXX');
    expect(box(remit(), 'ZIP Code')).toHaveAccessibleDescription('XXXXX or XXXXX-XXXX');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('(XXX) XXX-XXXX');
    expect(screen.getByRole('textbox', { name: 'Fax' })).toHaveAccessibleDescription('(XXX) XXX-XXXX');
    expect(box(company(), 'State')).toHaveAttribute('maxlength', '2');
    expect(taxRate()).toHaveValue(6.88);
    expect(taxRate()).toHaveAttribute('min', '0');
    expect(taxRate()).toHaveAttribute('max', '100');
    expect(taxRate()).toHaveAttribute('step', '0.01');
  });

  it('edits and saves: every field is sent, the state in capitals, then back to read-only', async () => {
    const { requests } = await openCompany();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Information' }));

    expect(companyName()).not.toHaveAttribute('readonly');
    expect(companyName()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Edit Information' })).not.toBeInTheDocument();

    await userEvent.clear(box(company(), 'State'));
    await userEvent.type(box(company(), 'State'), 'wi');
    expect(box(company(), 'State')).toHaveValue('WI');
    await userEvent.clear(taxRate());
    await userEvent.type(taxRate(), '5.5');
    await userEvent.clear(box(remit(), 'Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(MESSAGES.companyUpdated)).toBeInTheDocument();
    expect(sentTo(requests, 'company.update')).toEqual({
      ...Object.fromEntries(Object.entries(COMPANY).filter(([key]) => key !== 'id' && key !== 'remit_to')),
      state: 'WI',
      sales_tax_rate: '5.50',
      remit_payment_name: '',
    });
    expect(companyName()).toHaveAttribute('readonly');
    expect(box(company(), 'State')).toHaveValue('WI');
    expect(taxRate()).toHaveValue(5.5);
    expect(editButton()).toHaveFocus();
  });

  it('chooses the status at which orders take their parts from stock (processed unless changed)', async () => {
    const { requests, server } = await openCompany();
    const select = () => screen.getByRole('combobox', { name: 'Parts Taken From Stock At' });
    expect(await screen.findByRole('combobox', { name: 'Parts Taken From Stock At' })).toHaveValue('processed');
    expect(select()).toBeDisabled();
    await userEvent.click(editButton());
    await userEvent.selectOptions(select(), 'Scheduled to Ship');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MESSAGES.companyUpdated)).toBeInTheDocument();
    expect(sentTo(requests, 'company.update')).toMatchObject({ stock_consumption_status: 'scheduled_to_ship' });
    expect(server.company.current.stock_consumption_status).toBe('scheduled_to_ship');
  });

  it('Cancel returns to read-only with the values reloaded from the server', async () => {
    const { requests, server } = await openCompany();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Information' }));
    await userEvent.clear(companyName());
    await userEvent.type(companyName(), 'Typed but not saved');
    // Meanwhile someone else saved a new phone number.
    server.company.current = { ...server.company.current, phone: '(320) 555-0199' };
    const gets = requests.filter((r) => r.path.includes('company.get')).length;

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByDisplayValue('(320) 555-0199')).toBeInTheDocument();
    expect(companyName()).toHaveValue('North Star Ice Houses');
    expect(companyName()).toHaveAttribute('readonly');
    expect(requests.filter((r) => r.path.includes('company.get')).length).toBe(gets + 1);
    expect(requests.some((r) => r.path.includes('company.update'))).toBe(false);
  });

  it('checks the name, state and tax rate before calling the server', async () => {
    const { requests } = await openCompany();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Information' }));
    await userEvent.clear(companyName());
    await userEvent.clear(taxRate());
    await userEvent.type(taxRate(), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(companyName()).toHaveAccessibleDescription(MESSAGES.nameRequired);
    expect(taxRate()).toHaveAccessibleDescription(`${MESSAGES.salesTaxRateRange} Percent, 0 to 100`);
    expect(companyName()).toHaveFocus();
    expect(requests.some((r) => r.path.includes('company.update'))).toBe(false);
  });

  it('a failed save says so, shows the field errors and stays in editing', async () => {
    await openCompany({
      procedures: {
        'company.update': () => {
          throw new TrpcTestError({
            message: 'Validation failed.',
            code: 'BAD_REQUEST',
            appCode: 'VALIDATION',
            fieldErrors: { website: ['Enter a valid website address'] },
          });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Information' }));
    await userEvent.clear(box(company(), 'Website'));
    await userEvent.type(box(company(), 'Website'), 'not a site');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.updateCompanyError);
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAccessibleDescription(
      'Enter a valid website address',
    );
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveValue('not a site');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('says when the company information cannot be fetched', async () => {
    await openCompany({
      procedures: {
        'company.get': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.fetchCompanyError);
    expect(screen.queryByRole('button', { name: 'Edit Information' })).not.toBeInTheDocument();
  });

  it('has a back button to the dashboard', async () => {
    const { router } = await openCompany();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });
});
