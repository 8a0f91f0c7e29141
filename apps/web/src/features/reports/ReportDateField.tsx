import { useId } from 'react';
import { inputClassName } from '../../components/Field';

/**
 * A report filter's date (label above a date input), as the reports' filter bars show them, with
 * the server's message for this field (a To before From) under it.
 */
export function ReportDateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClassName(Boolean(error))}
      />
      {error && (
        <p id={errorId} className="max-w-56 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
