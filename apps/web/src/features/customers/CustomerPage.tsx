import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PAYMENT_TERMS_CHOICES, formatPhone, type FieldErrors } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { serverErrorData, serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useAdoptLoaded } from '../../lib/useAdoptLoaded';
import { CustomerActivity } from './CustomerActivity';
import { CREDIT_TEXT } from '../credit/texts';
import { CustomerSection, CustomerTextField } from './CustomerFields';
import {
  ADDRESS_FIELDS,
  errorAt,
  valuesOf,
  type BillingValues,
  type CustomerValues,
} from './customerFormValues';
import { ShipToEditor } from './ShipToEditor';
import { StatementSection } from '../statements/StatementSection';
import { useCan } from '../../lib/access';
import { CUSTOMER_TEXT as T } from './texts';

/**
 * /customers/:id and /customers/new: contact, billing address, ship-to addresses (one
 * default, chosen with a radio button), notes; for a stored customer also their orders, invoices
 * and balance (CustomerActivity: each order opens in the order form, and a new order can start
 * from this customer), and Delete (refused by the server while they have orders: its message is
 * shown). The phone takes the app's format as it is typed. Saving never changes an order or
 * invoice: they keep their own copies of the addresses.
 */
export function CustomerPage() {
  const books = useCan('books');
  const { id: idParam } = useParams();
  const isNew = idParam === 'new';
  const id = Number(idParam);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const customer = trpc.customers.get.useQuery(
    { id },
    { enabled: !isNew && Number.isSafeInteger(id) && id > 0 },
  );
  const create = trpc.customers.create.useMutation();
  const update = trpc.customers.update.useMutation();
  const remove = trpc.customers.delete.useMutation();
  const [values, setValues] = useState<CustomerValues>(() => valuesOf(undefined));
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const loaded = customer.data;
  // Reset the form when another customer or a new version arrives, not on every refetch of the same one
  // (the credit panel's changes refetch the customer for its balance; what was typed stays).
  const loadedKey = loaded ? `${loaded.id}:${loaded.version}` : null;
  useAdoptLoaded(loadedKey, () => setValues(valuesOf(loaded)));

  if (!isNew && customer.isError) {
    const missing = serverErrorData(customer.error)?.appCode === 'NOT_FOUND';
    return <Notice tone="error">{missing ? T.notFound : T.fetchError}</Notice>;
  }
  if (!isNew && !loaded)
    return (
      <p role="status" className="p-6 text-sm text-slate-600">
        {T.loading}
      </p>
    );

  const set = (patch: Partial<CustomerValues>) => setValues((v) => ({ ...v, ...patch }));
  const setBilling = (key: keyof BillingValues, value: string) =>
    set({ billing_address: { ...values.billing_address, [key]: value } });
  async function save() {
    setErrors(null);
    setNotice(null);
    const data = { ...values, ship_to: values.ship_to.map((a) => ({ ...a, id: a.id ?? undefined })) };
    try {
      const saved = isNew
        ? await create.mutateAsync(data)
        : await update.mutateAsync({ id, data: { ...data, version: loaded!.version } });
      void utils.customers.invalidate();
      setNotice({ tone: 'success', text: T.saved });
      if (isNew) void navigate(`/customers/${saved.id}`, { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setNotice({
        tone: 'error',
        text: serverFieldErrors(error) ? T.saveError : (serverMessage(error) ?? T.saveError),
      });
    }
  }

  async function deleteCustomer() {
    if (!loaded || !window.confirm(T.confirmDelete(loaded.name))) return;
    setNotice(null);
    try {
      await remove.mutateAsync({ id });
      void utils.customers.invalidate();
      void navigate('/customers');
    } catch (error) {
      setNotice({ tone: 'error', text: serverMessage(error) ?? T.saveError });
    }
  }

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title={isNew ? T.newCustomer : loaded!.name}
        actions={
          <>
            <Link to="/customers" className="text-sm font-medium text-sky-700 hover:underline">
              {T.back}
            </Link>
            {!isNew && (
              <Button
                variant="danger"
                busy={remove.isPending}
                busyLabel={T.deleting}
                onClick={() => void deleteCustomer()}
              >
                {T.delete}
              </Button>
            )}
            <Button
              variant="primary"
              busy={create.isPending || update.isPending}
              busyLabel={T.saving}
              onClick={() => void save()}
            >
              {T.save}
            </Button>
          </>
        }
      />
      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <CustomerSection title={T.contact}>
          <CustomerTextField
            label={T.name}
            value={values.name}
            onChange={(v) => set({ name: v })}
            error={errorAt(errors, 'name')}
            required
          />
          <CustomerTextField
            label={T.phone}
            value={values.phone}
            onChange={(v) => set({ phone: v })}
            error={errorAt(errors, 'phone')}
            format={formatPhone}
          />
          <CustomerTextField
            label={T.email}
            value={values.email}
            onChange={(v) => set({ email: v })}
            error={errorAt(errors, 'email')}
          />
          <Field label={T.notes} error={errorAt(errors, 'notes')}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                value={values.notes}
                onChange={(e) => set({ notes: e.target.value })}
                className={inputClassName(false)}
              />
            )}
          </Field>
          <Field
            label={CREDIT_TEXT.paymentTerms}
            error={errorAt(errors, 'payment_terms')}
            hint={CREDIT_TEXT.paymentTermsHint}
          >
            {(control) => (
              <>
                <TextInput
                  {...control}
                  list="payment-terms-choices"
                  value={values.payment_terms}
                  onChange={(e) => set({ payment_terms: e.target.value })}
                />
                <datalist id="payment-terms-choices">
                  {PAYMENT_TERMS_CHOICES.map((t) => (
                    <option key={t} value={t} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        </CustomerSection>
        <CustomerSection title={T.billingAddress}>
          {ADDRESS_FIELDS.map(([key, label]) => (
            <CustomerTextField
              key={key}
              label={label}
              value={values.billing_address[key]}
              onChange={(v) => setBilling(key, v)}
              error={errorAt(errors, 'billing_address', key)}
            />
          ))}
        </CustomerSection>
      </div>
      <ShipToEditor shipTo={values.ship_to} errors={errors} onChange={(shipTo) => set({ ship_to: shipTo })} />
      {loaded && <CustomerActivity customer={loaded} />}
      {/* Statements are the books' (sales keeps the customer, not their account). */}
      {loaded && books && <StatementSection customer={loaded} />}
    </section>
  );
}
