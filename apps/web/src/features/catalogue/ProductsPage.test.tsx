import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { TrpcTestError, trpcInputs, type SeenRequest } from '../../test/fakeFetch';
import { chooseOption, createCatalogueServer, type CatalogueServerOptions } from './testing';
import { PRODUCT_TEXT } from './texts';

async function openProducts(options: CatalogueServerOptions = {}) {
  const server = createCatalogueServer(options);
  const rendered = renderApp('/products', server.handler);
  await screen.findByRole('heading', { level: 1, name: 'Products' });
  return { ...rendered, server };
}

const table = () => screen.getByRole('table', { name: 'Products' });
const row = (description: string) =>
  within(table()).getByRole('row', { name: new RegExp(`^${description} `) });
const description = () => screen.getByRole('textbox', { name: 'Description' });
const buildingType = () => screen.getByRole('combobox', { name: 'Building Type' });
const componentBox = (n: number) => screen.getByRole('combobox', { name: `Component ${n}` });
const quantityBox = (n: number) => screen.getByRole('spinbutton', { name: `Quantity ${n}` });
const simple = () => screen.getByRole('checkbox', { name: 'Simple product' });
const priceBox = () => screen.getByRole('spinbutton', { name: 'Price' });
const calculated = () => screen.getByRole('status', { name: 'Calculated Price' });
const submit = (name = 'Add Product') => userEvent.click(screen.getByRole('button', { name }));

function sentTo(requests: SeenRequest[], procedure: string): unknown {
  const call = requests.find((r) => r.path === `/trpc/${procedure}`);
  return call ? trpcInputs(call)[0] : undefined;
}

/** The components' options on offer in an open select. */
async function optionsOf(combobox: HTMLElement): Promise<string[]> {
  await userEvent.click(combobox);
  const options = await screen.findAllByRole('option');
  const labels = options.map((o) => o.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return labels;
}

describe('Products (/products)', () => {
  it('lists products: Description, Building Type, Components, Total Cost, Price, Actions', async () => {
    await openProducts();
    await within(table()).findByRole('cell', { name: 'Walk-in Cooler 8x10' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Description', 'Building Type', 'Components', 'Total Cost', 'Price', 'Actions']);

    const kit = row('Cooler Door Replacement Kit');
    expect(within(kit).getByRole('cell', { name: 'Door Only' })).toBeInTheDocument();
    expect(within(kit).getByText('Door Frame Kit')).toBeInTheDocument();
    expect(within(kit).getByRole('cell', { name: /Door Gasket Kit × 2/ })).toBeInTheDocument();
    expect(within(kit).getByRole('cell', { name: '$286.00' })).toHaveClass('text-right');
    expect(within(kit).getByRole('cell', { name: '$415.60' })).toHaveClass('text-right');

    const cooler = row('Walk-in Cooler 8x10');
    expect(within(cooler).getByRole('cell', { name: 'Simple product' })).toBeInTheDocument();
    expect(within(cooler).getByRole('cell', { name: '$8,950.00' })).toBeInTheDocument();
    // A simple product has no components, so no cost is known: not "$0.00", which reads as free.
    const totalCost = within(cooler).getAllByRole('cell')[3]!;
    expect(totalCost).toHaveTextContent('—');
    expect(totalCost).toHaveAccessibleName(PRODUCT_TEXT.noComponentsCost);
    expect(within(cooler).queryByText('$0.00')).not.toBeInTheDocument();
  });

  it('says when there are none, and when products or components cannot be fetched', async () => {
    const empty = await openProducts({ products: [] });
    expect(await screen.findByRole('cell', { name: 'No products found' })).toBeInTheDocument();
    empty.unmount();

    const failing = () => {
      throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
    };
    await openProducts({
      procedures: { 'catalogue.products.list': failing, 'catalogue.components.list': failing },
    });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts.some((t) => t?.includes(MESSAGES.fetchProductsError))).toBe(true);
    expect(alerts.some((t) => t?.includes(MESSAGES.fetchComponentsError))).toBe(true);
  });

  it('builds a product from components, each chosen once, with its calculated price', async () => {
    const { requests } = await openProducts();
    await within(table()).findByRole('cell', { name: 'Walk-in Cooler 8x10' });
    expect(calculated()).toHaveTextContent('$0.00');

    await userEvent.type(description(), 'Door Service Kit');
    await chooseOption(buildingType(), 'Door Only');
    await chooseOption(componentBox(1), 'Door Frame Kit');
    expect(calculated()).toHaveTextContent('$294.00');
    await userEvent.clear(quantityBox(1));
    await userEvent.type(quantityBox(1), '2');
    expect(calculated()).toHaveTextContent('$588.00');

    await userEvent.click(screen.getByRole('button', { name: 'Add Component' }));
    expect(await optionsOf(componentBox(2))).toEqual(['Cam Lock Set (12)', 'Door Gasket Kit']);
    await chooseOption(componentBox(2), 'Cam Lock Set (12)');
    expect(calculated()).toHaveTextContent('$626.50');
    expect(await optionsOf(componentBox(1))).toEqual(['Door Frame Kit', 'Door Gasket Kit']);

    await submit();
    expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
    expect(sentTo(requests, 'catalogue.products.create')).toEqual({
      description: 'Door Service Kit',
      building_type: 'DOOR_ONLY',
      is_simple: false,
      price: null,
      components: [
        { component: 1, quantity: 2 },
        { component: 3, quantity: 1 },
      ],
    });
    const added = await within(table()).findByRole('row', { name: /^Door Service Kit / });
    expect(within(added).getByRole('cell', { name: '$626.50' })).toBeInTheDocument();
    expect(within(added).getByRole('cell', { name: '$442.00' })).toBeInTheDocument();
    expect(description()).toHaveValue('');
  });

  it('a simple product carries its own price, above 0', async () => {
    const { requests } = await openProducts();
    await userEvent.type(description(), 'Ice Auger');
    await chooseOption(buildingType(), 'Ice House Kit');
    await userEvent.click(simple());

    expect(screen.queryByRole('combobox', { name: 'Component 1' })).not.toBeInTheDocument();
    await submit();
    expect(priceBox()).toHaveAccessibleDescription(MESSAGES.simpleProductPrice);

    await userEvent.type(priceBox(), '0');
    await submit();
    expect(priceBox()).toHaveAccessibleDescription(MESSAGES.priceGreaterThanZero);

    await userEvent.clear(priceBox());
    await userEvent.type(priceBox(), '1499');
    expect(calculated()).toHaveTextContent('$1,499.00');
    await submit();

    expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
    expect(sentTo(requests, 'catalogue.products.create')).toEqual({
      description: 'Ice Auger',
      building_type: 'ICE_HOUSE_KIT',
      is_simple: true,
      price: '1499.00',
      components: [],
    });
  });

  it("shows the spec's messages for a component product before calling the server", async () => {
    const { requests } = await openProducts();
    await userEvent.clear(quantityBox(1));
    await userEvent.type(quantityBox(1), '0');
    await submit();

    expect(description()).toHaveAccessibleDescription(MESSAGES.descriptionRequired);
    expect(buildingType()).toHaveAccessibleDescription(MESSAGES.buildingTypeRequired);
    expect(componentBox(1)).toHaveAccessibleDescription(MESSAGES.componentSelectionRequired);
    expect(quantityBox(1)).toHaveAccessibleDescription(MESSAGES.quantityMin);

    await userEvent.click(screen.getByRole('button', { name: 'Remove component 1' }));
    await submit();
    expect(await screen.findByText(MESSAGES.componentsRequired)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Components/ })).toHaveAccessibleDescription(
      MESSAGES.componentsRequired,
    );
    expect(requests.some((r) => r.path.includes('catalogue.products.create'))).toBe(false);
  });

  it("flattens the server's field errors into the message, and puts them on the fields", async () => {
    await openProducts({
      procedures: {
        'catalogue.products.create': () => {
          throw new TrpcTestError({
            message: 'Validation failed. Please check the required fields.',
            code: 'BAD_REQUEST',
            appCode: 'VALIDATION',
            fieldErrors: {
              description: ['Text is too long'],
              components: [{}, { component: ['Select a valid option'] }],
            },
          });
        },
      },
    });
    await userEvent.type(description(), 'Kit');
    await chooseOption(buildingType(), 'Door Only');
    await chooseOption(componentBox(1), 'Door Frame Kit');
    await userEvent.click(screen.getByRole('button', { name: 'Add Component' }));
    await chooseOption(componentBox(2), 'Door Gasket Kit');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'description: Text is too long. components.1.component: Select a valid option',
    );
    expect(description()).toHaveAccessibleDescription('Text is too long');
    expect(componentBox(2)).toHaveAccessibleDescription('Select a valid option');
    expect(description()).toHaveValue('Kit');
  });

  it("says 'Failed to save product' when the server gives no field errors", async () => {
    await openProducts({
      procedures: {
        'catalogue.products.create': () => {
          throw new TrpcTestError({ message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' });
        },
      },
    });
    await userEvent.type(description(), 'Kit');
    await chooseOption(buildingType(), 'Door Only');
    await chooseOption(componentBox(1), 'Door Frame Kit');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to save product$/);
  });

  it('edits a product: loads its components, saves, and returns to add mode', async () => {
    const { requests } = await openProducts();
    await within(table()).findByRole('cell', { name: 'Walk-in Cooler 8x10' });
    await userEvent.click(within(row('Cooler Door Replacement Kit')).getByRole('button', { name: 'Edit' }));

    const form = screen.getByRole('form', { name: 'Edit Product' });
    expect(description()).toHaveValue('Cooler Door Replacement Kit');
    expect(description()).toHaveFocus();
    expect(form).toHaveTextContent('Door Only');
    expect(simple()).not.toBeChecked();
    expect(quantityBox(2)).toHaveValue(2);
    expect(calculated()).toHaveTextContent('$415.60');

    await userEvent.click(screen.getByRole('button', { name: 'Remove component 2' }));
    expect(calculated()).toHaveTextContent('$294.00');
    await submit('Update Product');

    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(sentTo(requests, 'catalogue.products.update')).toEqual({
      id: 1,
      data: {
        description: 'Cooler Door Replacement Kit',
        building_type: 'DOOR_ONLY',
        is_simple: false,
        price: null,
        components: [{ component: 1, quantity: 1 }],
      },
    });
    expect(screen.getByRole('form', { name: 'Add Product' })).toBeInTheDocument();
    expect(
      await within(row('Cooler Door Replacement Kit')).findByRole('cell', { name: '$294.00' }),
    ).toBeInTheDocument();
  });

  it('edits a simple product and Cancel returns to add mode without saving', async () => {
    const { requests } = await openProducts();
    await within(table()).findByRole('cell', { name: 'Walk-in Cooler 8x10' });
    await userEvent.click(within(row('Walk-in Cooler 8x10')).getByRole('button', { name: 'Edit' }));
    expect(simple()).toBeChecked();
    expect(priceBox()).toHaveDisplayValue('8950.00');

    await userEvent.click(
      within(screen.getByRole('form', { name: 'Edit Product' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.getByRole('form', { name: 'Add Product' })).toBeInTheDocument();
    expect(description()).toHaveValue('');
    expect(requests.some((r) => r.path.includes('catalogue.products.update'))).toBe(false);
  });

  it('deletes a product after the inline Confirm', async () => {
    const { server } = await openProducts();
    await within(table()).findByRole('cell', { name: 'Walk-in Cooler 8x10' });
    await userEvent.click(within(row('Walk-in Cooler 8x10')).getByRole('button', { name: 'Delete' }));
    expect(row('Walk-in Cooler 8x10')).toHaveTextContent('Delete "Walk-in Cooler 8x10"?');
    await userEvent.click(within(row('Walk-in Cooler 8x10')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Product "Walk-in Cooler 8x10" deleted successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(table()).queryByRole('cell', { name: 'Walk-in Cooler 8x10' })).not.toBeInTheDocument(),
    );
    expect(server.catalogue.products.map((p) => p.id)).toEqual([1]);
  });
});
