import type { ReactNode } from 'react';
import { Controller, get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Checkbox } from '../../components/Checkbox';
import { Field, TextInput } from '../../components/Field';
import { DiscountField } from '../../components/TotalsRows';
import { Section, TextField, useFieldError } from '../order-form/fields/controls';
import type { OrderLookups } from '../order-form/lookups';
import { BuildingSection } from '../order-form/sections/BuildingSection';
import { ItemsEditor } from '../order-form/sections/ItemsEditor';
import type { OrderFormValues } from '../order-form/types';
import type { QuoteFormValues } from './formValues';
import { QuoteCustomerPicker } from './QuoteCustomerPicker';

const ADDRESS_PARTS = [
  ['name', 'Name'],
  ['street', 'Street'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip_code', 'ZIP'],
] as const;

function Addresses({ which, title }: { which: 'billing_address' | 'shipping_address'; title: string }) {
  return (
    <Section title={title}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {ADDRESS_PARTS.map(([part, label]) => (
          <TextField
            key={part}
            name={`${which}.${part}`}
            label={`${title} ${label}`}
            // The quote needs someone to bill: the schema refuses a blank bill-to name (marked before Save, not after).
            required={which === 'billing_address' && part === 'name'}
          />
        ))}
      </div>
    </Section>
  );
}

/** Valid Until: the quote's own field (not the order form's), bound to the same form. */
function ValidUntilField() {
  const { register, control } = useFormContext<QuoteFormValues>();
  const { errors } = useFormState({ control, name: 'valid_until' });
  const error: unknown = get(errors, 'valid_until');
  const message = error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
  return (
    <Field label="Valid Until" required error={message || undefined}>
      {(control) => <TextInput {...control} {...register('valid_until')} type="date" />}
    </Field>
  );
}

function CustomerField({ customerName, onCustomerName }: { customerName: string; onCustomerName: (name: string) => void }) {
  const { control, getValues, setValue } = useFormContext<OrderFormValues>();
  const error = useFieldError('customer_id');
  return (
    <Field label="Customer" error={error}>
      {(aria) => (
        <Controller
          control={control}
          name="customer_id"
          render={({ field }) => (
            <QuoteCustomerPicker
              control={aria}
              invalid={Boolean(error)}
              value={field.value === null ? null : { value: field.value, label: customerName || `#${field.value}` }}
              disabled={false}
              onChange={(option) => {
                field.onChange(option?.value ?? null);
                const picked = option?.customer;
                // The bill-to is filled from the customer only when nothing is typed there yet.
                if (picked && !getValues('billing_address.name'))
                  setValue('billing_address', { ...getValues('billing_address'), ...picked.billing_address }, { shouldDirty: true });
                onCustomerName(option?.label ?? '');
              }}
            />
          )}
        />
      )}
    </Field>
  );
}

function QuoteSection({ children }: { children: ReactNode }) {
  return (
    <Section title="Quote">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
    </Section>
  );
}

/**
 * The quote's fields (decision 253): the order form's own sections for the building, the door (type, hinge side,
 * cladding, with the catalogue's prices), the additional items picked from the catalogue, notes and freight;
 * the order form's discount; the addresses by the order's field names; plus Valid Until. The form is the quote
 * editor's react-hook-form (FormProvider), with the order form's values.
 */
export function QuoteForm({
  lookups,
  customerName,
  onCustomerName,
  disabled,
}: {
  lookups: OrderLookups;
  /** The picked customer's name as the picker shows it (the quote's own, or the one just picked). */
  customerName: string;
  onCustomerName: (name: string) => void;
  disabled: boolean;
}) {
  const { control, setValue } = useFormContext<OrderFormValues>();
  const taxExempt = useWatch({ control, name: 'tax_exempt' });
  const discountError = useFieldError('discount');
  return (
    // A disabled fieldset disables every control inside it, the shared sections' too (an answered quote, a save under way).
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-4">
      <QuoteSection>
        <TextField name="date" label="Date" type="date" required />
        <ValidUntilField />
        <CustomerField customerName={customerName} onCustomerName={onCustomerName} />
        <TextField name="customer_po_job_name" label="Customer PO / Job Name" />
      </QuoteSection>
      <Addresses which="billing_address" title="Bill To" />
      <Addresses which="shipping_address" title="Ship To" />
      <BuildingSection lookups={lookups} doorDrawing={null} />
      <ItemsEditor lookups={lookups} />
      <Section title="Pricing">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <DiscountField<OrderFormValues> label="Discount" name="discount" percentName="discount_is_percentage" error={discountError} />
          <Checkbox label="Tax Exempt" checked={taxExempt} onChange={(checked) => setValue('tax_exempt', checked, { shouldDirty: true })} />
        </div>
      </Section>
    </fieldset>
  );
}
