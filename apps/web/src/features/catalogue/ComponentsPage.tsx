import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { FetchError } from '../../components/FetchError';
import { PageHeader } from '../../components/PageHeader';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useListEditor } from '../../lib/useListEditor';
import { StockCell } from '../stock/StockCell';
import { PRODUCTION_TEXT } from '../production/texts';
import { ComponentForm } from './ComponentForm';
import { RowActions } from './RowActions';
import { COMPONENT_TEXT } from './texts';
import type { ComponentRow } from './types';

/** A markup as the table shows it: '35.00' -> '35.00%'. */
function formatPercent(value: string): string {
  return `${value}%`;
}

/**
 * Components (/components, invoices spec §2, §5): the parts products are built from. A form to
 * add or edit one (with its price worked out as the user types), and the table Name, Cost,
 * Markup, Price, Actions. Delete asks in the row (Confirm/Cancel); a component still used by
 * products cannot be deleted, and the server's message names them.
 */
export function ComponentsPage() {
  const utils = trpc.useUtils();
  const components = trpc.catalogue.components.list.useQuery();
  const remove = trpc.catalogue.components.delete.useMutation();

  const list = useListEditor<ComponentRow>();

  function handleSaved(outcome: 'created' | 'updated') {
    list.saved(outcome === 'created' ? COMPONENT_TEXT.created : COMPONENT_TEXT.updated);
    // Product prices are worked out from component prices.
    void utils.catalogue.components.invalidate();
    void utils.catalogue.products.invalidate();
  }

  function deleteComponent(component: ComponentRow) {
    return list.deleteRow(component, {
      remove: () => remove.mutateAsync({ id: component.id }),
      done: COMPONENT_TEXT.deleted(component.name),
      failed: COMPONENT_TEXT.deleteError,
      settle: () => utils.catalogue.components.invalidate(),
    });
  }

  const columns: DataTableColumn<ComponentRow>[] = [
    { key: 'name', header: 'Name', className: 'font-medium' },
    { key: 'cost', header: 'Cost', numeric: true, cell: (c) => formatMoney(c.cost) },
    { key: 'markup', header: 'Markup', numeric: true, cell: (c) => formatPercent(c.markup) },
    { key: 'price', header: 'Price', numeric: true, cell: (c) => formatMoney(c.price) },
    { key: 'on_hand', header: PRODUCTION_TEXT.onHand, numeric: true, cell: (c) => <StockCell componentId={c.id} name={c.name} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (component) => (
        <RowActions
          onEdit={() => list.startEdit(component)}
          confirmText={COMPONENT_TEXT.confirmDelete(component.name)}
          onDelete={() => deleteComponent(component)}
        />
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={COMPONENT_TEXT.title} />

      {list.noticeView}

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <ComponentForm key={list.formKey} {...list.formProps} onSaved={handleSaved} />
        <div className="lg:col-span-2">
          {components.isError ? (
            <FetchError
              message={COMPONENT_TEXT.fetchError}
              onRetry={() => void components.refetch()}
              retrying={components.isFetching}
            />
          ) : (
            <DataTable
              caption={COMPONENT_TEXT.tableCaption}
              captionHidden
              columns={columns}
              rows={components.data ?? []}
              rowKey={(component) => component.id}
              loading={components.isPending}
              emptyText={COMPONENT_TEXT.empty}
            />
          )}
        </div>
      </div>
    </section>
  );
}
