import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { settingSchema, type SettingData } from '@icehouse/domain';
import { Field, TextInput } from '../../components/Field';
import { saveErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import {
  CatalogueFormFrame,
  ChoiceField,
  MoneyField,
  useCatalogueForm,
  type SaveOutcome,
} from './CatalogueForm';
import { formError, sameName } from './formErrors';
import type { SelectOption } from './Select';
import { SETTING_TEXT } from './texts';
import type { SettingFormValues, SettingRow } from './types';

export interface SettingFormProps {
  /** The setting being edited, or null to add one. The page remounts the form when this changes. */
  editing: SettingRow | null;
  /** The category an empty (add mode) form starts with: '' or the one just used. */
  initialCategory: string;
  categories: ReadonlyArray<SelectOption<string>>;
  categoriesLoading: boolean;
  onSaved: (outcome: SaveOutcome, setting: SettingRow) => void;
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
  const create = trpc.catalogue.settings.create.useMutation();
  const update = trpc.catalogue.settings.update.useMutation();
  const {
    form: {
      control,
      register,
      formState: { errors, isSubmitting },
    },
    onSubmit,
  } = useCatalogueForm<SettingFormValues, SettingData, SettingRow>({
    resolver,
    defaultValues: initialValues(editing, initialCategory),
    editing,
    focus: 'value',
    create: (data) => create.mutateAsync(data),
    update: (id, data) => update.mutateAsync({ id, data }),
    fieldName: sameName(['category', 'value', 'price']),
    failureMessage: (error) => saveErrorMessage(error, SETTING_TEXT.saveError),
    onSaved,
    onError,
  });

  return (
    <CatalogueFormFrame
      texts={SETTING_TEXT}
      editing={editing !== null}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      onCancel={onCancel}
    >
      <ChoiceField
        control={control}
        name="category"
        label="Category"
        error={formError(errors, 'category')}
        options={categories}
        isLoading={categoriesLoading}
      />
      <Field label="Value" required error={formError(errors, 'value')}>
        {(controlProps) => <TextInput {...controlProps} autoComplete="off" {...register('value')} />}
      </Field>
      <MoneyField control={control} name="price" label="Price" error={formError(errors, 'price')} />
    </CatalogueFormFrame>
  );
}
