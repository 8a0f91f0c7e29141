import { useId, useMemo } from 'react';
import { Controller, useFieldArray, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUILDING_TYPES,
  BUILDING_TYPE_LABELS,
  componentPrice,
  multiplyQty,
  parseMoney,
  productCalculatedPrice,
  productSchema,
  summarizeFieldErrors,
  type ComponentPricing,
  type ProductData,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import {
  CatalogueFormFrame,
  ChoiceField,
  MoneyField,
  useCatalogueForm,
  type SaveOutcome,
} from './CatalogueForm';
import { formError } from './formErrors';
import { PriceOutput } from './PriceOutput';
import { Select, type SelectOption } from './Select';
import { PRODUCT_TEXT } from './texts';
import type { ComponentRow, ProductComponentFormValues, ProductFormValues, ProductRow } from './types';

export interface ProductFormProps {
  /** The product being edited, or null to add one. The page remounts the form when this changes. */
  editing: ProductRow | null;
  /** Every component, for the component editor's choices and the calculated price. */
  components: readonly ComponentRow[];
  componentsLoading: boolean;
  onSaved: (outcome: SaveOutcome, product: ProductRow) => void;
  onError: (message: string) => void;
  onCancel: () => void;
}

const BUILDING_TYPE_OPTIONS: SelectOption<string>[] = BUILDING_TYPES.map((value) => ({
  value,
  label: BUILDING_TYPE_LABELS[value],
}));

const NEW_ROW: ProductComponentFormValues = { component: null, quantity: '1' };

const baseResolver = zodResolver(productSchema) as unknown as Resolver<
  ProductFormValues,
  unknown,
  ProductData
>;

/**
 * The domain's productSchema, over what the user sees: a simple product's component rows are
 * hidden, so they are neither checked nor sent (they stay in the form if the box is unticked again).
 */
const resolver: Resolver<ProductFormValues, unknown, ProductData> = (values, context, options) =>
  baseResolver(values.is_simple ? { ...values, components: [] } : values, context, options);

function initialValues(editing: ProductRow | null): ProductFormValues {
  if (!editing) {
    return { description: '', building_type: '', is_simple: false, price: '', components: [{ ...NEW_ROW }] };
  }
  const rows = editing.components.map((line) => ({
    component: line.component,
    quantity: String(line.quantity),
  }));
  return {
    description: editing.description,
    building_type: editing.building_type,
    is_simple: editing.is_simple,
    price: editing.price ?? '',
    components: rows.length > 0 || editing.is_simple ? rows : [{ ...NEW_ROW }],
  };
}

/** Where a server field error belongs on this form ('components' itself: under the editor). */
function productFieldName(path: string): string | null {
  if (['description', 'building_type', 'is_simple', 'price'].includes(path)) return path;
  if (path === 'components') return 'components.root';
  if (/^components\.\d+\.(component|quantity)$/.test(path)) return path;
  return null;
}

/**
 * Add or edit a product (invoices spec §4, §5): description and building type required; a simple
 * product carries its own price (above 0); any other is built from components (at least one; each
 * row a component, chosen once per product, and a quantity of at least 1). The calculated price
 * follows what is typed. A failed save lists the server's field errors ('field: messages' joined
 * by '. '), else says 'Failed to save product'.
 */
export function ProductForm({
  editing,
  components,
  componentsLoading,
  onSaved,
  onError,
  onCancel,
}: ProductFormProps) {
  const create = trpc.catalogue.products.create.useMutation();
  const update = trpc.catalogue.products.update.useMutation();
  const {
    form: {
      control,
      register,
      getValues,
      formState: { errors, isSubmitting },
    },
    onSubmit,
  } = useCatalogueForm<ProductFormValues, ProductData, ProductRow>({
    resolver,
    defaultValues: initialValues(editing),
    editing,
    focus: 'description',
    create: (data) => create.mutateAsync(data),
    update: (id, data) => update.mutateAsync({ id, data }),
    fieldName: productFieldName,
    // A failed save lists the server's field errors, else says the spec's message.
    failureMessage: (_error, fieldErrors) =>
      (fieldErrors ? summarizeFieldErrors(fieldErrors) : '') || PRODUCT_TEXT.saveError,
    onSaved,
    onError,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'components' });
  const isSimple = useWatch({ control, name: 'is_simple' });
  const price = useWatch({ control, name: 'price' });
  const rows = useWatch({ control, name: 'components' });
  const rowsId = useId();

  const pricing = useMemo(
    () =>
      new Map<number, ComponentPricing>(components.map((c) => [c.id, { cost: c.cost, markup: c.markup }])),
    [components],
  );

  // Every component, plus any of the edited product's that the list no longer has (so its name still shows).
  const componentOptions = useMemo(() => {
    const options: SelectOption<number>[] = components.map((c) => ({ value: c.id, label: c.name }));
    for (const line of editing?.components ?? []) {
      if (!options.some((o) => o.value === line.component))
        options.push({ value: line.component, label: line.component_name });
    }
    return options;
  }, [components, editing]);

  const chosen = rows.map((row) => row.component);
  const optionsForRow = (index: number) =>
    componentOptions.filter(
      (option) =>
        option.value === chosen[index] || !chosen.some((id, j) => j !== index && id === option.value),
    );

  const calculatedPrice = (() => {
    if (isSimple) return parseMoney(price) === null ? '—' : formatMoney(price);
    const refs = rows.flatMap((row) =>
      row.component === null ? [] : [{ component: row.component, quantity: row.quantity }],
    );
    return formatMoney(productCalculatedPrice({ is_simple: false, components: refs }, pricing));
  })();

  /** A row's component price × quantity, once both are known. */
  function lineAmount(row: ProductComponentFormValues | undefined): string {
    if (!row || row.component === null) return '';
    const c = pricing.get(row.component);
    if (!c || parseMoney(row.quantity) === null) return '';
    return formatMoney(multiplyQty(componentPrice(c.cost, c.markup), row.quantity));
  }

  const componentsError = formError(errors, 'components.root') ?? formError(errors, 'components');
  const componentsErrorId = `${rowsId}-error`;

  return (
    <CatalogueFormFrame
      texts={PRODUCT_TEXT}
      editing={editing !== null}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      onCancel={onCancel}
      sticky={false}
    >
      <div className="grid items-start gap-4 lg:grid-cols-2 lg:gap-6">
        <div className="flex flex-col gap-4">
          <Field label="Description" required error={formError(errors, 'description')}>
            {(controlProps) => (
              <TextInput {...controlProps} autoComplete="off" {...register('description')} />
            )}
          </Field>
          <ChoiceField
            control={control}
            name="building_type"
            label="Building Type"
            error={formError(errors, 'building_type')}
            options={BUILDING_TYPE_OPTIONS}
          />
          <Controller
            control={control}
            name="is_simple"
            render={({ field }) => (
              <Checkbox
                name={field.name}
                label={PRODUCT_TEXT.simpleLabel}
                hint={PRODUCT_TEXT.simpleHint}
                checked={field.value}
                error={formError(errors, 'is_simple')}
                onBlur={field.onBlur}
                onChange={(checked) => {
                  field.onChange(checked);
                  // Back to a component product with no rows: start the first one.
                  if (!checked && getValues('components').length === 0) append({ ...NEW_ROW });
                }}
              />
            )}
          />
        </div>
        <div className="flex flex-col gap-4">
          {isSimple ? (
            <MoneyField control={control} name="price" label="Price" error={formError(errors, 'price')} />
          ) : (
            <fieldset
              className="flex flex-col gap-3 rounded-md border border-slate-200 p-3"
              aria-describedby={componentsError ? componentsErrorId : undefined}
            >
              <legend className="px-1 text-sm font-medium text-slate-800">
                {PRODUCT_TEXT.componentsLegend}
                <span aria-hidden="true" className="ml-0.5 text-red-600">
                  *
                </span>
              </legend>
              {fields.length === 0 ? (
                <p className="text-sm text-slate-500">{PRODUCT_TEXT.noComponentRows}</p>
              ) : (
                <div className="grid grid-cols-[minmax(0,1fr)_5.5rem_auto] items-start gap-x-2 gap-y-3">
                  <span aria-hidden="true" className="text-xs font-semibold text-slate-600 uppercase">
                    Component
                  </span>
                  <span aria-hidden="true" className="text-xs font-semibold text-slate-600 uppercase">
                    Quantity
                  </span>
                  <span />
                  {fields.map((item, index) => {
                    const componentError = formError(errors, `components.${index}.component`);
                    const quantityError = formError(errors, `components.${index}.quantity`);
                    const componentErrorId = `${rowsId}-${item.id}-component-error`;
                    const quantityErrorId = `${rowsId}-${item.id}-quantity-error`;
                    const line = lineAmount(rows[index]);
                    return (
                      <div key={item.id} className="contents">
                        <div className="flex min-w-0 flex-col gap-1">
                          <Controller
                            control={control}
                            name={`components.${index}.component`}
                            render={({ field }) => (
                              <Select
                                ref={field.ref}
                                name={field.name}
                                aria-label={`Component ${index + 1}`}
                                aria-invalid={componentError ? true : undefined}
                                aria-describedby={componentError ? componentErrorId : undefined}
                                aria-required
                                options={optionsForRow(index)}
                                isLoading={componentsLoading}
                                value={field.value}
                                onChange={field.onChange}
                                onBlur={field.onBlur}
                              />
                            )}
                          />
                          {componentError && (
                            <p id={componentErrorId} className="text-xs font-medium text-red-700">
                              {componentError}
                            </p>
                          )}
                          {line && <p className="text-xs text-slate-500 tabular-nums">Line total {line}</p>}
                        </div>
                        <div className="flex flex-col gap-1">
                          <input
                            type="number"
                            inputMode="numeric"
                            min={1}
                            step={1}
                            aria-label={`Quantity ${index + 1}`}
                            aria-invalid={quantityError ? true : undefined}
                            aria-describedby={quantityError ? quantityErrorId : undefined}
                            className={inputClassName(Boolean(quantityError), 'text-right tabular-nums')}
                            {...register(`components.${index}.quantity`)}
                          />
                          {quantityError && (
                            <p id={quantityErrorId} className="text-xs font-medium text-red-700">
                              {quantityError}
                            </p>
                          )}
                        </div>
                        <Button
                          size="sm"
                          className="mt-1"
                          aria-label={`Remove component ${index + 1}`}
                          onClick={() => remove(index)}
                        >
                          Remove
                        </Button>
                      </div>
                    );
                  })}
                </div>
              )}
              {componentsError && (
                <p id={componentsErrorId} className="text-xs font-medium text-red-700">
                  {componentsError}
                </p>
              )}
              <div>
                <Button
                  size="sm"
                  onClick={() => append({ ...NEW_ROW })}
                  disabled={fields.length >= componentOptions.length && componentOptions.length > 0}
                >
                  {PRODUCT_TEXT.addComponentRow}
                </Button>
              </div>
            </fieldset>
          )}

          <PriceOutput label={PRODUCT_TEXT.calculatedPrice} value={calculatedPrice} />
        </div>
      </div>
    </CatalogueFormFrame>
  );
}
