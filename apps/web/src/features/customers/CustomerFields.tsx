import type { ReactNode } from 'react';
import { Field, TextInput } from '../../components/Field';

/** One titled card of the customer page (Contact, Billing Address, Ship-To Addresses, Orders, Invoices). */
export function CustomerSection({
  title,
  actions,
  children,
}: {
  title: string;
  /** Controls beside the title (e.g. New order for this customer). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A labelled text field of the customer form; `format` rewrites what is typed (the phone mask). */
export function CustomerTextField({
  label,
  value,
  onChange,
  error,
  required = false,
  format,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  format?: (typed: string) => string;
}) {
  return (
    <Field label={label} error={error} required={required}>
      {(control) => (
        <TextInput
          {...control}
          value={value}
          onChange={(e) => onChange(format ? format(e.target.value) : e.target.value)}
        />
      )}
    </Field>
  );
}
