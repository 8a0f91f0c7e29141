import { useRef, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { SETTING_CATEGORIES, SETTING_CATEGORY_LABELS } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Notice, type NoticeTone } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { serverMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { FetchError } from './FetchError';
import { Select } from './Select';
import { SettingForm } from './SettingForm';
import { SETTING_TEXT } from './texts';
import type { SettingRow } from './types';

interface PageNotice {
  tone: NoticeTone;
  text: string;
}

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

  const [editing, setEditing] = useState<SettingRow | null>(null);
  // A new key remounts the form: cleared after a save, reloaded when switching modes.
  const [formKey, setFormKey] = useState(0);
  // After an add, the next setting probably goes in the same category.
  const [lastCategory, setLastCategory] = useState('');
  const [notice, setNotice] = useState<PageNotice | null>(null);
  const [pendingDelete, setPendingDelete] = useState<SettingRow | null>(null);
  const cancelDeleteRef = useRef<HTMLButtonElement>(null);

  const categoryOptions = categories.data ?? DOMAIN_CATEGORIES;

  function toAddMode() {
    setEditing(null);
    setFormKey((key) => key + 1);
  }

  function startEdit(setting: SettingRow) {
    setEditing(setting);
    setFormKey((key) => key + 1);
    setNotice(null);
  }

  function handleSaved(outcome: 'created' | 'updated', setting: SettingRow) {
    setNotice({ tone: 'success', text: outcome === 'created' ? SETTING_TEXT.created : SETTING_TEXT.updated });
    if (outcome === 'created') setLastCategory(setting.category);
    toAddMode();
    void utils.catalogue.settings.invalidate();
  }

  async function confirmDelete() {
    const target = pendingDelete;
    setPendingDelete(null);
    if (!target) return;
    try {
      await remove.mutateAsync({ id: target.id });
      setNotice({ tone: 'success', text: SETTING_TEXT.deleted(target.value) });
      if (editing?.id === target.id) toAddMode();
    } catch (error) {
      // In use by orders: the server's CONFLICT message says which and what to do.
      setNotice({ tone: 'error', text: serverMessage(error) ?? SETTING_TEXT.deleteError });
    } finally {
      void utils.catalogue.settings.invalidate();
    }
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
        <div className="flex justify-end gap-2">
          <Button size="sm" onClick={() => startEdit(setting)}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setPendingDelete(setting)}
            disabled={remove.isPending}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={SETTING_TEXT.title} />

      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <SettingForm
          key={formKey}
          editing={editing}
          initialCategory={lastCategory}
          categories={categoryOptions}
          categoriesLoading={categories.isPlaceholderData && categories.isFetching}
          onSaved={handleSaved}
          onError={(text) => setNotice({ tone: 'error', text })}
          onCancel={() => {
            toAddMode();
            setNotice(null);
          }}
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

      <Modal
        open={pendingDelete !== null}
        onClose={() => setPendingDelete(null)}
        title={SETTING_TEXT.deleteTitle}
        size="sm"
        initialFocusRef={cancelDeleteRef}
        actions={
          <>
            <Button ref={cancelDeleteRef} onClick={() => setPendingDelete(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {pendingDelete
            ? SETTING_TEXT.confirmDelete(pendingDelete.category_display, pendingDelete.value)
            : null}
        </p>
      </Modal>
    </section>
  );
}
