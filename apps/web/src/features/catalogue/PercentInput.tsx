import type { InputHTMLAttributes, Ref } from 'react';
import { LIMITS } from '@icehouse/domain';
import { inputClassName } from '../../components/Field';
import { cn } from '../../lib/cn';

export interface PercentInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'step' | 'min'
> {
  ref?: Ref<HTMLInputElement>;
}

/** A percentage: a right-aligned number input, step 0.01, minimum 0 (give `max` for a rate), with a % sign after it. */
export function PercentInput({ className, ...rest }: PercentInputProps) {
  const invalid = rest['aria-invalid'] === true || rest['aria-invalid'] === 'true';
  return (
    <div className="relative">
      <input
        type="number"
        inputMode="decimal"
        step={LIMITS.priceStep}
        min={0}
        className={inputClassName(invalid, cn('pr-8 text-right tabular-nums', className))}
        {...rest}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500"
      >
        %
      </span>
    </div>
  );
}
