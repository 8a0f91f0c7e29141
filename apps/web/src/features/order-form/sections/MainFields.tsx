import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { MESSAGES, TEXT_LIMITS, formatPhone, isRequiredAtStatus } from '@icehouse/domain';
import { SelectControl, Section, TextField } from '../fields/controls';
import type { OrderLookups } from '../lookups';
import type { OrderFormValues } from '../types';

export interface MainFieldsProps {
  lookups: OrderLookups;
  /** The blueprint uploader. */
  blueprint: ReactNode;
}

/** The order's phone, formatted (XXX) XXX-XXXX as typed; the quote form's too. */
export function PhoneField() {
  return (
    <TextField
      name="phone"
      label="Phone"
      type="tel"
      hint={MESSAGES.phoneHint}
      maxLength={14}
      transform={formatPhone}
      autoComplete="tel-national"
    />
  );
}

/** Date, shipping, numbers, PO and phone (spec: main/shipping fields), with the blueprint uploader. */
export function MainFields({ lookups, blueprint }: MainFieldsProps) {
  const { control } = useFormContext<OrderFormValues>();
  const status = useWatch({ control, name: 'status' });
  return (
    <Section title="Order Details">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField name="date" label="Date" type="date" required />
        <TextField
          name="ship_date"
          label="Ship Date"
          type="date"
          required={isRequiredAtStatus('ship_date', status)}
        />
        <SelectControl<number>
          name="ship_via"
          label="Ship Via"
          options={lookups.settings.ship_via}
          isLoading={lookups.loading}
          required={isRequiredAtStatus('ship_via', status)}
        />
        <TextField name="invoice_number" label="Invoice Number" maxLength={TEXT_LIMITS.invoiceNumber} />
        <TextField name="door_number" label="Door Number" required maxLength={TEXT_LIMITS.doorNumber} />
        <TextField
          name="eps_po_number"
          label="EPS PO Number"
          maxLength={TEXT_LIMITS.epsPoNumber}
          required={isRequiredAtStatus('eps_po_number', status)}
        />
        <TextField name="customer_po_job_name" label="Customer PO / Job Name" maxLength={TEXT_LIMITS.line} />
        <PhoneField />
        <TextField name="po_delivery_date" label="PO Delivery Date" type="date" />
      </div>
      <div className="mt-4">{blueprint}</div>
    </Section>
  );
}
