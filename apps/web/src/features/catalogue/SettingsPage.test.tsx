import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { TrpcTestError, trpcInputs, type SeenRequest } from '../../test/fakeFetch';
import { chooseOption, createCatalogueServer, type CatalogueServerOptions } from './testing';

async function openSettings(options: CatalogueServerOptions = {}) {
  const server = createCatalogueServer(options);
  const rendered = renderApp('/settings', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Configurations' });
  return { ...rendered, server };
}

const table = () => screen.getByRole('table', { name: 'Configurations' });
const row = (value: string) => within(table()).getByRole('row', { name: new RegExp(value) });
const addForm = () => screen.getByRole('form', { name: 'Add Configuration' });
const editForm = () => screen.getByRole('form', { name: 'Edit Configuration' });
const categoryBox = () => within(screen.getByRole('form')).getByRole('combobox', { name: 'Category' });
const valueBox = () => screen.getByRole('textbox', { name: 'Value' });
const priceBox = () => screen.getByRole('spinbutton', { name: 'Price' });

function sentTo(requests: SeenRequest[], procedure: string): unknown {
  const call = requests.find((r) => r.path === `/trpc/${procedure}`);
  return call ? trpcInputs(call)[0] : undefined;
}

describe('Configurations (/settings)', () => {
  it('lists the settings: Category, Value, Price (as money, right-aligned), Actions', async () => {
    await openSettings();
    await within(table()).findByRole('cell', { name: 'Customer Pickup' });

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Category', 'Value', 'Price', 'Actions']);
    const door = row('Standard Swing');
    expect(within(door).getByRole('cell', { name: 'Door Type' })).toBeInTheDocument();
    const price = within(door).getByRole('cell', { name: '$850.00' });
    expect(price).toHaveClass('text-right');
    expect(within(door).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(door).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('says when there are none, and when they cannot be fetched', async () => {
    const empty = await openSettings({ settings: [] });
    expect(await screen.findByRole('cell', { name: 'No configurations found' })).toBeInTheDocument();
    empty.unmount();

    await openSettings({
      procedures: {
        'catalogue.settings.list': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch configurations');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('adds a setting, says so, lists it and keeps the category for the next one', async () => {
    const { requests } = await openSettings();
    expect(addForm()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await chooseOption(categoryBox(), 'Door Cladding');
    await userEvent.type(valueBox(), 'Copper');
    await userEvent.type(priceBox(), '310.5');
    await userEvent.tab();
    expect(priceBox()).toHaveDisplayValue('310.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add Configuration' }));

    expect(await screen.findByText('Configuration added successfully')).toBeInTheDocument();
    expect(sentTo(requests, 'catalogue.settings.create')).toEqual({
      category: 'door_cladding',
      value: 'Copper',
      price: '310.50',
    });
    const copper = await within(table()).findByRole('row', { name: /Copper/ });
    expect(within(copper).getByRole('cell', { name: 'Door Cladding' })).toBeInTheDocument();
    expect(within(copper).getByRole('cell', { name: '$310.50' })).toBeInTheDocument();
    expect(valueBox()).toHaveValue('');
    expect(priceBox()).toHaveValue(null);
    expect(addForm()).toHaveTextContent('Door Cladding');
  });

  it('checks category, value and price with the domain rules before calling the server', async () => {
    const { requests } = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Add Configuration' }));

    expect(categoryBox()).toHaveAccessibleDescription(MESSAGES.categoryRequired);
    expect(valueBox()).toHaveAccessibleDescription(MESSAGES.valueRequired);
    expect(priceBox()).toHaveAccessibleDescription(MESSAGES.priceRequired);

    await userEvent.type(priceBox(), '-2');
    await userEvent.click(screen.getByRole('button', { name: 'Add Configuration' }));
    expect(priceBox()).toHaveAccessibleDescription(MESSAGES.priceNegative);
    expect(priceBox()).toHaveAttribute('step', '0.01');
    expect(priceBox()).toHaveAttribute('min', '0');
    expect(requests.some((r) => r.path.includes('catalogue.settings.create'))).toBe(false);
  });

  it('shows a server field error on its field and keeps what was typed', async () => {
    await openSettings({
      procedures: {
        'catalogue.settings.create': () => {
          throw new TrpcTestError({
            message: 'A setting with this category and value already exists.',
            code: 'BAD_REQUEST',
            appCode: 'VALIDATION',
            fieldErrors: { value: ['A setting with this category and value already exists.', 'Second.'] },
          });
        },
      },
    });
    await chooseOption(categoryBox(), 'Ship Via');
    await userEvent.type(valueBox(), 'Customer Pickup');
    await userEvent.type(priceBox(), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add Configuration' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A setting with this category and value already exists.',
    );
    expect(valueBox()).toHaveAccessibleDescription('A setting with this category and value already exists.');
    expect(valueBox()).toHaveValue('Customer Pickup');
  });

  it('edits a setting: loads the row, saves, and returns to add mode', async () => {
    const { requests } = await openSettings();
    await within(table()).findByRole('cell', { name: 'Strip Curtain' });
    await userEvent.click(within(row('Strip Curtain')).getByRole('button', { name: 'Edit' }));

    expect(editForm()).toHaveTextContent('Additional Item');
    expect(valueBox()).toHaveValue('Strip Curtain');
    expect(valueBox()).toHaveFocus();
    expect(priceBox()).toHaveDisplayValue('165.00');

    await userEvent.clear(priceBox());
    await userEvent.type(priceBox(), '175');
    await userEvent.click(screen.getByRole('button', { name: 'Update Configuration' }));

    expect(await screen.findByText('Configuration updated successfully')).toBeInTheDocument();
    expect(sentTo(requests, 'catalogue.settings.update')).toEqual({
      id: 3,
      data: { category: 'additional_item', value: 'Strip Curtain', price: '175.00' },
    });
    expect(addForm()).toBeInTheDocument();
    expect(valueBox()).toHaveValue('');
    expect(await within(row('Strip Curtain')).findByRole('cell', { name: '$175.00' })).toBeInTheDocument();
  });

  it('Cancel leaves edit mode without saving', async () => {
    const { requests } = await openSettings();
    await within(table()).findByRole('cell', { name: 'Strip Curtain' });
    await userEvent.click(within(row('Strip Curtain')).getByRole('button', { name: 'Edit' }));
    await userEvent.type(valueBox(), ' XL');
    await userEvent.click(within(editForm()).getByRole('button', { name: 'Cancel' }));

    expect(addForm()).toBeInTheDocument();
    expect(valueBox()).toHaveValue('');
    expect(requests.some((r) => r.path.includes('catalogue.settings.update'))).toBe(false);
  });

  it('filters the table by category', async () => {
    const { requests } = await openSettings();
    await within(table()).findByRole('cell', { name: 'Customer Pickup' });
    const filter = screen.getByRole('combobox', { name: 'Filter by Category' });
    await chooseOption(filter, 'Door Type');

    await waitFor(() =>
      expect(within(table()).queryByRole('cell', { name: 'Customer Pickup' })).not.toBeInTheDocument(),
    );
    expect(row('Standard Swing')).toBeInTheDocument();
    const lists = requests.filter((r) => r.path.includes('catalogue.settings.list'));
    expect(trpcInputs(lists[lists.length - 1]!)[0]).toEqual({ category: 'door_type' });

    await chooseOption(filter, 'All Categories');
    expect(await within(table()).findByRole('cell', { name: 'Customer Pickup' })).toBeInTheDocument();
  });

  it('deletes a setting after the confirmation, and Cancel keeps it', async () => {
    const { server, requests } = await openSettings();
    await within(table()).findByRole('cell', { name: 'Strip Curtain' });

    await userEvent.click(within(row('Strip Curtain')).getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Confirmation' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the configuration "Strip Curtain" (Additional Item)? This action cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.includes('catalogue.settings.delete'))).toBe(false);

    await userEvent.click(within(row('Strip Curtain')).getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Confirmation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Configuration "Strip Curtain" deleted successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(table()).queryByRole('cell', { name: 'Strip Curtain' })).not.toBeInTheDocument(),
    );
    expect(server.catalogue.settings.map((s) => s.value)).not.toContain('Strip Curtain');
  });

  it('a setting in use cannot be deleted: the server says why', async () => {
    await openSettings({ settingsInUse: [1] });
    await within(table()).findByRole('cell', { name: 'Customer Pickup' });
    await userEvent.click(within(row('Customer Pickup')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Confirmation' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot delete "Customer Pickup": it is used by 1 order. Change those orders first.',
    );
    expect(row('Customer Pickup')).toBeInTheDocument();
  });
});
