import { useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { componentPrice, componentSchema, parseMoney, type ComponentData } from '@icehouse/domain';
import { Field, TextInput } from '../../components/Field';
import { saveErrorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { CatalogueFormFrame, MoneyField, useCatalogueForm, type SaveOutcome } from './CatalogueForm';
import { formError, sameName } from './formErrors';
import { PercentInput } from './PercentInput';
import { PriceOutput } from './PriceOutput';
import { COMPONENT_TEXT } from './texts';
import type { ComponentFormValues, ComponentRow } from './types';

export interface ComponentFormProps {
  /** The component being edited, or null to add one. The page remounts the form when this changes. */
  editing: ComponentRow | null;
  onSaved: (outcome: SaveOutcome, component: ComponentRow) => void;
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
  const create = trpc.catalogue.components.create.useMutation();
  const update = trpc.catalogue.components.update.useMutation();
  const {
    form: {
      control,
      register,
      formState: { errors, isSubmitting },
    },
    onSubmit,
  } = useCatalogueForm<ComponentFormValues, ComponentData, ComponentRow>({
    resolver,
    defaultValues: editing ? { name: editing.name, cost: editing.cost, markup: editing.markup } : EMPTY,
    editing,
    focus: 'name',
    create: (data) => create.mutateAsync(data),
    update: (id, data) => update.mutateAsync({ id, data }),
    fieldName: sameName(['name', 'cost', 'markup']),
    failureMessage: (error) => saveErrorMessage(error, COMPONENT_TEXT.saveError),
    onSaved,
    onError,
  });
  const [cost, markup] = useWatch({ control, name: ['cost', 'markup'] });

  return (
    <CatalogueFormFrame
      texts={COMPONENT_TEXT}
      editing={editing !== null}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      onCancel={onCancel}
    >
      <Field label="Name" required error={formError(errors, 'name')}>
        {(controlProps) => <TextInput {...controlProps} autoComplete="off" {...register('name')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField control={control} name="cost" label="Cost" error={formError(errors, 'cost')} />
        <Field label="Markup (%)" required error={formError(errors, 'markup')}>
          {(controlProps) => <PercentInput {...controlProps} {...register('markup')} />}
        </Field>
      </div>
      <PriceOutput
        label={COMPONENT_TEXT.pricePreview}
        value={pricePreview(cost, markup)}
        hint={COMPONENT_TEXT.pricePreviewHint}
      />
    </CatalogueFormFrame>
  );
}
