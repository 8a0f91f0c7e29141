import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { Notice, type NoticeTone } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { serverMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { ProductPriceCell } from '../production/ProductPriceCell';
import { FetchError } from './FetchError';
import { ProductForm } from './ProductForm';
import { RowActions } from './RowActions';
import { PRODUCT_TEXT } from './texts';
import type { ProductRow } from './types';

interface PageNotice {
  tone: NoticeTone;
  text: string;
}

function ComponentsCell({ product }: { product: ProductRow }) {
  if (product.components.length === 0) {
    return <span className="text-slate-500">{product.is_simple ? PRODUCT_TEXT.simpleInTable : ''}</span>;
  }
  return (
    <ul className="flex flex-col gap-0.5">
      {product.components.map((line) => (
        <li key={line.id}>
          {line.component_name}{' '}
          <span className="whitespace-nowrap text-slate-500 tabular-nums">× {line.quantity}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A product's cost is the sum of its components'. Without components (a simple product) no cost
 * is known: '—' rather than $0.00, which would read as free to make.
 */
function TotalCost({ product }: { product: ProductRow }) {
  if (product.components.length > 0) return <>{formatMoney(product.total_cost)}</>;
  return (
    <>
      <span aria-hidden="true" className="text-slate-400">
        —
      </span>
      <span className="sr-only">{PRODUCT_TEXT.noComponentsCost}</span>
    </>
  );
}

/**
 * Products (/products, invoices spec §2, §4, §5): what order forms offer. A form to add or edit a
 * product (simple with its own price, or built from components with a calculated price), and the
 * table Description, Building Type, Components, Total Cost, Price, Actions. Delete asks in the row.
 */
export function ProductsPage() {
  const utils = trpc.useUtils();
  const products = trpc.catalogue.products.list.useQuery();
  const components = trpc.catalogue.components.list.useQuery();
  const remove = trpc.catalogue.products.delete.useMutation();

  const [editing, setEditing] = useState<ProductRow | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<PageNotice | null>(null);

  function toAddMode() {
    setEditing(null);
    setFormKey((key) => key + 1);
  }

  function startEdit(product: ProductRow) {
    setEditing(product);
    setFormKey((key) => key + 1);
    setNotice(null);
  }

  function handleSaved(outcome: 'created' | 'updated') {
    setNotice({ tone: 'success', text: outcome === 'created' ? PRODUCT_TEXT.created : PRODUCT_TEXT.updated });
    toAddMode();
    void utils.catalogue.products.invalidate();
  }

  async function deleteProduct(product: ProductRow) {
    try {
      await remove.mutateAsync({ id: product.id });
      setNotice({ tone: 'success', text: PRODUCT_TEXT.deleted(product.description) });
      if (editing?.id === product.id) toAddMode();
    } catch (error) {
      setNotice({ tone: 'error', text: serverMessage(error) ?? PRODUCT_TEXT.deleteError });
    } finally {
      await utils.catalogue.products.invalidate();
    }
  }

  const columns: DataTableColumn<ProductRow>[] = [
    { key: 'description', header: 'Description', className: 'font-medium' },
    { key: 'building_type', header: 'Building Type', cell: (p) => p.building_type_display },
    { key: 'components', header: 'Components', cell: (p) => <ComponentsCell product={p} /> },
    { key: 'total_cost', header: 'Total Cost', numeric: true, cell: (p) => <TotalCost product={p} /> },
    { key: 'price', header: 'Price', numeric: true, cell: (p) => <ProductPriceCell product={p} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (product) => (
        <RowActions
          onEdit={() => startEdit(product)}
          confirmText={PRODUCT_TEXT.confirmDelete(product.description)}
          onDelete={() => deleteProduct(product)}
        />
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={PRODUCT_TEXT.title} />

      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}
      {components.isError && (
        <FetchError
          message={PRODUCT_TEXT.fetchComponentsError}
          onRetry={() => void components.refetch()}
          retrying={components.isFetching}
        />
      )}

      <ProductForm
        key={formKey}
        editing={editing}
        components={components.data ?? []}
        componentsLoading={components.isPending && !components.isError}
        onSaved={handleSaved}
        onError={(text) => setNotice({ tone: 'error', text })}
        onCancel={() => {
          toAddMode();
          setNotice(null);
        }}
      />
      {products.isError ? (
        <FetchError
          message={PRODUCT_TEXT.fetchError}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : (
        <DataTable
          caption={PRODUCT_TEXT.tableCaption}
          captionHidden
          columns={columns}
          rows={products.data ?? []}
          rowKey={(product) => product.id}
          loading={products.isPending}
          emptyText={PRODUCT_TEXT.empty}
        />
      )}
    </section>
  );
}
