import { useId, useMemo, type ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  BUILDING_TYPES,
  BUILDING_TYPE_LABELS,
  CUSTOM_PRODUCT,
  formatMoney,
  formatTwoDecimals,
  keepsDoorTypePrice,
  needsSizeAndThickness,
  requiresBuildingDescription,
  showsBuildingDescription,
  showsBuildingPrice,
  toMoneyString,
} from '@icehouse/domain';
import { cn } from '../../../lib/cn';
import { MoneyField, SelectControl, Section, TextAreaField, type OrderPath } from '../fields/controls';
import { CUSTOM_OPTION_LABEL, productPrice, type OrderLookups } from '../lookups';
import { useSeesMoney } from '../../../lib/access';
import type { Option, OrderFormValues, ProductValue } from '../types';

type PricePath = 'building_info.door_type_price' | 'building_info.door_cladding_price';
type ManualPath = 'building_info.door_type_price_manual' | 'building_info.door_cladding_price_manual';

/** The option's price as the inputs show it, or null when the option has none. */
function optionPrice(options: readonly Option[], id: number | null): string | null {
  if (id === null) return null;
  const price = options.find((option) => option.value === id)?.price;
  return price === null || price === undefined ? null : formatTwoDecimals(price);
}

export interface DoorPriceFieldProps {
  label: string;
  name: PricePath;
  manualName: ManualPath;
  /** The chosen option's price (the automatic value), null when nothing is chosen. */
  defaultPrice: string | null;
  onChange: (path: OrderPath, value: string | boolean) => void;
}

/**
 * A door price (spec §4): follows the chosen option's price until the user edits it; a manual
 * price that differs from the default is highlighted yellow, with a control that restores it.
 */
export function DoorPriceField({ label, name, manualName, defaultPrice, onChange }: DoorPriceFieldProps) {
  const { control } = useFormContext<OrderFormValues>();
  const value = useWatch({ control, name });
  const manual = useWatch({ control, name: manualName });
  const noteId = useId();
  const differs = manual && defaultPrice !== null && value !== defaultPrice;
  return (
    <div className="flex flex-col gap-1">
      <MoneyField
        name={name}
        label={label}
        onUserChange={() => onChange(manualName, true)}
        inputClassName={cn(differs && 'border-yellow-400 bg-yellow-50')}
        describedBy={differs ? noteId : undefined}
        adornment={
          differs ? (
            <button
              type="button"
              aria-label={`Reset ${label} to ${formatMoney(defaultPrice)}`}
              title="Use the default price"
              onClick={() => {
                onChange(name, defaultPrice);
                onChange(manualName, false);
              }}
              className="rounded-md px-2 py-1.5 text-sm font-medium text-sky-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
            >
              Reset
            </button>
          ) : null
        }
      />
      {differs && (
        <p id={noteId} className="text-xs text-yellow-800">
          Manual price; the default is {formatMoney(defaultPrice)}.
        </p>
      )}
    </div>
  );
}

export interface BuildingSectionProps {
  lookups: OrderLookups;
  /** The door drawing uploader. */
  doorDrawing: ReactNode;
}

const DEPENDENT_FIELDS: OrderPath[] = [
  'building_info.product',
  'building_info.price',
  'building_info.building_type',
  'building_info.building_description',
  'building_info.size',
  'building_info.thickness',
  'building_info.door_type_price',
  'building_info.door_cladding_price',
];

const BUILDING_TYPE_OPTIONS: Option<string>[] = BUILDING_TYPES.map((value) => ({
  value,
  label: BUILDING_TYPE_LABELS[value],
}));

/**
 * The building: product and price; for a custom product its type, description, size and
 * thickness and colours; the door (type, hinge side, cladding) with prices; the door drawing;
 * door information, order notes, special delivery information and freight cost.
 */
export function BuildingSection({ lookups, doorDrawing }: BuildingSectionProps) {
  const { control, setValue, getValues, trigger } = useFormContext<OrderFormValues>();
  const { isSubmitted } = useFormState({ control });
  const [product, buildingType, doorType, doorCladding] = useWatch({
    control,
    name: [
      'building_info.product',
      'building_info.building_type',
      'building_info.door_type',
      'building_info.door_cladding',
    ],
  });
  const isCustom = product === CUSTOM_PRODUCT;
  const settings = lookups.settings;
  // A role that sees no money receives no prices or freight cost: those fields are left out.
  const money = useSeesMoney();

  const set = (path: OrderPath, value: unknown) =>
    setValue(path, value as never, { shouldDirty: true, shouldValidate: isSubmitted });

  /** After a failed save, the fields whose rules depend on the product and type are judged again. */
  const revalidate = () => {
    if (isSubmitted) void trigger(DEPENDENT_FIELDS);
  };

  const productOptions = useMemo<Option<number | string>[]>(
    () => [
      { value: CUSTOM_PRODUCT, label: CUSTOM_OPTION_LABEL },
      ...lookups.products.map((p) => ({ value: p.id, label: p.description, price: productPrice(p) })),
    ],
    [lookups.products],
  );

  /** The door type price is kept only for Door Only buildings (spec §4). */
  function applyBuildingType(type: string | null) {
    if (!keepsDoorTypePrice(type)) {
      set('building_info.door_type_price', '');
      set('building_info.door_type_price_manual', false);
      return;
    }
    const { door_type, door_type_price, door_type_price_manual } = getValues('building_info');
    const automatic = optionPrice(settings.door_type, door_type);
    if (automatic !== null && !door_type_price_manual && door_type_price === '') {
      set('building_info.door_type_price', automatic);
    }
  }

  function onProduct(value: ProductValue) {
    const previous = getValues('building_info.product');
    set('building_info.product', value);
    if (value === null || value === CUSTOM_PRODUCT) {
      // Custom: priced by hand; cleared: nothing to price.
      set('building_info.price', '');
      if (value === CUSTOM_PRODUCT && previous !== CUSTOM_PRODUCT) {
        // The catalogue product's type was its own; a custom building gets the type the user picks.
        set('building_info.building_type', null);
        applyBuildingType(null);
      }
      revalidate();
      return;
    }
    const chosen = lookups.productById.get(value);
    set('building_info.price', chosen ? toMoneyString(productPrice(chosen)) : '');
    if (chosen) {
      set('building_info.building_type', chosen.building_type);
      applyBuildingType(chosen.building_type);
    }
    revalidate();
  }

  function onBuildingType(value: string | null) {
    set('building_info.building_type', value);
    applyBuildingType(value);
    revalidate();
  }

  function onDoorOption(
    kind: 'door_type' | 'door_cladding',
    value: number | null,
    options: readonly Option[],
  ) {
    const priceName = `building_info.${kind}_price` as const;
    const manualName = `building_info.${kind}_price_manual` as const;
    set(`building_info.${kind}`, value);
    if (value === null) {
      // Clearing the selection clears its price (spec §4).
      set(priceName, '');
      set(manualName, false);
      return;
    }
    if (kind === 'door_type' && !keepsDoorTypePrice(getValues('building_info.building_type'))) return;
    if (!getValues(manualName)) set(priceName, optionPrice(options, value) ?? '');
  }

  const sized = isCustom && needsSizeAndThickness(buildingType);
  const allSizeLabels = settings.size.map((option) => option.label.toLowerCase());

  return (
    <Section title="Building">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SelectControl<number | string>
          name="building_info.product"
          label="Product"
          required
          options={productOptions}
          isLoading={lookups.loading}
          onSelect={(value) => onProduct(value as ProductValue)}
          className="sm:col-span-2"
        />
        {money && showsBuildingPrice(isCustom, buildingType) && (
          <MoneyField name="building_info.price" label="Price" />
        )}

        {isCustom && (
          <SelectControl<string>
            name="building_info.building_type"
            label="Building Type"
            required
            options={BUILDING_TYPE_OPTIONS}
            onSelect={onBuildingType}
          />
        )}
        {isCustom && showsBuildingDescription(buildingType) && (
          <TextAreaField
            name="building_info.building_description"
            label="Building Description"
            rows={3}
            required={requiresBuildingDescription(buildingType)}
            className="sm:col-span-2"
          />
        )}
        {sized && (
          <SelectControl<number>
            name="building_info.size"
            label="Size"
            required
            options={settings.size}
            customName="building_info.custom_size"
            formatCreateLabel={(text) => `Use custom size "${text}"`}
            isValidNewOption={(text) =>
              text.trim() !== '' && !allSizeLabels.includes(text.trim().toLowerCase())
            }
            hint="Choose a size or type a custom one."
          />
        )}
        {sized && (
          <SelectControl<number>
            name="building_info.thickness"
            label="Thickness"
            required
            options={settings.thickness}
          />
        )}
      </div>

      <h4 className="mt-5 mb-2 text-sm font-semibold text-slate-700">Door</h4>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SelectControl<number>
          name="building_info.door_type"
          label="Door Type"
          options={settings.door_type}
          onSelect={(value) => onDoorOption('door_type', value, settings.door_type)}
        />
        {money && keepsDoorTypePrice(buildingType) && (
          <DoorPriceField
            label="Door Type Price"
            name="building_info.door_type_price"
            manualName="building_info.door_type_price_manual"
            defaultPrice={optionPrice(settings.door_type, doorType)}
            onChange={set}
          />
        )}
        <SelectControl<number>
          name="building_info.hinge_side"
          label="Hinge Side"
          options={settings.hinge_side}
        />
        <SelectControl<number>
          name="building_info.door_cladding"
          label="Door Cladding"
          options={settings.door_cladding}
          onSelect={(value) => onDoorOption('door_cladding', value, settings.door_cladding)}
        />
        {money && doorCladding !== null && (
          <DoorPriceField
            label="Door Cladding Price"
            name="building_info.door_cladding_price"
            manualName="building_info.door_cladding_price_manual"
            defaultPrice={optionPrice(settings.door_cladding, doorCladding)}
            onChange={set}
          />
        )}
        {isCustom && (
          <SelectControl<number>
            name="building_info.roof_color"
            label="Roof Color"
            options={settings.roof_color}
          />
        )}
        {isCustom && (
          <SelectControl<number>
            name="building_info.siding_color"
            label="Siding Color"
            options={settings.siding_color}
          />
        )}
      </div>

      <div className="mt-4">{doorDrawing}</div>

      <div className="mt-4 grid grid-cols-1 gap-3 lg:grid-cols-2">
        <TextAreaField name="building_info.door_placement" label="Door Information" rows={5} />
        <TextAreaField name="notes" label="Order Notes" rows={3} />
        <TextAreaField name="special_delivery_info" label="Special Delivery Information" rows={3} />
        {money && <MoneyField name="freight_cost" label="Freight Cost" />}
      </div>
    </Section>
  );
}
