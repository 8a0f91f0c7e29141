import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { lineAmount } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { inputClassName } from '../../components/Field';
import { MoneyInput } from '../../components/MoneyInput';
import { formatMoney } from '../../lib/format';
import { errorAt } from './formErrors';
import { INVOICE_TEXT } from './texts';
import { newLineValues, type InvoiceFormValues } from './types';

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs font-medium text-red-700">
      {message}
    </p>
  );
}

/**
 * The invoice's lines (invoices spec §2): Actions (remove item), Qty, Description, Price Each and
 * Amount (quantity × price each, by the domain's lineAmount), and Add Item, which adds quantity 1,
 * no description, price 0.
 */
export function LineItemsTable() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<InvoiceFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'editable_data.line_items' });
  const lines = useWatch({ control, name: 'editable_data.line_items' });
  const listError = errorAt(errors, 'editable_data.line_items');

  return (
    <section aria-labelledby="invoice-line-items" className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption
            id="invoice-line-items"
            className="px-4 py-2 text-left text-base font-semibold text-slate-900"
          >
            {INVOICE_TEXT.lineItems}
          </caption>
          <thead className="bg-slate-50">
            <tr>
              {[
                [INVOICE_TEXT.actions, 'w-24 text-left'],
                [INVOICE_TEXT.qty, 'w-24 text-right'],
                [INVOICE_TEXT.description, 'text-left'],
                [INVOICE_TEXT.priceEach, 'w-48 text-right'],
                [INVOICE_TEXT.amount, 'w-36 text-right'],
              ].map(([label, className]) => (
                <th
                  key={label}
                  scope="col"
                  className={`px-3 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase ${className}`}
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {fields.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-slate-500">
                  {INVOICE_TEXT.noItems}
                </td>
              </tr>
            )}
            {fields.map((field, index) => {
              const n = index + 1;
              const base = `editable_data.line_items.${index}` as const;
              const qtyError = errorAt(errors, `${base}.quantity`);
              const descriptionError = errorAt(errors, `${base}.description`);
              const priceError = errorAt(errors, `${base}.price_each`);
              const line = lines?.[index];
              return (
                <tr key={field.id} className="align-top">
                  <td className="px-3 py-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={INVOICE_TEXT.removeItem(n)}
                      onClick={() => remove(index)}
                    >
                      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                        <path
                          fillRule="evenodd"
                          d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
                          clipRule="evenodd"
                        />
                      </svg>
                    </Button>
                  </td>
                  <td className="px-3 py-2">
                    <input
                      type="number"
                      inputMode="decimal"
                      step="any"
                      aria-label={INVOICE_TEXT.qtyOf(n)}
                      aria-invalid={qtyError ? true : undefined}
                      aria-describedby={qtyError ? `${field.id}-qty-error` : undefined}
                      className={inputClassName(Boolean(qtyError), 'text-right tabular-nums')}
                      {...register(`${base}.quantity`)}
                    />
                    <ErrorText id={`${field.id}-qty-error`} message={qtyError} />
                  </td>
                  <td className="px-3 py-2">
                    <input
                      type="text"
                      aria-label={INVOICE_TEXT.descriptionOf(n)}
                      aria-invalid={descriptionError ? true : undefined}
                      aria-describedby={descriptionError ? `${field.id}-description-error` : undefined}
                      autoComplete="off"
                      className={inputClassName(Boolean(descriptionError), 'min-w-56')}
                      {...register(`${base}.description`)}
                    />
                    <ErrorText id={`${field.id}-description-error`} message={descriptionError} />
                  </td>
                  <td className="px-3 py-2">
                    <Controller
                      control={control}
                      name={`${base}.price_each`}
                      render={({ field: price }) => (
                        <MoneyInput
                          ref={price.ref}
                          name={price.name}
                          value={price.value}
                          onChange={price.onChange}
                          onBlur={price.onBlur}
                          aria-label={INVOICE_TEXT.priceEachOf(n)}
                          aria-invalid={priceError ? true : undefined}
                          aria-describedby={priceError ? `${field.id}-price-error` : undefined}
                        />
                      )}
                    />
                    <ErrorText id={`${field.id}-price-error`} message={priceError} />
                  </td>
                  <td className="px-3 py-2 text-right">
                    <output
                      aria-label={INVOICE_TEXT.amountOf(n)}
                      aria-live="off"
                      className="block py-2 text-sm font-medium text-slate-900 tabular-nums"
                    >
                      {formatMoney(lineAmount(line?.quantity, line?.price_each))}
                    </output>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {listError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {listError}
        </p>
      )}
      <div>
        <Button onClick={() => append(newLineValues())}>{INVOICE_TEXT.addItem}</Button>
      </div>
    </section>
  );
}
