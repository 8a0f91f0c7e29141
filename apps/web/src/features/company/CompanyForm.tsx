import { useEffect, useId, type ChangeEvent } from 'react';
import { useForm, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONSUMPTION_STATUSES, LIMITS, MESSAGES, companySchema, statusLabel, type CompanyData } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { serverFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { formError, sameName, showServerFieldErrors } from '../catalogue/formErrors';
import { PercentInput } from '../catalogue/PercentInput';
import { COMPANY_FIELDS, COMPANY_TEXT, type CompanyFormValues, type CompanyInfo } from './types';

export interface CompanyFormProps {
  /** The server's company information; the page remounts the form when it is reloaded. */
  company: CompanyInfo;
  /** Read-only until Edit Information; then Save Changes and Cancel. */
  editing: boolean;
  onSaved: (company: CompanyInfo) => void;
  onError: (message: string) => void;
  onCancel: () => void;
  /** True while Cancel reloads the server values. */
  reloading: boolean;
}

const resolver = zodResolver(companySchema) as unknown as Resolver<CompanyFormValues, unknown, CompanyData>;

function toValues(company: CompanyInfo): CompanyFormValues {
  const values = {} as CompanyFormValues;
  for (const key of COMPANY_FIELDS) values[key] = String(company[key] ?? '');
  return values;
}

/** Read-only fields look like values on a page, not boxes waiting for input. */
const READ_ONLY_LOOK = 'read-only:border-slate-200 read-only:bg-slate-50 read-only:shadow-none';

/** A state code: at most 2 characters, shown and kept in capitals. */
function upperCase(registration: UseFormRegisterReturn) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = event.target.value.toUpperCase();
      return registration.onChange(event);
    },
  };
}

/**
 * The company information form (invoices spec §5): name required; state at most 2 characters in
 * capitals; ZIP hint 'XXXXX or XXXXX-XXXX'; phone and fax hint '(XXX) XXX-XXXX'; sales tax rate 0
 * to 100 in steps of 0.01; the remit-to address (blank: invoices use the company address).
 */
export function CompanyForm({ company, editing, onSaved, onError, onCancel, reloading }: CompanyFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CompanyFormValues, unknown, CompanyData>({ resolver, defaultValues: toValues(company) });
  const update = trpc.company.update.useMutation();
  const remitHintId = useId();

  useEffect(() => {
    if (editing) setFocus('name');
  }, [editing, setFocus]);

  const onSubmit = handleSubmit(async (data) => {
    if (!editing) return;
    try {
      onSaved(await update.mutateAsync(data));
    } catch (error) {
      showServerFieldErrors(setError, serverFieldErrors(error), sameName(COMPANY_FIELDS));
      onError(MESSAGES.updateCompanyError);
    }
  });

  const readOnly = !editing;
  const text = (
    name: (typeof COMPANY_FIELDS)[number],
    label: string,
    options: { hint?: string; required?: boolean; type?: string; autoComplete?: string } = {},
  ) => (
    <Field label={label} hint={options.hint} required={options.required} error={formError(errors, name)}>
      {(control) => (
        <TextInput
          {...control}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          readOnly={readOnly}
          className={READ_ONLY_LOOK}
          {...register(name)}
        />
      )}
    </Field>
  );
  const state = (name: 'state' | 'remit_payment_state') => (
    <Field label="State" error={formError(errors, name)}>
      {(control) => (
        <TextInput
          {...control}
          autoComplete="off"
          maxLength={LIMITS.stateMaxLength}
          readOnly={readOnly}
          className={`uppercase ${READ_ONLY_LOOK}`}
          {...upperCase(register(name))}
        />
      )}
    </Field>
  );

  return (
    <form
      noValidate
      aria-label={COMPANY_TEXT.formLabel}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      {readOnly && <p className="text-sm text-slate-600">{COMPANY_TEXT.readOnlyHint}</p>}
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <legend className="mb-2 text-base font-semibold text-slate-900">{COMPANY_TEXT.companyLegend}</legend>
        <div className="sm:col-span-2 lg:col-span-6">{text('name', 'Company Name', { required: true })}</div>
        <div className="sm:col-span-2 lg:col-span-6">{text('street', 'Street')}</div>
        <div className="lg:col-span-3">{text('city', 'City')}</div>
        <div className="lg:col-span-1">{state('state')}</div>
        <div className="lg:col-span-2">{text('zip_code', 'ZIP Code', { hint: MESSAGES.zipHint })}</div>
        <div className="lg:col-span-3">
          {text('phone', 'Phone', { hint: MESSAGES.phoneHint, type: 'tel' })}
        </div>
        <div className="lg:col-span-3">{text('fax', 'Fax', { hint: MESSAGES.phoneHint, type: 'tel' })}</div>
        <div className="lg:col-span-3">{text('email', 'Email', { type: 'email' })}</div>
        <div className="lg:col-span-3">{text('website', 'Website', { type: 'url' })}</div>
        <div className="lg:col-span-2">
          <Field
            label="Sales Tax Rate (%)"
            hint={COMPANY_TEXT.salesTaxHint}
            error={formError(errors, 'sales_tax_rate')}
          >
            {(control) => (
              <PercentInput
                {...control}
                max={LIMITS.percentMax}
                readOnly={readOnly}
                className={READ_ONLY_LOOK}
                {...register('sales_tax_rate')}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <legend className="mb-2 text-base font-semibold text-slate-900">{COMPANY_TEXT.productionLegend}</legend>
        <div className="lg:col-span-2">
          {text('weekly_capacity', 'Weekly Capacity (units)', { hint: COMPANY_TEXT.weeklyCapacityHint, type: 'number' })}
        </div>
        <div className="lg:col-span-2">
          <Field label="Parts Taken From Stock At" hint={COMPANY_TEXT.consumptionStatusHint} error={formError(errors, 'stock_consumption_status')}>
            {(control) => (
              <select {...control} disabled={readOnly} className={inputClassName(false, READ_ONLY_LOOK)} {...register('stock_consumption_status')}>
                {CONSUMPTION_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6" aria-describedby={remitHintId}>
        <legend className="mb-1 text-base font-semibold text-slate-900">{COMPANY_TEXT.remitLegend}</legend>
        <p id={remitHintId} className="text-sm text-slate-600 sm:col-span-2 lg:col-span-6">
          {COMPANY_TEXT.remitHint}
        </p>
        <div className="sm:col-span-2 lg:col-span-6">{text('remit_payment_name', 'Name')}</div>
        <div className="sm:col-span-2 lg:col-span-6">{text('remit_payment_street', 'Street')}</div>
        <div className="lg:col-span-3">{text('remit_payment_city', 'City')}</div>
        <div className="lg:col-span-1">{state('remit_payment_state')}</div>
        <div className="lg:col-span-2">
          {text('remit_payment_zip_code', 'ZIP Code', { hint: MESSAGES.zipHint })}
        </div>
      </fieldset>

      {editing && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          <Button onClick={onCancel} disabled={isSubmitting} busy={reloading} busyLabel="Reloading...">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="primary"
            busy={isSubmitting}
            busyLabel="Saving..."
            disabled={reloading}
          >
            Save Changes
          </Button>
        </div>
      )}
    </form>
  );
}
