import { useFormContext } from 'react-hook-form';
import { Field, TextInput } from '../../components/Field';
import { errorAt } from './formErrors';
import { INVOICE_TEXT } from './texts';
import type { InvoiceFormValues } from './types';

/** The invoice's own fields: Invoice #, Date, PO / Job Name, Ship Date, Via, Terms, Due Date (invoices spec §2). */
export function InvoiceDetailsFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<InvoiceFormValues>();

  return (
    <section
      aria-label={INVOICE_TEXT.detailsSection}
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
    >
      <Field label={INVOICE_TEXT.invoiceNumber} required error={errorAt(errors, 'invoice_number')}>
        {(control) => <TextInput {...control} autoComplete="off" {...register('invoice_number')} />}
      </Field>
      <Field label={INVOICE_TEXT.date} required error={errorAt(errors, 'date')}>
        {(control) => <TextInput {...control} type="date" {...register('date')} />}
      </Field>
      <Field label={INVOICE_TEXT.poJobName} error={errorAt(errors, 'editable_data.po_job_name')}>
        {(control) => (
          <TextInput {...control} autoComplete="off" {...register('editable_data.po_job_name')} />
        )}
      </Field>
      <Field label={INVOICE_TEXT.shipDate} error={errorAt(errors, 'editable_data.ship_date')}>
        {(control) => <TextInput {...control} type="date" {...register('editable_data.ship_date')} />}
      </Field>
      <Field label={INVOICE_TEXT.via} error={errorAt(errors, 'editable_data.ship_via')}>
        {(control) => <TextInput {...control} autoComplete="off" {...register('editable_data.ship_via')} />}
      </Field>
      <Field label={INVOICE_TEXT.terms} error={errorAt(errors, 'editable_data.terms')}>
        {(control) => <TextInput {...control} autoComplete="off" {...register('editable_data.terms')} />}
      </Field>
      <Field label={INVOICE_TEXT.dueDate} error={errorAt(errors, 'editable_data.due_date')}>
        {(control) => <TextInput {...control} type="date" {...register('editable_data.due_date')} />}
      </Field>
    </section>
  );
}
