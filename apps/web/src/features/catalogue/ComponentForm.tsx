import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { componentPrice, componentSchema, parseMoney, type ComponentData } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { MoneyInput } from '../../components/MoneyInput';
import { saveErrorMessage, serverFieldErrors } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { formError, sameName, showServerFieldErrors } from './formErrors';
import { PercentInput } from './PercentInput';
import { PriceOutput } from './PriceOutput';
import { COMPONENT_TEXT } from './texts';
import type { ComponentFormValues, ComponentRow } from './types';

export interface ComponentFormProps {
  /** The component being edited, or null to add one. The page remounts the form when this changes. */
  editing: ComponentRow | null;
  onSaved: (outcome: 'created' | 'updated', component: ComponentRow) => void;
  onError: (message: string) => void;
  onCancel: () => void;
}

const resolver = zodResolver(componentSchema) as unknown as Resolver<
  ComponentFormValues,
  unknown,
  ComponentData
>;

const EMPTY: ComponentFormValues = { name: '', cost: '', markup: '' };

/** cost × (1 + markup/100) as the table will show it, or a dash while either is not a number ≥ 0. */
export function pricePreview(cost: string, markup: string): string {
  const c = parseMoney(cost);
  const m = parseMoney(markup);
  if (c === null || m === null || c.isNegative() || m.isNegative()) return '—';
  return formatMoney(componentPrice(c, m));
}

/**
 * Add or edit a component (invoices spec §5): name required ('Name is required'); cost and markup
 * (a percent) required and at least 0 ('Cost must be positive', 'Markup must be positive'). The
 * price it will sell at (cost × (1 + markup/100)) is worked out as the user types.
 */
export function ComponentForm({ editing, onSaved, onError, onCancel }: ComponentFormProps) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ComponentFormValues, unknown, ComponentData>({
    resolver,
    defaultValues: editing ? { name: editing.name, cost: editing.cost, markup: editing.markup } : EMPTY,
  });
  const [cost, markup] = useWatch({ control, name: ['cost', 'markup'] });
  const create = trpc.catalogue.components.create.useMutation();
  const update = trpc.catalogue.components.update.useMutation();

  useEffect(() => {
    if (editing) setFocus('name');
  }, [editing, setFocus]);

  const onSubmit = handleSubmit(async (data) => {
    try {
      if (editing) onSaved('updated', await update.mutateAsync({ id: editing.id, data }));
      else onSaved('created', await create.mutateAsync(data));
    } catch (error) {
      showServerFieldErrors(setError, serverFieldErrors(error), sameName(['name', 'cost', 'markup']));
      onError(saveErrorMessage(error, COMPONENT_TEXT.saveError));
    }
  });

  const title = editing ? COMPONENT_TEXT.editTitle : COMPONENT_TEXT.addTitle;

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:sticky lg:top-4"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <Field label="Name" required error={formError(errors, 'name')}>
        {(controlProps) => <TextInput {...controlProps} autoComplete="off" {...register('name')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="cost"
          render={({ field }) => (
            <Field label="Cost" required error={formError(errors, 'cost')}>
              {(controlProps) => (
                <MoneyInput
                  {...controlProps}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            </Field>
          )}
        />
        <Field label="Markup (%)" required error={formError(errors, 'markup')}>
          {(controlProps) => <PercentInput {...controlProps} {...register('markup')} />}
        </Field>
      </div>
      <PriceOutput
        label={COMPONENT_TEXT.pricePreview}
        value={pricePreview(cost, markup)}
        hint={COMPONENT_TEXT.pricePreviewHint}
      />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        {editing && (
          <Button onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" busy={isSubmitting} busyLabel="Saving...">
          {editing ? COMPONENT_TEXT.updateButton : COMPONENT_TEXT.addButton}
        </Button>
      </div>
    </form>
  );
}
