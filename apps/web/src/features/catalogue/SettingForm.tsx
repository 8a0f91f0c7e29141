import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { settingSchema, type SettingData } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { MoneyInput } from '../../components/MoneyInput';
import { saveErrorMessage, serverFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { formError, sameName, showServerFieldErrors } from './formErrors';
import { Select, type SelectOption } from './Select';
import { SETTING_TEXT } from './texts';
import type { SettingFormValues, SettingRow } from './types';

export interface SettingFormProps {
  /** The setting being edited, or null to add one. The page remounts the form when this changes. */
  editing: SettingRow | null;
  /** The category an empty (add mode) form starts with: '' or the one just used. */
  initialCategory: string;
  categories: ReadonlyArray<SelectOption<string>>;
  categoriesLoading: boolean;
  onSaved: (outcome: 'created' | 'updated', setting: SettingRow) => void;
  onError: (message: string) => void;
  onCancel: () => void;
}

const resolver = zodResolver(settingSchema) as unknown as Resolver<SettingFormValues, unknown, SettingData>;

function initialValues(editing: SettingRow | null, initialCategory: string): SettingFormValues {
  if (!editing) return { category: initialCategory, value: '', price: '' };
  return { category: editing.category, value: editing.value, price: editing.price ?? '' };
}

/**
 * Add or edit a setting (invoices spec §4, §5): category, value and price are required; price at
 * least 0 in steps of 0.01. Checked with the domain's settingSchema; the server's field errors
 * are shown on the matching field.
 */
export function SettingForm({
  editing,
  initialCategory,
  categories,
  categoriesLoading,
  onSaved,
  onError,
  onCancel,
}: SettingFormProps) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SettingFormValues, unknown, SettingData>({
    resolver,
    defaultValues: initialValues(editing, initialCategory),
  });
  const create = trpc.catalogue.settings.create.useMutation();
  const update = trpc.catalogue.settings.update.useMutation();

  // Edit starts from a row of the table: bring the user to the form.
  useEffect(() => {
    if (editing) setFocus('value');
  }, [editing, setFocus]);

  const onSubmit = handleSubmit(async (data) => {
    try {
      if (editing) onSaved('updated', await update.mutateAsync({ id: editing.id, data }));
      else onSaved('created', await create.mutateAsync(data));
    } catch (error) {
      showServerFieldErrors(setError, serverFieldErrors(error), sameName(['category', 'value', 'price']));
      onError(saveErrorMessage(error, SETTING_TEXT.saveError));
    }
  });

  const title = editing ? SETTING_TEXT.editTitle : SETTING_TEXT.addTitle;

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:sticky lg:top-4"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <Controller
        control={control}
        name="category"
        render={({ field }) => (
          <Field label="Category" required error={formError(errors, 'category')}>
            {(controlProps) => (
              <Select
                {...controlProps}
                ref={field.ref}
                name={field.name}
                options={categories}
                isLoading={categoriesLoading}
                value={field.value === '' ? null : field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
              />
            )}
          </Field>
        )}
      />
      <Field label="Value" required error={formError(errors, 'value')}>
        {(controlProps) => <TextInput {...controlProps} autoComplete="off" {...register('value')} />}
      </Field>
      <Controller
        control={control}
        name="price"
        render={({ field }) => (
          <Field label="Price" required error={formError(errors, 'price')}>
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
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        {editing && (
          <Button onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" busy={isSubmitting} busyLabel="Saving...">
          {editing ? SETTING_TEXT.updateButton : SETTING_TEXT.addButton}
        </Button>
      </div>
    </form>
  );
}
