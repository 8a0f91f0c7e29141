import { useId, type ReactNode } from 'react';

export interface PriceOutputProps {
  label: string;
  /** The amount as shown ('$1,250.00'), or a dash while it cannot be worked out. */
  value: string;
  hint?: ReactNode;
}

/** A price the form works out as the user types (a component's price, a product's calculated price). */
export function PriceOutput({ label, value, hint }: PriceOutputProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <output
        id={id}
        aria-live="polite"
        className="rounded-md bg-slate-50 px-3 py-2 text-right text-base font-semibold text-slate-900 tabular-nums ring-1 ring-slate-200 ring-inset"
      >
        {value}
      </output>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}
