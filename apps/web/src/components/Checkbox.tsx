import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  label: ReactNode;
  /** Help next to the label. */
  hint?: ReactNode;
  /** The first error message for this field. */
  error?: ReactNode;
  onChange: (checked: boolean) => void;
}

/** A checkbox with its label on the right, and a hint or error under it (Admin, Active, Tax Exempt). */
export function Checkbox({ label, hint, error, onChange, className, id, ...rest }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `checkbox-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-center gap-2">
        <input
          type="checkbox"
          id={controlId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 rounded border-slate-300 text-sky-700 accent-sky-700"
          {...rest}
        />
        <label htmlFor={controlId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="pl-6 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="pl-6 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
