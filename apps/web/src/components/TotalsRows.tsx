import { useId } from 'react';
import {
  Controller,
  useFormContext,
  useFormState,
  useWatch,
  type FieldValues,
  type Path,
  type PathValue,
} from 'react-hook-form';
import { formatMoney } from '@icehouse/domain';
import { cn } from '../lib/cn';
import { DiscountInput } from './DiscountInput';
import { Field } from './Field';

/**
 * The pieces the order form's totals panel and the invoice editor's totals box share; each screen
 * keeps its own labels (its spec's wording) and its own layout around them.
 */

/** One read-only amount of a totals list: its label names the <output> it describes. */
export function TotalsRow({
  label,
  value,
  strong = false,
  className,
}: {
  label: string;
  value: string;
  /** A total: bold, with a rule above. */
  strong?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4 py-1',
        strong && 'border-t border-slate-200 pt-2',
        className,
      )}
    >
      <label
        htmlFor={id}
        className={cn('text-sm text-slate-700', strong && 'text-base font-semibold text-slate-900')}
      >
        {label}
      </label>
      <output
        id={id}
        aria-live="off"
        className={cn(
          'text-right tabular-nums',
          strong ? 'text-lg font-semibold text-slate-900' : 'text-sm text-slate-900',
        )}
      >
        {value}
      </output>
    </div>
  );
}

/** The discount taken as the totals show it: '-$12.50', or '$0.00' when there is none. */
export function discountTaken(discountAmount: string): string {
  return discountAmount === '0.00' ? formatMoney(0) : `-${formatMoney(discountAmount)}`;
}

/**
 * The discount input of a form (react-hook-form context) with its $/% toggle. Toggling marks the
 * form dirty and, once the form was submitted or the field shows an error, validates it again
 * (a percent has a 100 maximum that an amount has not).
 */
export function DiscountField<T extends FieldValues>({
  label,
  name,
  percentName,
  error,
}: {
  label: string;
  name: Path<T>;
  /** The boolean field that says the discount is a percent. */
  percentName: Path<T>;
  error: string | undefined;
}) {
  const { control, setValue, trigger } = useFormContext<T>();
  const { isSubmitted } = useFormState({ control });
  const isPercent = useWatch({ control, name: percentName }) === true;

  function choose(percent: boolean) {
    setValue(percentName, percent as PathValue<T, Path<T>>, { shouldDirty: true });
    if (isSubmitted || error) void trigger(name);
  }

  return (
    <Field label={label} error={error}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <DiscountInput
              aria={aria}
              field={field}
              isPercent={isPercent}
              onTypeChange={choose}
              invalid={Boolean(error)}
            />
          )}
        />
      )}
    </Field>
  );
}
