import type { ReactNode } from 'react';
import { TEXT_LIMITS } from '@icehouse/domain';
import { Controller, get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Checkbox } from '../../components/Checkbox';
import { Field, TextInput } from '../../components/Field';
import { DiscountField } from '../../components/TotalsRows';
import { Section, TextField, useFieldError } from '../order-form/fields/controls';
import type { OrderLookups } from '../order-form/lookups';
import { AddressBlock } from '../order-form/sections/AddressBlock';
import { AdditionalInfoSection } from '../order-form/sections/AdditionalInfoSection';
import { BuildingSection } from '../order-form/sections/BuildingSection';
import { ItemsEditor } from '../order-form/sections/ItemsEditor';
import { PhoneField } from '../order-form/sections/MainFields';
import { ShipToChoice, addressOf, useShipTos } from '../order-form/sections/ShipToChoice';
import type { OrderFormValues } from '../order-form/types';
import type { QuoteFormValues } from './formValues';
import { QuoteCustomerPicker } from './QuoteCustomerPicker';

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
                // As the order form's picker fills them, but only where nothing is typed yet (a prospect's
                // addresses may have been typed before the customer was found).
                if (picked && !getValues('billing_address.name'))
                  setValue('billing_address', addressOf(picked.billing_address), { shouldDirty: true });
                if (picked?.default_ship_to && !getValues('shipping_address.name'))
                  setValue('shipping_address', addressOf(picked.default_ship_to), { shouldDirty: true });
                if (picked?.phone && !getValues('phone')) setValue('phone', picked.phone, { shouldDirty: true });
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
 * The quote's fields (decisions 253, 254): the order form's own sections for the building, the door (type, hinge side,
 * cladding, with the catalogue's prices), the additional items picked from the catalogue, notes and freight;
 * the order form's discount; the order form's address blocks (country and region pickers, postal-code rules,
 * address search, copy bill-to), its phone and its choice of the customer's ship-to addresses; plus Valid Until. The form is the quote
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
  const { control, setValue, getValues } = useFormContext<OrderFormValues>();
  const taxExempt = useWatch({ control, name: 'tax_exempt' });
  const shipTos = useShipTos(useWatch({ control, name: 'customer_id' }));
  const discountError = useFieldError('discount');
  return (
    // A disabled fieldset disables every control inside it, the shared sections' too (an answered quote, a save under way).
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-4">
      <QuoteSection>
        <TextField name="date" label="Date" type="date" required />
        <ValidUntilField />
        <CustomerField customerName={customerName} onCustomerName={onCustomerName} />
        {shipTos.length > 1 && <ShipToChoice shipTos={shipTos} />}
        <TextField name="customer_po_job_name" label="Customer PO / Job Name" maxLength={TEXT_LIMITS.line} />
        <PhoneField />
      </QuoteSection>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <AddressBlock prefix="billing_address" title="Bill To" lookups={lookups} />
        <AddressBlock
          prefix="shipping_address"
          title="Ship To"
          lookups={lookups}
          onCopyFromBilling={() => setValue('shipping_address', { ...getValues('billing_address') }, { shouldDirty: true })}
        />
      </div>
      <AdditionalInfoSection />
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
