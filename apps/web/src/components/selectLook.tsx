import { components, type ClassNamesConfig, type GroupBase, type InputProps } from 'react-select';
import { DROPDOWN_TEXT, LIMITS } from '@icehouse/domain';
import { cn } from '../lib/cn';

/**
 * What every react-select of the app shares: the spec's texts ('Select...', 'No options',
 * 'Loading...'), the menu heights and page size from the domain's LIMITS, the Tailwind look, and
 * the input that carries a Field's description and required flag. The three selects (catalogue
 * Select, order-form SelectField, orders FilterSelect) differ only in what they add to this.
 */
export const SELECT_BEHAVIOUR = {
  placeholder: DROPDOWN_TEXT.placeholder,
  noOptionsMessage: () => DROPDOWN_TEXT.noOptions,
  loadingMessage: () => DROPDOWN_TEXT.loading,
  maxMenuHeight: LIMITS.dropdownMaxMenuHeight,
  minMenuHeight: LIMITS.dropdownMinMenuHeight,
  pageSize: LIMITS.dropdownPageSize,
  menuPlacement: 'auto' as const,
  unstyled: true,
};

/** The app's look for a select; `invalid` draws the error border. Disabled options are greyed. */
export function selectClassNames<O>(invalid: boolean): ClassNamesConfig<O, false, GroupBase<O>> {
  return {
    control: ({ isFocused, isDisabled }) =>
      cn(
        'min-h-[38px] rounded-md border bg-white px-3 text-sm shadow-sm',
        // The focus ring is a box-shadow ring: react-select's control sets `outline: 0 !important`,
        // which hid the outline this used to draw (no visible focus, WCAG 2.4.7).
        invalid ? 'border-red-500' : isFocused ? 'border-sky-600' : 'border-slate-300',
        isFocused && 'ring-2 ring-sky-600',
        isDisabled && 'bg-slate-100 text-slate-500',
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
    option: ({ isFocused, isSelected, isDisabled }) =>
      cn(
        'px-3 py-2',
        isDisabled
          ? 'cursor-not-allowed text-slate-400'
          : isSelected
            ? 'cursor-pointer bg-sky-700 text-white'
            : isFocused
              ? 'cursor-pointer bg-sky-50 text-slate-900'
              : 'cursor-pointer text-slate-800',
      ),
    noOptionsMessage: () => 'px-3 py-2 text-slate-500',
    loadingMessage: () => 'px-3 py-2 text-slate-500',
  };
}

/** The ARIA ties a Field hands its control, passed to react-select as the extra prop `fieldAria`. */
export interface FieldAria {
  describedBy?: string;
  required?: true;
}

/**
 * react-select's input, with the Field's hint/error description and required flag, which
 * react-select itself does not pass through (it describes the input by its placeholder).
 */
export function AccessibleInput<O>(props: InputProps<O, false, GroupBase<O>>) {
  const aria = (props.selectProps as unknown as { fieldAria?: FieldAria }).fieldAria;
  return (
    <components.Input {...props} aria-describedby={aria?.describedBy ?? props['aria-describedby']} aria-required={aria?.required} />
  );
}
