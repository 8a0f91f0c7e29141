import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DEFAULT_COUNTRY, type Address, type FieldErrors } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { serverErrorData, serverFieldErrors, serverMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { CUSTOMER_TEXT as T } from './texts';
import type { CustomerDetail } from './types';

type BillingValues = Omit<Address, 'name'>;
interface ShipToValues extends Address {
  id: number | null;
  label: string;
  is_default: boolean;
}
interface CustomerValues {
  name: string;
  phone: string;
  email: string;
  billing_address: BillingValues;
  notes: string;
  ship_to: ShipToValues[];
}

const emptyBilling = (): BillingValues => ({
  street: '',
  city: '',
  state: '',
  zip_code: '',
  country: DEFAULT_COUNTRY,
});
const emptyShipTo = (isDefault: boolean): ShipToValues => ({
  id: null,
  label: '',
  name: '',
  ...emptyBilling(),
  is_default: isDefault,
});

function valuesOf(c: CustomerDetail | undefined): CustomerValues {
  if (!c) return { name: '', phone: '', email: '', billing_address: emptyBilling(), notes: '', ship_to: [] };
  const { street, city, state, zip_code, country } = c.billing_address;
  return {
    name: c.name,
    phone: c.phone,
    email: c.email,
    billing_address: { street, city, state, zip_code, country },
    notes: c.notes,
    ship_to: c.ship_to.map((a) => ({ ...a })),
  };
}

/** The first message of a field, from the server's DRF-shaped errors (`ship_to.1.zip_code`). */
function errorAt(errors: FieldErrors | null, ...path: (string | number)[]): string | undefined {
  let node: unknown = errors;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return Array.isArray(node) && typeof node[0] === 'string' ? node[0] : undefined;
}

const ADDRESS_FIELDS = [
  ['street', T.street],
  ['city', 'City'],
  ['state', T.state],
  ['zip_code', T.zipCode],
  ['country', T.country],
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/**
 * /customers/:id and /customers/new (issue 16): contact, billing address, ship-to addresses (one
 * default, chosen with a radio button), notes; for a stored customer also their orders, invoices
 * and balance, and Delete (refused by the server while they have orders: its message is shown).
 * Saving never changes an order or invoice: they keep their own copies of the addresses.
 */
export function CustomerPage() {
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
  useEffect(() => {
    if (loaded) setValues(valuesOf(loaded));
  }, [loaded]);

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
  const setShipTo = (index: number, patch: Partial<ShipToValues>) =>
    set({
      ship_to: values.ship_to.map((a, i) =>
        i === index ? { ...a, ...patch } : patch.is_default ? { ...a, is_default: false } : a,
      ),
    });

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

  const textField = (
    label: string,
    value: string,
    onChange: (v: string) => void,
    error?: string,
    required = false,
  ) => (
    <Field label={label} error={error} required={required}>
      {(control) => <TextInput {...control} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );

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
        <Section title={T.contact}>
          {textField(T.name, values.name, (v) => set({ name: v }), errorAt(errors, 'name'), true)}
          {textField(T.phone, values.phone, (v) => set({ phone: v }), errorAt(errors, 'phone'))}
          {textField(T.email, values.email, (v) => set({ email: v }), errorAt(errors, 'email'))}
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
        </Section>
        <Section title={T.billingAddress}>
          {ADDRESS_FIELDS.map(([key, label]) => (
            <div key={key}>
              {textField(
                label,
                values.billing_address[key],
                (v) => setBilling(key, v),
                errorAt(errors, 'billing_address', key),
              )}
            </div>
          ))}
        </Section>
      </div>
      <Section title={T.shipTo}>
        {values.ship_to.length === 0 && <p className="text-sm text-slate-600">{T.noShipTo}</p>}
        {values.ship_to.map((a, index) => (
          <fieldset
            key={a.id ?? `new-${index}`}
            className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-4"
          >
            <legend className="px-1 text-sm font-medium text-slate-700">
              {a.label || `${T.shipTo} ${index + 1}`}
            </legend>
            {textField(
              T.label,
              a.label,
              (v) => setShipTo(index, { label: v }),
              errorAt(errors, 'ship_to', index, 'label'),
            )}
            {textField(
              T.shipName,
              a.name,
              (v) => setShipTo(index, { name: v }),
              errorAt(errors, 'ship_to', index, 'name'),
            )}
            {ADDRESS_FIELDS.map(([key, label]) => (
              <div key={key}>
                {textField(
                  label,
                  a[key],
                  (v) => setShipTo(index, { [key]: v }),
                  errorAt(errors, 'ship_to', index, key),
                )}
              </div>
            ))}
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="default-ship-to"
                checked={a.is_default}
                onChange={() => setShipTo(index, { is_default: true })}
                className="accent-sky-700"
              />
              {T.defaultShipTo}
            </label>
            <Button
              size="sm"
              aria-label={T.removeShipTo(a.label)}
              onClick={() => {
                const rest = values.ship_to.filter((_, i) => i !== index);
                // The default goes to the first one left when the default is removed.
                set({
                  ship_to: rest.map((r, i) => ({
                    ...r,
                    is_default: r.is_default || (a.is_default && i === 0),
                  })),
                });
              }}
            >
              ✕
            </Button>
          </fieldset>
        ))}
        <div>
          <Button
            size="sm"
            onClick={() => set({ ship_to: [...values.ship_to, emptyShipTo(values.ship_to.length === 0)] })}
          >
            {T.addShipTo}
          </Button>
        </div>
      </Section>
      {loaded && (
        <div className="grid gap-4 lg:grid-cols-2">
          <Section title={T.ordersTitle}>
            {loaded.orders.length === 0 ? (
              <p className="text-sm text-slate-600">{T.noOrders}</p>
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">{T.ordersTitle}</caption>
                <thead>
                  <tr className="text-left text-slate-600">
                    <th scope="col" className="py-1">
                      {T.doorNumber}
                    </th>
                    <th scope="col" className="py-1">
                      {T.date}
                    </th>
                    <th scope="col" className="py-1">
                      {T.status}
                    </th>
                    <th scope="col" className="py-1">
                      {T.invoiceNumber}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.orders.map((o) => (
                    <tr key={o.id} className="border-t border-slate-100">
                      <td className="py-1 tabular-nums">{o.door_number}</td>
                      <td className="py-1 tabular-nums">{formatDate(o.date)}</td>
                      <td className="py-1">
                        <StatusBadge status={o.status} />
                      </td>
                      <td className="py-1 tabular-nums">{o.invoice_number ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {loaded.order_count > loaded.orders.length && (
              <p className="text-xs text-slate-500">
                {T.showingNewest(loaded.orders.length, loaded.order_count)}
              </p>
            )}
          </Section>
          <Section title={T.invoicesTitle}>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-slate-600">{T.invoiced}</dt>
                <dd className="font-medium tabular-nums">{formatMoney(loaded.balance.invoiced)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{T.paid}</dt>
                <dd className="font-medium tabular-nums">{formatMoney(loaded.balance.paid)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{T.balance}</dt>
                <dd className="font-semibold tabular-nums">{formatMoney(loaded.balance.balance)}</dd>
              </div>
            </dl>
            {loaded.invoices.length === 0 ? (
              <p className="text-sm text-slate-600">{T.noInvoices}</p>
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">{T.invoicesTitle}</caption>
                <thead>
                  <tr className="text-left text-slate-600">
                    <th scope="col" className="py-1">
                      {T.invoiceNumber}
                    </th>
                    <th scope="col" className="py-1">
                      {T.date}
                    </th>
                    <th scope="col" className="py-1 text-right">
                      {T.total}
                    </th>
                    <th scope="col" className="py-1 text-right">
                      {T.balanceDue}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.invoices.map((i) => (
                    <tr key={i.id} className="border-t border-slate-100">
                      <td className="py-1">
                        <Link to={`/invoices/${i.id}/edit`} className="text-sky-700 hover:underline">
                          {i.invoice_number}
                        </Link>
                      </td>
                      <td className="py-1 tabular-nums">{formatDate(i.date)}</td>
                      <td className="py-1 text-right tabular-nums">{formatMoney(i.total_amount)}</td>
                      <td className="py-1 text-right tabular-nums">{formatMoney(i.balance_due)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Section>
        </div>
      )}
    </section>
  );
}
