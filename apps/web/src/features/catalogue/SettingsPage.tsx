import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { SETTING_CATEGORIES, SETTING_CATEGORY_LABELS } from '@icehouse/domain';
import { ConfirmDeleteModal, EditDeleteButtons } from '../../components/ConfirmDeleteModal';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { FetchError } from '../../components/FetchError';
import { Field } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useListEditor } from '../../lib/useListEditor';
import { Select } from './Select';
import { SettingForm } from './SettingForm';
import { SETTING_TEXT } from './texts';
import type { SettingRow } from './types';

/** The spec's ten categories, shown until the server's list (the same, in the same order) arrives. */
const DOMAIN_CATEGORIES = SETTING_CATEGORIES.map((value) => ({
  value,
  label: SETTING_CATEGORY_LABELS[value],
}));

/**
 * Configurations (/settings, invoices spec §2, §4, §5): the option lists of the order form. A form
 * to add a setting or edit one (Edit loads a row; Cancel returns to add mode), a category filter,
 * and the table Category, Value, Price, Actions. Delete asks first in a confirmation dialog.
 */
export function SettingsPage() {
  const utils = trpc.useUtils();
  const [filter, setFilter] = useState('');
  const categories = trpc.catalogue.settings.categories.useQuery(undefined, {
    placeholderData: DOMAIN_CATEGORIES,
  });
  const settings = trpc.catalogue.settings.list.useQuery(filter ? { category: filter } : undefined, {
    placeholderData: keepPreviousData,
  });
  const remove = trpc.catalogue.settings.delete.useMutation();

  const list = useListEditor<SettingRow>();
  // After an add, the next setting probably goes in the same category.
  const [lastCategory, setLastCategory] = useState('');
  const [pendingDelete, setPendingDelete] = useState<SettingRow | null>(null);

  const categoryOptions = categories.data ?? DOMAIN_CATEGORIES;

  function handleSaved(outcome: 'created' | 'updated', setting: SettingRow) {
    list.saved(outcome === 'created' ? SETTING_TEXT.created : SETTING_TEXT.updated);
    if (outcome === 'created') setLastCategory(setting.category);
    void utils.catalogue.settings.invalidate();
  }

  function deleteSetting(setting: SettingRow) {
    // In use by orders: the server's CONFLICT message says which and what to do.
    return list.deleteRow(setting, {
      remove: () => remove.mutateAsync({ id: setting.id }),
      done: SETTING_TEXT.deleted(setting.value),
      failed: SETTING_TEXT.deleteError,
      settle: () => utils.catalogue.settings.invalidate(),
    });
  }

  const columns: DataTableColumn<SettingRow>[] = [
    { key: 'category', header: 'Category', cell: (setting) => setting.category_display },
    { key: 'value', header: 'Value', className: 'font-medium' },
    {
      key: 'price',
      header: 'Price',
      numeric: true,
      cell: (setting) => (setting.price === null ? '' : formatMoney(setting.price)),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (setting) => (
        <EditDeleteButtons
          onEdit={() => list.startEdit(setting)}
          onDelete={() => setPendingDelete(setting)}
          deleting={remove.isPending}
        />
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={SETTING_TEXT.title} />

      {list.noticeView}

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <SettingForm
          key={list.formKey}
          {...list.formProps}
          initialCategory={lastCategory}
          categories={categoryOptions}
          categoriesLoading={categories.isPlaceholderData && categories.isFetching}
          onSaved={handleSaved}
        />
        <div className="flex flex-col gap-4 lg:col-span-2">
          <div className="max-w-xs">
            <Field label={SETTING_TEXT.filterLabel}>
              {(control) => (
                <Select
                  {...control}
                  name="category_filter"
                  options={[{ value: '', label: SETTING_TEXT.allCategories }, ...categoryOptions]}
                  value={filter}
                  onChange={(value) => setFilter(value ?? '')}
                />
              )}
            </Field>
          </div>
          {settings.isError ? (
            <FetchError
              message={SETTING_TEXT.fetchError}
              onRetry={() => void settings.refetch()}
              retrying={settings.isFetching}
            />
          ) : (
            <DataTable
              caption={SETTING_TEXT.tableCaption}
              captionHidden
              columns={columns}
              rows={settings.data ?? []}
              rowKey={(setting) => setting.id}
              loading={settings.isPending || settings.isPlaceholderData}
              emptyText={SETTING_TEXT.empty}
            />
          )}
        </div>
      </div>

      <ConfirmDeleteModal
        row={pendingDelete}
        title={SETTING_TEXT.deleteTitle}
        question={(setting) => SETTING_TEXT.confirmDelete(setting.category_display, setting.value)}
        onClose={() => setPendingDelete(null)}
        onConfirm={(setting) => void deleteSetting(setting)}
      />
    </section>
  );
}
