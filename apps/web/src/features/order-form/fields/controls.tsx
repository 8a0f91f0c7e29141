import type { ReactNode } from 'react';
import { Controller, get, useFormContext, useFormState, useWatch, type FieldPath } from 'react-hook-form';
import { Field, MoneyInput, TextInput, inputClassName } from '../../../components';
import { cn } from '../../../lib/cn';
import type { Option, OrderFormValues } from '../types';
import { SelectField } from './SelectField';

/**
 * Form fields bound to the order form (react-hook-form context): a label, the control, and the
 * field's first error, from the domain schema or from the server.
 */

export type OrderPath = FieldPath<OrderFormValues>;

/** The first error message of a field, if any. */
export function useFieldError(name: OrderPath): string | undefined {
  const { control } = useFormContext<OrderFormValues>();
  const { errors } = useFormState({ control, name });
  const error: unknown = get(errors, name);
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message || undefined;
  }
  return undefined;
}

interface BaseProps {
  name: OrderPath;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}

export interface TextFieldProps extends BaseProps {
  type?: 'text' | 'date' | 'tel';
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  /** Rewrites what is typed (phone mask, postal code). */
  transform?: (value: string) => string;
  inputClassName?: string;
  /** The input's id (generated when not given). */
  inputId?: string;
}

export function TextField({
  name,
  label,
  required,
  hint,
  className,
  type = 'text',
  maxLength,
  placeholder,
  autoComplete = 'off',
  transform,
  inputClassName: extraClass,
  inputId,
}: TextFieldProps) {
  const { register } = useFormContext<OrderFormValues>();
  const error = useFieldError(name);
  const registered = register(name);
  return (
    <Field label={label} required={required} hint={hint} error={error} className={className} id={inputId}>
      {(control) => (
        <TextInput
          {...control}
          {...registered}
          type={type}
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete={autoComplete}
          className={extraClass}
          onChange={(event) => {
            if (transform) event.target.value = transform(event.target.value);
            return registered.onChange(event);
          }}
        />
      )}
    </Field>
  );
}

export interface TextAreaFieldProps extends BaseProps {
  rows: number;
}

export function TextAreaField({ name, label, required, hint, className, rows }: TextAreaFieldProps) {
  const { register } = useFormContext<OrderFormValues>();
  const error = useFieldError(name);
  return (
    <Field label={label} required={required} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea
          {...control}
          {...register(name)}
          rows={rows}
          className={inputClassName(Boolean(error), 'resize-y')}
        />
      )}
    </Field>
  );
}

export interface MoneyFieldProps extends BaseProps {
  /** Called after the user changes the amount (not when the form sets it). */
  onUserChange?: (value: string) => void;
  inputClassName?: string;
  /** Extra content next to the input (a reset control). */
  adornment?: ReactNode;
  describedBy?: string;
}

export function MoneyField({
  name,
  label,
  required,
  hint,
  className,
  onUserChange,
  inputClassName: extraClass,
  adornment,
  describedBy,
}: MoneyFieldProps) {
  const { control } = useFormContext<OrderFormValues>();
  const error = useFieldError(name);
  return (
    <Field label={label} required={required} hint={hint} error={error} className={className}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <div className="min-w-0 flex-1">
                <MoneyInput
                  {...aria}
                  aria-describedby={
                    [aria['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined
                  }
                  ref={field.ref}
                  name={field.name}
                  value={typeof field.value === 'string' ? field.value : ''}
                  onBlur={field.onBlur}
                  className={extraClass}
                  onChange={(value) => {
                    field.onChange(value);
                    onUserChange?.(value);
                  }}
                />
              </div>
              {adornment}
            </div>
          )}
        />
      )}
    </Field>
  );
}

export interface SelectControlProps<V extends string | number> extends BaseProps {
  options: ReadonlyArray<Option<V>>;
  /** Runs instead of the plain field update (products, door types: fill prices too). */
  onSelect?: (value: V | null) => void;
  isLoading?: boolean;
  isClearable?: boolean;
  /** Creatable: keep a typed value; `customName` is the field that holds it. */
  customName?: OrderPath;
  formatCreateLabel?: (text: string) => string;
  noOptionsMessage?: (inputValue: string) => string;
  isValidNewOption?: (text: string) => boolean;
}

export function SelectControl<V extends string | number>({
  name,
  label,
  required,
  hint,
  className,
  options,
  onSelect,
  isLoading,
  isClearable = true,
  customName,
  formatCreateLabel,
  noOptionsMessage,
  isValidNewOption,
}: SelectControlProps<V>) {
  const { control, setValue } = useFormContext<OrderFormValues>();
  const error = useFieldError(name);
  const watchedCustom: unknown = useWatch({ control, name: customName ?? name });
  const customText = customName && typeof watchedCustom === 'string' ? watchedCustom : undefined;
  return (
    <Field label={label} required={required} hint={hint} error={error} className={className}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <SelectField<V>
              {...aria}
              ref={field.ref}
              name={field.name}
              options={options}
              value={(field.value ?? null) as V | null}
              isLoading={isLoading}
              isClearable={isClearable}
              onBlur={field.onBlur}
              customText={customText}
              formatCreateLabel={formatCreateLabel}
              noOptionsMessage={noOptionsMessage}
              isValidNewOption={isValidNewOption}
              onCreate={
                customName
                  ? (text) => {
                      field.onChange(null);
                      setValue(customName, text, { shouldDirty: true, shouldValidate: true });
                    }
                  : undefined
              }
              onChange={(value) => {
                if (onSelect) onSelect(value);
                else field.onChange(value);
                if (customName) setValue(customName, '', { shouldDirty: true });
              }}
            />
          )}
        />
      )}
    </Field>
  );
}

/** A titled part of the form. */
export function Section({
  title,
  children,
  className,
  actions,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={cn('rounded-lg border border-slate-200 bg-white p-4 shadow-sm', className)}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}
