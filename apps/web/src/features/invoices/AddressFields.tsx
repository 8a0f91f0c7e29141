import { useFormContext } from 'react-hook-form';
import { Field, TextInput } from '../../components/Field';
import { errorAt } from './formErrors';
import { INVOICE_TEXT } from './texts';
import type { InvoiceFormValues } from './types';

/** Bill To or Ship To: Name, Street, City, State, Zip, Country (invoices spec §2). */
export function AddressFields({ which, legend }: { which: 'bill_to' | 'ship_to'; legend: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<InvoiceFormValues>();
  const name = (field: 'name' | 'street' | 'city' | 'state' | 'zip_code' | 'country') =>
    `editable_data.${which}.${field}` as const;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      <Field label={INVOICE_TEXT.name} error={errorAt(errors, name('name'))}>
        {(control) => <TextInput {...control} autoComplete="off" {...register(name('name'))} />}
      </Field>
      <Field label={INVOICE_TEXT.street} error={errorAt(errors, name('street'))}>
        {(control) => <TextInput {...control} autoComplete="off" {...register(name('street'))} />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <Field label={INVOICE_TEXT.city} error={errorAt(errors, name('city'))}>
          {(control) => <TextInput {...control} autoComplete="off" {...register(name('city'))} />}
        </Field>
        <Field label={INVOICE_TEXT.state} error={errorAt(errors, name('state'))}>
          {(control) => <TextInput {...control} autoComplete="off" {...register(name('state'))} />}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={INVOICE_TEXT.zip} error={errorAt(errors, name('zip_code'))}>
          {(control) => <TextInput {...control} autoComplete="off" {...register(name('zip_code'))} />}
        </Field>
        <Field label={INVOICE_TEXT.country} error={errorAt(errors, name('country'))}>
          {(control) => <TextInput {...control} autoComplete="off" {...register(name('country'))} />}
        </Field>
      </div>
    </fieldset>
  );
}
