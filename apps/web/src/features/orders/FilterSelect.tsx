import ReactSelect, { type SingleValue } from 'react-select';
import { DROPDOWN_TEXT, LIMITS } from '@icehouse/domain';
import { cn } from '../../lib/cn';

export interface FilterOption<V extends string | number> {
  value: V;
  label: string;
}

export interface FilterSelectProps<V extends string | number> {
  /** The input's id, so a <label htmlFor> names the combobox. */
  inputId: string;
  options: ReadonlyArray<FilterOption<V>>;
  /** The chosen value, or null for none ('Select...'). */
  value: V | null;
  onChange: (value: V | null) => void;
  isLoading?: boolean;
  className?: string;
}

/**
 * A clearable filter dropdown (year, month, status): react-select with the spec's texts
 * ('Select...', 'No options', 'Loading...') and the menu sizes from the domain's LIMITS.
 */
export function FilterSelect<V extends string | number>({
  inputId,
  options,
  value,
  onChange,
  isLoading = false,
  className,
}: FilterSelectProps<V>) {
  const selected = value === null ? null : (options.find((option) => option.value === value) ?? null);
  return (
    <ReactSelect<FilterOption<V>, false>
      inputId={inputId}
      options={options}
      value={selected}
      onChange={(option: SingleValue<FilterOption<V>>) => onChange(option ? option.value : null)}
      isClearable
      isLoading={isLoading}
      placeholder={DROPDOWN_TEXT.placeholder}
      noOptionsMessage={() => DROPDOWN_TEXT.noOptions}
      loadingMessage={() => DROPDOWN_TEXT.loading}
      maxMenuHeight={LIMITS.dropdownMaxMenuHeight}
      minMenuHeight={LIMITS.dropdownMinMenuHeight}
      pageSize={LIMITS.dropdownPageSize}
      menuPlacement="auto"
      className={className}
      unstyled
      classNames={{
        control: ({ isFocused }) =>
          cn(
            'min-h-[38px] rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm',
            isFocused && 'outline-2 outline-sky-600',
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
