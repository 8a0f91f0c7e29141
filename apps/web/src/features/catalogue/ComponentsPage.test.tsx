import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { TrpcTestError, trpcInputs, type SeenRequest } from '../../test/fakeFetch';
import { createCatalogueServer, type CatalogueServerOptions } from './testing';

async function openComponents(options: CatalogueServerOptions = {}) {
  const server = createCatalogueServer(options);
  const rendered = renderApp('/components', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Components' });
  return { ...rendered, server };
}

const table = () => screen.getByRole('table', { name: 'Components' });
const row = (name: string) => within(table()).getByRole('row', { name: new RegExp(`^${name} `) });
const nameBox = () => screen.getByRole('textbox', { name: 'Name' });
const costBox = () => screen.getByRole('spinbutton', { name: 'Cost' });
const markupBox = () => screen.getByRole('spinbutton', { name: 'Markup (%)' });
const preview = () => screen.getByRole('status', { name: 'Price' });

function sentTo(requests: SeenRequest[], procedure: string): unknown {
  const call = requests.find((r) => r.path === `/trpc/${procedure}`);
  return call ? trpcInputs(call)[0] : undefined;
}

describe('Components (/components)', () => {
  it('lists the components with Name, Cost, Markup, Price, On hand and Actions', async () => {
    await openComponents();
    await within(table()).findByRole('cell', { name: 'Door Frame Kit' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Cost', 'Markup', 'Price', 'On hand', 'Actions']);
    const frame = row('Door Frame Kit');
    expect(within(frame).getByRole('cell', { name: '$210.00' })).toHaveClass('text-right');
    expect(within(frame).getByRole('cell', { name: '40.00%' })).toHaveClass('text-right');
    expect(within(frame).getByRole('cell', { name: '$294.00' })).toBeInTheDocument();
  });

  it('says when there are none, and when they cannot be fetched', async () => {
    const empty = await openComponents({ components: [] });
    expect(await screen.findByRole('cell', { name: 'No components found' })).toBeInTheDocument();
    empty.unmount();

    await openComponents({
      procedures: {
        'catalogue.components.list': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.fetchComponentsError);
  });

  it('works out the price as the user types, then adds the component', async () => {
    const { requests } = await openComponents();
    expect(preview()).toHaveTextContent('—');

    await userEvent.type(nameBox(), 'Vent Kit');
    await userEvent.type(costBox(), '10');
    expect(preview()).toHaveTextContent('—');
    await userEvent.type(markupBox(), '35');
    expect(preview()).toHaveTextContent('$13.50');
    expect(costBox()).toHaveDisplayValue('10.00');
    await userEvent.click(screen.getByRole('button', { name: 'Add Component' }));

    expect(await screen.findByText('Component added successfully')).toBeInTheDocument();
    expect(sentTo(requests, 'catalogue.components.create')).toEqual({
      name: 'Vent Kit',
      cost: '10.00',
      markup: '35.00',
    });
    const vent = await within(table()).findByRole('row', { name: /^Vent Kit / });
    expect(within(vent).getByRole('cell', { name: '$13.50' })).toBeInTheDocument();
    expect(nameBox()).toHaveValue('');
    expect(preview()).toHaveTextContent('—');
  });

  it("shows the spec's messages before calling the server", async () => {
    const { requests } = await openComponents();
    await userEvent.type(costBox(), '-1');
    await userEvent.type(markupBox(), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Component' }));

    expect(nameBox()).toHaveAccessibleDescription('Name is required');
    expect(costBox()).toHaveAccessibleDescription('Cost must be positive');
    expect(markupBox()).toHaveAccessibleDescription('Markup must be positive');
    expect(nameBox()).toHaveFocus();
    expect(requests.some((r) => r.path.includes('catalogue.components.create'))).toBe(false);
  });

  it('shows a server field error on its field', async () => {
    await openComponents({
      procedures: {
        'catalogue.components.create': () => {
          throw new TrpcTestError({
            message: 'A component with this name already exists.',
            code: 'BAD_REQUEST',
            appCode: 'VALIDATION',
            fieldErrors: { name: ['A component with this name already exists.'] },
          });
        },
      },
    });
    await userEvent.type(nameBox(), 'door frame kit');
    await userEvent.type(costBox(), '1');
    await userEvent.type(markupBox(), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add Component' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A component with this name already exists.');
    expect(nameBox()).toHaveAccessibleDescription('A component with this name already exists.');
    expect(nameBox()).toHaveValue('door frame kit');
  });

  it('edits a component and returns to add mode; Cancel saves nothing', async () => {
    const { requests } = await openComponents();
    await within(table()).findByRole('cell', { name: 'Door Gasket Kit' });
    await userEvent.click(within(row('Door Gasket Kit')).getByRole('button', { name: 'Edit' }));

    const form = screen.getByRole('form', { name: 'Edit Component' });
    expect(nameBox()).toHaveValue('Door Gasket Kit');
    expect(nameBox()).toHaveFocus();
    expect(costBox()).toHaveDisplayValue('38.00');
    expect(markupBox()).toHaveDisplayValue('60.00');
    expect(preview()).toHaveTextContent('$60.80');

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('form', { name: 'Add Component' })).toBeInTheDocument();
    expect(requests.some((r) => r.path.includes('catalogue.components.update'))).toBe(false);

    await userEvent.click(within(row('Door Gasket Kit')).getByRole('button', { name: 'Edit' }));
    await userEvent.clear(markupBox());
    await userEvent.type(markupBox(), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Update Component' }));

    expect(await screen.findByText('Component updated successfully')).toBeInTheDocument();
    expect(sentTo(requests, 'catalogue.components.update')).toEqual({
      id: 2,
      data: { name: 'Door Gasket Kit', cost: '38.00', markup: '50.00' },
    });
    expect(screen.getByRole('form', { name: 'Add Component' })).toBeInTheDocument();
    expect(await within(row('Door Gasket Kit')).findByRole('cell', { name: '$57.00' })).toBeInTheDocument();
  });

  it('deletes with an inline Confirm, and Cancel keeps the row', async () => {
    const { server } = await openComponents();
    await within(table()).findByRole('cell', { name: 'Cam Lock Set (12)' });
    const lock = () => row('Cam Lock Set \\(12\\)');

    await userEvent.click(within(lock()).getByRole('button', { name: 'Delete' }));
    expect(lock()).toHaveTextContent('Delete "Cam Lock Set (12)"?');
    expect(within(lock()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(lock()).getByRole('button', { name: 'Cancel' }));
    expect(within(lock()).getByRole('button', { name: 'Delete' })).toHaveFocus();

    await userEvent.click(within(lock()).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(lock()).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Component "Cam Lock Set (12)" deleted successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(table()).queryByRole('cell', { name: 'Cam Lock Set (12)' })).not.toBeInTheDocument(),
    );
    expect(server.catalogue.components).toHaveLength(2);
  });

  it('a component used by products cannot be deleted: the server names them', async () => {
    await openComponents();
    await within(table()).findByRole('cell', { name: 'Door Frame Kit' });
    await userEvent.click(within(row('Door Frame Kit')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(row('Door Frame Kit')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot delete "Door Frame Kit": it is used by the product Cooler Door Replacement Kit.',
    );
    expect(within(row('Door Frame Kit')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
