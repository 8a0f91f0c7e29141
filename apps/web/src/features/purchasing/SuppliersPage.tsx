import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { Field, inputClassName } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { formatMoney } from '../../lib/format';
import { saveErrorMessage, serverFieldErrors } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { PURCHASING_TEXT as T } from './texts';

type Supplier = RouterOutputs['purchasing']['suppliers'][number];
type Bought = RouterOutputs['purchasing']['components'][number];

const firstOf = (v: unknown): string | undefined => (Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined);
const SUPPLIER_FIELDS = ['name', 'contact', 'email', 'phone', 'terms'] as const;

/** A supplier's form: new (no `supplier`) or an edit; the server's messages under their fields. */
function SupplierForm({ supplier, onDone }: { supplier: Supplier | null; onDone: () => void }) {
  const [values, setValues] = useState<Record<string, string>>(() => ({
    name: supplier?.name ?? '',
    contact: supplier?.contact ?? '',
    email: supplier?.email ?? '',
    phone: supplier?.phone ?? '',
    terms: supplier?.terms ?? '',
    notes: supplier?.notes ?? '',
  }));
  const utils = trpc.useUtils();
  const done = () => {
    void utils.purchasing.suppliers.invalidate();
    void utils.purchasing.components.invalidate();
    onDone();
  };
  const create = trpc.purchasing.createSupplier.useMutation({ onSuccess: done });
  const update = trpc.purchasing.updateSupplier.useMutation({ onSuccess: done });
  const error = create.error ?? update.error;
  const errors = error ? serverFieldErrors(error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (supplier) update.mutate({ id: supplier.id, data: values });
    else create.mutate(values);
  };
  return (
    <form onSubmit={submit} aria-label={supplier ? T.editSupplier : T.newSupplier} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
      {SUPPLIER_FIELDS.map((key) => (
        <Field key={key} label={T[key]} required={key === 'name'} error={firstOf(errors?.[key])}>
          {(control) => (
            <input {...control} className={inputClassName(!!errors?.[key])} value={values[key]} onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))} />
          )}
        </Field>
      ))}
      <Field label={T.notes} className="sm:col-span-3">
        {(control) => <textarea {...control} className={inputClassName(false)} value={values.notes} onChange={(e) => setValues((v) => ({ ...v, notes: e.target.value }))} />}
      </Field>
      {error && !errors && <Notice tone="error">{saveErrorMessage(error, 'Saving failed.')}</Notice>}
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" busy={create.isPending || update.isPending} busyLabel={T.saving}>
          {T.save}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One component's purchasing fields, edited in place. */
function ComponentPurchasingForm({ row, suppliers, onDone }: { row: Bought; suppliers: Supplier[]; onDone: () => void }) {
  const [values, setValues] = useState({
    preferred_supplier_id: row.preferred_supplier_id ? String(row.preferred_supplier_id) : '',
    supplier_part_number: row.supplier_part_number,
    last_price: row.last_price ?? '',
    lead_time_days: row.lead_time_days === null ? '' : String(row.lead_time_days),
    pack_size: String(row.pack_size),
  });
  const utils = trpc.useUtils();
  const save = trpc.purchasing.updateComponent.useMutation({
    onSuccess: () => {
      void utils.purchasing.components.invalidate();
      onDone();
    },
  });
  const errors = save.error ? serverFieldErrors(save.error) : null;
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  return (
    <form
      aria-label={`${T.componentsTitle}: ${row.name}`}
      className="grid gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 sm:grid-cols-5"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: row.component_id, data: values });
      }}
    >
      <Field label={T.preferredSupplier} error={firstOf(errors?.preferred_supplier_id)}>
        {(control) => (
          <select {...control} className={inputClassName(false)} value={values.preferred_supplier_id} onChange={set('preferred_supplier_id')}>
            <option value="">{T.noneOption}</option>
            {suppliers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={T.partNumber} error={firstOf(errors?.supplier_part_number)}>
        {(control) => <input {...control} className={inputClassName(false)} value={values.supplier_part_number} onChange={set('supplier_part_number')} />}
      </Field>
      <Field label={T.lastPrice} error={firstOf(errors?.last_price)}>
        {(control) => <input {...control} inputMode="decimal" className={inputClassName(!!errors?.last_price)} value={values.last_price} onChange={set('last_price')} />}
      </Field>
      <Field label={T.leadTime} error={firstOf(errors?.lead_time_days)}>
        {(control) => <input {...control} inputMode="numeric" className={inputClassName(!!errors?.lead_time_days)} value={values.lead_time_days} onChange={set('lead_time_days')} />}
      </Field>
      <Field label={T.packSize} error={firstOf(errors?.pack_size)}>
        {(control) => <input {...control} inputMode="numeric" className={inputClassName(!!errors?.pack_size)} value={values.pack_size} onChange={set('pack_size')} />}
      </Field>
      <div className="flex gap-2 sm:col-span-5">
        <Button type="submit" busy={save.isPending} busyLabel={T.saving}>
          {T.save}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** /suppliers: suppliers, and how each component is bought (the purchasing roles'). */
export function SuppliersPage() {
  const suppliers = trpc.purchasing.suppliers.useQuery();
  const bought = trpc.purchasing.components.useQuery();
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const [component, setComponent] = useState<number | null>(null);
  const supplierColumns: DataTableColumn<Supplier>[] = [
    { key: 'name', header: T.name },
    { key: 'contact', header: T.contact },
    { key: 'email', header: T.email },
    { key: 'phone', header: T.phone },
    { key: 'terms', header: T.terms },
    { key: 'edit', header: T.edit, srOnlyHeader: true, cell: (s) => <Button size="xs" variant="secondary" onClick={() => setEditing(s)} aria-label={`${T.edit} ${s.name}`}>{T.edit}</Button> },
  ];
  const componentColumns: DataTableColumn<Bought>[] = [
    { key: 'name', header: T.component },
    { key: 'preferred_supplier_name', header: T.preferredSupplier },
    { key: 'supplier_part_number', header: T.partNumber },
    { key: 'last_price', header: T.lastPrice, numeric: true, cell: (c) => (c.last_price === null ? '' : formatMoney(c.last_price)) },
    { key: 'lead_time_days', header: T.leadTime, numeric: true },
    { key: 'pack_size', header: T.packSize, numeric: true },
    { key: 'edit', header: T.edit, cell: (c) => <Button size="xs" variant="secondary" onClick={() => setComponent(c.component_id)} aria-label={`${T.edit} ${c.name}`}>{T.edit}</Button> },
  ];
  const editedComponent = bought.data?.find((c) => c.component_id === component);
  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={T.suppliers} actions={<Button onClick={() => setEditing('new')}>{T.newSupplier}</Button>} />
      {editing && <SupplierForm key={editing === 'new' ? 'new' : editing.id} supplier={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      <DataTable caption={T.suppliers} captionHidden columns={supplierColumns} rows={suppliers.data ?? []} rowKey={(s) => s.id} loading={suppliers.isLoading} emptyText={T.noSuppliers} cards />
      <h2 className="text-lg font-semibold">{T.componentsTitle}</h2>
      {editedComponent && <ComponentPurchasingForm key={editedComponent.component_id} row={editedComponent} suppliers={suppliers.data ?? []} onDone={() => setComponent(null)} />}
      <DataTable caption={T.componentsTitle} captionHidden columns={componentColumns} rows={bought.data ?? []} rowKey={(c) => c.component_id} loading={bought.isLoading} cards />
    </section>
  );
}
