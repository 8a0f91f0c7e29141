import type { ReactNode } from 'react';
import { CUSTOM_PRODUCT, type FieldErrors } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { MoneyInput } from '../../components/MoneyInput';
import { CUSTOM_OPTION_LABEL, productPrice, type OrderLookups } from '../order-form/lookups';
import { BUILDING_TYPE_OPTIONS, type QuoteAddress, type QuoteFormValues } from './formValues';
import { QuoteCustomerPicker } from './QuoteCustomerPicker';

/** The first server message at a dotted path ('building_info.price'), or undefined. */
export function errorAt(errors: FieldErrors | null, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return Array.isArray(node) && typeof node[0] === 'string' ? node[0] : undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The quote's fields: the order form's (addresses, building, items, freight, discount, tax) by the
 * same names and with the same messages from the server, plus Valid Until (decision 163).
 */
export function QuoteForm({
  values,
  onChange,
  errors,
  lookups,
  customerName,
  onCustomerName,
  disabled,
}: {
  values: QuoteFormValues;
  onChange: (next: QuoteFormValues) => void;
  errors: FieldErrors | null;
  lookups: OrderLookups;
  /** The picked customer's name as the picker shows it (the quote's own, or the one just picked). */
  customerName: string;
  onCustomerName: (name: string) => void;
  disabled: boolean;
}) {
  const b = values.building_info;
  const set = <K extends keyof QuoteFormValues>(key: K, value: QuoteFormValues[K]) => onChange({ ...values, [key]: value });
  const setBuilding = (patch: Partial<QuoteFormValues['building_info']>) => set('building_info', { ...b, ...patch });
  const setAddress = (which: 'billing_address' | 'shipping_address', patch: Partial<QuoteAddress>) =>
    set(which, { ...values[which], ...patch });

  const addressFields = (which: 'billing_address' | 'shipping_address', title: string) => (
    <Section title={title}>
      {(['name', 'street', 'city', 'state', 'zip_code'] as const).map((part) => (
        <Field
          key={part}
          label={`${title} ${part === 'zip_code' ? 'ZIP' : part[0]!.toUpperCase() + part.slice(1)}`}
          // The quote needs someone to bill: the schema refuses a blank bill-to name (marked before Save, not after).
          required={which === 'billing_address' && part === 'name'}
          error={errorAt(errors, `${which}.${part}`)}
        >
          {(control) => (
            <TextInput {...control} value={values[which][part]} disabled={disabled} onChange={(e) => setAddress(which, { [part]: e.target.value })} />
          )}
        </Field>
      ))}
    </Section>
  );

  return (
    <div className="flex flex-col gap-4">
      <Section title="Quote">
        <Field label="Date" required error={errorAt(errors, 'date')}>
          {(control) => <TextInput {...control} type="date" value={values.date} disabled={disabled} onChange={(e) => set('date', e.target.value)} />}
        </Field>
        <Field label="Valid Until" required error={errorAt(errors, 'valid_until')}>
          {(control) => (
            <TextInput {...control} type="date" value={values.valid_until} disabled={disabled} onChange={(e) => set('valid_until', e.target.value)} />
          )}
        </Field>
        <Field label="Customer" error={errorAt(errors, 'customer_id')}>
          {(control) => (
            <QuoteCustomerPicker
              control={control}
              invalid={Boolean(errorAt(errors, 'customer_id'))}
              value={values.customer_id === null ? null : { value: values.customer_id, label: customerName || `#${values.customer_id}` }}
              disabled={disabled}
              onChange={(option) => {
                const picked = option?.customer;
                onChange({
                  ...values,
                  customer_id: option?.value ?? null,
                  // The bill-to is filled from the customer only when nothing is typed there yet.
                  billing_address:
                    picked && !values.billing_address.name
                      ? { ...values.billing_address, ...picked.billing_address }
                      : values.billing_address,
                });
                onCustomerName(option?.label ?? '');
              }}
            />
          )}
        </Field>
        <Field label="Customer PO / Job Name" error={errorAt(errors, 'customer_po_job_name')}>
          {(control) => (
            <TextInput {...control} value={values.customer_po_job_name} disabled={disabled} onChange={(e) => set('customer_po_job_name', e.target.value)} />
          )}
        </Field>
      </Section>
      {addressFields('billing_address', 'Bill To')}
      {addressFields('shipping_address', 'Ship To')}
      <Section title="Building">
        <Field label="Product" required error={errorAt(errors, 'building_info.product')}>
          {(control) => (
            <select
              {...control}
              className={inputClassName(Boolean(errorAt(errors, 'building_info.product')))}
              value={b.product}
              disabled={disabled}
              onChange={(e) => {
                const product = lookups.products.find((p) => String(p.id) === e.target.value);
                setBuilding({ product: e.target.value, ...(product ? { price: productPrice(product) } : {}) });
              }}
            >
              <option value="">Select...</option>
              {lookups.products.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.description}
                </option>
              ))}
              <option value={CUSTOM_PRODUCT}>{CUSTOM_OPTION_LABEL}</option>
            </select>
          )}
        </Field>
        {b.product === CUSTOM_PRODUCT && (
          <Field label="Building Type" required error={errorAt(errors, 'building_info.building_type')}>
            {(control) => (
              <select {...control} className={inputClassName(false)} value={b.building_type} disabled={disabled} onChange={(e) => setBuilding({ building_type: e.target.value })}>
                <option value="">Select...</option>
                {BUILDING_TYPE_OPTIONS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {b.product === CUSTOM_PRODUCT && (
          <Field label="Building Description" error={errorAt(errors, 'building_info.building_description')}>
            {(control) => (
              <TextInput {...control} value={b.building_description} disabled={disabled} onChange={(e) => setBuilding({ building_description: e.target.value })} />
            )}
          </Field>
        )}
        <Field label="Building Price" error={errorAt(errors, 'building_info.price')}>
          {(control) => <MoneyInput {...control} value={b.price} disabled={disabled} onChange={(price) => setBuilding({ price })} />}
        </Field>
        <Field label="Door Cladding" error={errorAt(errors, 'building_info.door_cladding')}>
          {(control) => (
            <select
              {...control}
              className={inputClassName(false)}
              value={b.door_cladding ?? ''}
              disabled={disabled}
              onChange={(e) => {
                const option = lookups.settings.door_cladding.find((o) => String(o.value) === e.target.value);
                setBuilding({ door_cladding: option ? Number(option.value) : null, door_cladding_price: option?.price ?? '' });
              }}
            >
              <option value="">None</option>
              {lookups.settings.door_cladding.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Door Cladding Price" error={errorAt(errors, 'building_info.door_cladding_price')}>
          {(control) => (
            <MoneyInput {...control} value={b.door_cladding_price} disabled={disabled} onChange={(door_cladding_price) => setBuilding({ door_cladding_price })} />
          )}
        </Field>
      </Section>
      <Section title="Additional Items">
        {b.additional_items.map((item, i) => {
          const setItem = (patch: Partial<typeof item>) =>
            setBuilding({ additional_items: b.additional_items.map((it, j) => (j === i ? { ...it, ...patch } : it)) });
          return (
            <div key={i} className="col-span-full grid grid-cols-[1fr_6rem_8rem_auto] items-end gap-2">
              <Field label={`Item ${i + 1}`} error={errorAt(errors, `building_info.additional_items.${i}.item`)}>
                {(control) => <TextInput {...control} value={item.custom_item_name} disabled={disabled} onChange={(e) => setItem({ custom_item_name: e.target.value, item: null })} />}
              </Field>
              <Field label={`Item ${i + 1} Quantity`} error={errorAt(errors, `building_info.additional_items.${i}.quantity`)}>
                {(control) => <TextInput {...control} inputMode="numeric" value={item.quantity} disabled={disabled} onChange={(e) => setItem({ quantity: e.target.value })} />}
              </Field>
              <Field label={`Item ${i + 1} Price`} error={errorAt(errors, `building_info.additional_items.${i}.price`)}>
                {(control) => <MoneyInput {...control} value={item.price} disabled={disabled} onChange={(price) => setItem({ price })} />}
              </Field>
              <Button size="sm" disabled={disabled} onClick={() => setBuilding({ additional_items: b.additional_items.filter((_, j) => j !== i) })}>
                Remove
              </Button>
            </div>
          );
        })}
        <div className="col-span-full">
          <Button
            size="sm"
            disabled={disabled}
            onClick={() => setBuilding({ additional_items: [...b.additional_items, { custom_item_name: '', item: null, quantity: '1', price: '' }] })}
          >
            Add Item
          </Button>
        </div>
      </Section>
      <Section title="Pricing">
        <Field label="Freight Cost" error={errorAt(errors, 'freight_cost')}>
          {(control) => <MoneyInput {...control} value={values.freight_cost} disabled={disabled} onChange={(v) => set('freight_cost', v)} />}
        </Field>
        <Field label="Discount" error={errorAt(errors, 'discount')}>
          {(control) => <TextInput {...control} inputMode="decimal" value={values.discount} disabled={disabled} onChange={(e) => set('discount', e.target.value)} />}
        </Field>
        <Checkbox label="Discount is a percentage" checked={values.discount_is_percentage} disabled={disabled} onChange={(v) => set('discount_is_percentage', v)} />
        <Checkbox label="Tax Exempt" checked={values.tax_exempt} disabled={disabled} onChange={(v) => set('tax_exempt', v)} />
        <Field label="Notes" className="col-span-full" error={errorAt(errors, 'notes')}>
          {(control) => (
            <textarea {...control} rows={3} className={inputClassName(false)} value={values.notes} disabled={disabled} onChange={(e) => set('notes', e.target.value)} />
          )}
        </Field>
      </Section>
    </div>
  );
}
