import { useId } from 'react';
import { Controller, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { MESSAGES, additionalItemsTotal, formatMoney, formatTwoDecimals } from '@icehouse/domain';
import { Button, Field, MoneyInput, TextInput } from '../../../components';
import { useSeesMoney } from '../../../lib/access';
import { SelectField } from '../fields/SelectField';
import { Section, useFieldError } from '../fields/controls';
import { emptyItemValues } from '../formValues';
import type { OrderLookups } from '../lookups';
import type { ItemValues, Option, OrderFormValues } from '../types';

/**
 * Additional items (spec §2): each row an item from the list (with its price) or a newly typed
 * custom item (price 0), a quantity (whole, at least 1) and a price. An item chosen in one row is
 * not offered in the others.
 */

/** The options a row may choose: every item not chosen in another row. */
export function availableItems(
  all: readonly Option[],
  rows: readonly ItemValues[],
  rowIndex: number,
): Option[] {
  const taken = new Set(
    rows.flatMap((row, index) => (index !== rowIndex && row.item !== null ? [row.item] : [])),
  );
  return all.filter((option) => !taken.has(option.value));
}

/** Empty-list text (spec §2): while typing, and when every item is already chosen. */
export function itemsEmptyText(inputValue: string): string {
  return inputValue.trim() !== '' ? MESSAGES.noMatchingItems : MESSAGES.allItemsSelected;
}

interface ItemRowProps {
  index: number;
  options: Option[];
  allLabels: string[];
  onRemove: () => void;
}

function ItemRow({ index, options, allLabels, onRemove }: ItemRowProps) {
  const { control, setValue, register } = useFormContext<OrderFormValues>();
  const { isSubmitted } = useFormState({ control });
  const base = `building_info.additional_items.${index}` as const;
  const row = useWatch({ control, name: base });
  const itemError = useFieldError(`${base}.item`);
  const quantityError = useFieldError(`${base}.quantity`);
  const priceError = useFieldError(`${base}.price`);
  // A role that sees no money receives no prices: the item's name and quantity only.
  const money = useSeesMoney();
  const amountId = useId();
  const n = index + 1;
  const set = (path: `${typeof base}.${keyof ItemValues}`, value: string | number | null) =>
    setValue(path, value as never, { shouldDirty: true, shouldValidate: isSubmitted });
  const quantity = register(`${base}.quantity`);

  return (
    <div
      role="group"
      aria-label={`Item ${n}`}
      className="grid grid-cols-2 items-start gap-2 border-b border-slate-100 py-3 last:border-b-0 sm:grid-cols-[minmax(0,3fr)_minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,1.2fr)_auto]"
    >
      <Field label="Item" error={itemError} className="col-span-2 sm:col-span-1">
        {(aria) => (
          <Controller
            control={control}
            name={`${base}.item`}
            render={({ field }) => (
              <SelectField<number>
                {...aria}
                ref={field.ref}
                name={field.name}
                options={options}
                value={field.value}
                customText={row?.custom_item_name ?? ''}
                onBlur={field.onBlur}
                noOptionsMessage={itemsEmptyText}
                formatCreateLabel={(text) => `Add custom item "${text}"`}
                isValidNewOption={(text) =>
                  text.trim() !== '' && !allLabels.includes(text.trim().toLowerCase())
                }
                onCreate={(text) => {
                  field.onChange(null);
                  set(`${base}.custom_item_name`, text);
                  // A new custom item starts at price 0 (spec §2).
                  set(`${base}.price`, '0.00');
                }}
                onChange={(value) => {
                  field.onChange(value);
                  set(`${base}.custom_item_name`, '');
                  const chosen = options.find((option) => option.value === value);
                  set(`${base}.price`, chosen ? formatTwoDecimals(chosen.price ?? '0') : '');
                }}
              />
            )}
          />
        )}
      </Field>
      <Field label="Quantity" error={quantityError}>
        {(aria) => (
          <TextInput
            {...aria}
            {...quantity}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className="text-right tabular-nums"
          />
        )}
      </Field>
      {money && (
        <Field label="Price" error={priceError}>
          {(aria) => (
            <Controller
              control={control}
              name={`${base}.price`}
              render={({ field }) => (
                <MoneyInput
                  {...aria}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </Field>
      )}
      {money && (
        <div className="flex flex-col gap-1">
          <label htmlFor={amountId} className="text-sm font-medium text-slate-800">
            Amount
          </label>
          <output
            id={amountId}
            aria-live="off"
            className="py-2 text-right text-sm font-medium text-slate-900 tabular-nums"
          >
            {formatMoney(additionalItemsTotal(row ? [row] : []))}
          </output>
        </div>
      )}
      <div className="flex items-end sm:pt-6">
        <Button size="sm" variant="secondary" aria-label={`Remove item ${n}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </div>
  );
}

export function ItemsEditor({ lookups }: { lookups: OrderLookups }) {
  const { control } = useFormContext<OrderFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'building_info.additional_items' });
  const rows = useWatch({ control, name: 'building_info.additional_items' });
  const all = lookups.settings.additional_item;
  const allLabels = all.map((option) => option.label.toLowerCase());
  const total = additionalItemsTotal(rows);
  const money = useSeesMoney();

  return (
    <Section
      title="Additional Items"
      actions={
        <Button size="sm" onClick={() => append(emptyItemValues())}>
          Add Item
        </Button>
      }
    >
      {fields.length === 0 ? (
        <p className="text-sm text-slate-500">No additional items.</p>
      ) : (
        <div>
          {fields.map((field, index) => (
            <ItemRow
              key={field.id}
              index={index}
              options={availableItems(all, rows, index)}
              allLabels={allLabels}
              onRemove={() => remove(index)}
            />
          ))}
          {money && (
            <p className="pt-2 text-right text-sm text-slate-700">
              Additional items total:{' '}
              <span className="font-semibold text-slate-900 tabular-nums">{formatMoney(total)}</span>
            </p>
          )}
        </div>
      )}
    </Section>
  );
}
