import type { FocusEvent, InputHTMLAttributes, Ref } from 'react';
import { LIMITS } from '@icehouse/domain';
import { formatTwoDecimals } from '../lib/format';
import { inputClassName } from './Field';
import { cn } from '../lib/cn';

export interface MoneyInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'step' | 'min' | 'defaultValue'
> {
  /** The amount as decimal text ('' when empty), the form the API uses. */
  value: string;
  /** Called with the raw text while typing and with the two-decimal text on blur. */
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A dollar amount: right-aligned, step 0.01, minimum 0, shown with two decimals once the user
 * leaves it ('12.5' -> '12.50'). Text that is not a number is left as typed for validation to name.
 */
export function MoneyInput({ value, onChange, onBlur, className, ...rest }: MoneyInputProps) {
  const invalid = rest['aria-invalid'] === true || rest['aria-invalid'] === 'true';

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const normalized = formatTwoDecimals(value);
    if (normalized !== value) onChange(normalized);
    onBlur?.(event);
  }

  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500"
      >
        $
      </span>
      <input
        type="number"
        inputMode="decimal"
        step={LIMITS.priceStep}
        min={0}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={handleBlur}
        className={inputClassName(invalid, cn('pl-7 text-right tabular-nums', className))}
        {...rest}
      />
    </div>
  );
}
