import type { Ref } from 'react';
import { useId } from 'react';
import { LIMITS, formatTwoDecimals } from '@icehouse/domain';
import { cn } from '../lib/cn';
import { inputClassName, type FieldControlProps } from './Field';

export interface DiscountInputProps {
  /** What the surrounding Field hands its control (id, aria-describedby, aria-invalid). */
  aria: FieldControlProps;
  /** The form's discount field (react-hook-form's Controller field). */
  field: {
    ref: Ref<HTMLInputElement>;
    name: string;
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
  };
  isPercent: boolean;
  /** The $ / % toggle was pressed. */
  onTypeChange: (percent: boolean) => void;
  invalid: boolean;
}

/**
 * A discount as a dollar amount or a percentage, with its $/% toggle: the one control of the order
 * form's and the invoice editor's totals. The amount is shown with two places once the box is left.
 */
export function DiscountInput({ aria, field, isPercent, onTypeChange, invalid }: DiscountInputProps) {
  const groupId = useId();
  return (
    <div className="flex items-center gap-2">
      <div className="relative min-w-0 flex-1">
        {!isPercent && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500"
          >
            $
          </span>
        )}
        <input
          {...aria}
          ref={field.ref}
          name={field.name}
          type="number"
          inputMode="decimal"
          step={LIMITS.priceStep}
          min={0}
          max={isPercent ? LIMITS.percentMax : undefined}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={() => {
            const normalized = formatTwoDecimals(field.value);
            if (normalized !== field.value) field.onChange(normalized);
            field.onBlur();
          }}
          className={inputClassName(invalid, cn('text-right tabular-nums', isPercent ? 'pr-7' : 'pl-7'))}
        />
        {isPercent && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500"
          >
            %
          </span>
        )}
      </div>
      <div
        role="group"
        aria-labelledby={groupId}
        className="flex shrink-0 overflow-hidden rounded-md ring-1 ring-slate-300"
      >
        <span id={groupId} className="sr-only">
          Discount type
        </span>
        {[false, true].map((percent) => (
          <button
            key={String(percent)}
            type="button"
            aria-pressed={isPercent === percent}
            aria-label={percent ? 'Percent (%)' : 'Fixed amount ($)'}
            onClick={() => onTypeChange(percent)}
            className={cn(
              'px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600',
              isPercent === percent ? 'bg-sky-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {percent ? '%' : '$'}
          </button>
        ))}
      </div>
    </div>
  );
}
