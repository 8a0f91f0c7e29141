import { useId } from 'react';
import { inputClassName } from '../../components/Field';

/** A report filter's date (label above a date input), as the reports' filter bars show them. */
export function ReportDateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
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
        className={inputClassName(false)}
      />
    </div>
  );
}
