import type { Ref } from 'react';
import ReactSelect, {
  components,
  type GroupBase,
  type InputProps,
  type SelectInstance,
  type SingleValue,
} from 'react-select';
import { DROPDOWN_TEXT, LIMITS } from '@icehouse/domain';
import { cn } from '../../lib/cn';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

/** The ARIA ties a Field hands its control, carried to react-select's input (see AccessibleInput). */
interface FieldAria {
  describedBy?: string;
  required?: true;
}

export interface SelectProps<V extends string | number> {
  /** The input's id (Field's `id`), so the Field's label names the combobox. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  /** When there is no visible label (a row of the component editor). */
  'aria-label'?: string;
  name?: string;
  options: ReadonlyArray<SelectOption<V>>;
  /** The chosen value, or null for none ('Select...'). */
  value: V | null;
  onChange: (value: V | null) => void;
  onBlur?: () => void;
  isLoading?: boolean;
  isDisabled?: boolean;
  isClearable?: boolean;
  placeholder?: string;
  /** Lets react-hook-form focus the select when it has an error. */
  ref?: Ref<SelectInstance<SelectOption<V>, false>>;
  className?: string;
}

type AnyOption = SelectOption<string | number>;

/**
 * react-select's input, with the Field's hint/error description and required flag, which
 * react-select itself does not pass through (it describes the input by its placeholder).
 */
function AccessibleInput(props: InputProps<AnyOption, false, GroupBase<AnyOption>>) {
  const aria = (props.selectProps as unknown as { fieldAria?: FieldAria }).fieldAria;
  return (
    <components.Input
      {...props}
      aria-describedby={aria?.describedBy ?? props['aria-describedby']}
      aria-required={aria?.required}
    />
  );
}

/**
 * The app's select field: react-select with the spec's texts ('Select...', 'No options',
 * 'Loading...') and the menu heights and page size from the domain's LIMITS. Values are plain
 * (an id or a code); the options carry the labels.
 */
export function Select<V extends string | number>({
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-required': required,
  'aria-label': ariaLabel,
  name,
  options,
  value,
  onChange,
  onBlur,
  isLoading = false,
  isDisabled = false,
  isClearable = false,
  placeholder = DROPDOWN_TEXT.placeholder,
  ref,
  className,
}: SelectProps<V>) {
  const selected = value === null ? null : (options.find((option) => option.value === value) ?? null);
  const fieldAria: FieldAria = { describedBy, required };

  return (
    <ReactSelect<SelectOption<V>, false>
      ref={ref}
      inputId={id}
      name={name}
      aria-label={ariaLabel}
      aria-invalid={invalid}
      options={options}
      value={selected}
      onChange={(option: SingleValue<SelectOption<V>>) => onChange(option ? option.value : null)}
      onBlur={onBlur}
      isLoading={isLoading}
      isDisabled={isDisabled}
      isClearable={isClearable}
      placeholder={placeholder}
      noOptionsMessage={() => DROPDOWN_TEXT.noOptions}
      loadingMessage={() => DROPDOWN_TEXT.loading}
      maxMenuHeight={LIMITS.dropdownMaxMenuHeight}
      minMenuHeight={LIMITS.dropdownMinMenuHeight}
      pageSize={LIMITS.dropdownPageSize}
      menuPlacement="auto"
      className={className}
      components={{ Input: AccessibleInput as unknown as typeof components.Input }}
      {...({ fieldAria } as object)}
      unstyled
      classNames={{
        control: ({ isFocused, isDisabled: disabled }) =>
          cn(
            'min-h-[38px] rounded-md border bg-white px-3 text-sm shadow-sm',
            invalid ? 'border-red-500' : 'border-slate-300',
            isFocused && 'outline-2 outline-sky-600',
            disabled && 'bg-slate-100 text-slate-500',
          ),
        valueContainer: () => 'gap-1 py-1',
        placeholder: () => 'text-slate-400',
        singleValue: () => 'text-slate-900',
        input: () => 'text-slate-900',
        indicatorsContainer: () => 'gap-1 text-slate-400',
        clearIndicator: () => 'p-1 hover:text-slate-700',
        dropdownIndicator: () => 'p-1 hover:text-slate-700',
        indicatorSeparator: () => 'mx-1 my-2 w-px bg-slate-200',
        loadingIndicator: () => 'p-1',
        menu: () => 'z-20 mt-1 rounded-md border border-slate-200 bg-white text-sm shadow-lg',
        menuList: () => 'py-1',
        option: ({ isFocused, isSelected }) =>
          cn(
            'cursor-pointer px-3 py-2',
            isSelected ? 'bg-sky-700 text-white' : isFocused ? 'bg-sky-50 text-slate-900' : 'text-slate-800',
          ),
        noOptionsMessage: () => 'px-3 py-2 text-slate-500',
        loadingMessage: () => 'px-3 py-2 text-slate-500',
      }}
    />
  );
}
