import type { Ref } from 'react';
import ReactSelect, { type components, type SelectInstance, type SingleValue } from 'react-select';
import { DROPDOWN_TEXT } from '@icehouse/domain';
import { AccessibleInput, SELECT_BEHAVIOUR, selectClassNames, type FieldAria } from '../../components/selectLook';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
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

/**
 * The app's select field (selectLook: the spec's texts, menu sizes, look). Values are plain (an id
 * or a code); the options carry the labels.
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
      {...SELECT_BEHAVIOUR}
      placeholder={placeholder}
      className={className}
      components={{ Input: AccessibleInput as unknown as typeof components.Input }}
      {...({ fieldAria } as object)}
      classNames={selectClassNames<SelectOption<V>>(invalid === true)}
    />
  );
}
