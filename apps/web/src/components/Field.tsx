import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../lib/cn';

/** What a Field hands its control so the label, hint and error are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Help under the control. */
  hint?: ReactNode;
  /** The first error message for this field (a form shows one at a time). */
  error?: ReactNode;
  /** Marks the label with an asterisk and the control with aria-required. */
  required?: boolean;
  /** The control's id; generated when not given. */
  id?: string;
  className?: string;
  /** Renders the control with the props that connect it: `{(control) => <input {...control} />}`. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form field: label above, control, then the hint or the error (which replaces nothing typed). */
export function Field({ label, hint, error, required = false, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The look of every text-like control, red when invalid. */
export function inputClassName(invalid?: boolean, className?: string): string {
  return cn(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
    'focus:outline-2 focus:outline-offset-0 focus:outline-sky-600 disabled:bg-slate-100 disabled:text-slate-500',
    invalid ? 'border-red-500' : 'border-slate-300',
    className,
  );
}

export type TextInputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A plain text input with the app's look; pass Field's control props straight in. */
export function TextInput({ className, ...rest }: TextInputProps) {
  const invalid = rest['aria-invalid'] === true || rest['aria-invalid'] === 'true';
  return <input type="text" className={inputClassName(invalid, className)} {...rest} />;
}
