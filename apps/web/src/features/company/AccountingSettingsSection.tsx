import { useEffect, useId, useState } from 'react';
import {
  ACCOUNTING_SETTINGS_FIELDS,
  accountingSettingsSchema,
  zodIssuesToFieldErrors,
  type AccountingSettings,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { useAuth } from '../../lib/auth';
import { serverFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

const TEXT = {
  title: 'Accountant export',
  intro:
    'The accounts the accountant export (Reports) posts to, as named in QuickBooks, and the Xero account code and tax rates. The defaults are QuickBooks’ and Xero’s standard names.',
  save: 'Save account names',
  saving: 'Saving...',
  saved: 'Account names saved.',
  error: 'Could not save the account names. Check the fields and try again.',
  loading: 'Loading account names...',
} as const;

type Key = keyof AccountingSettings;

/** Company Information's accountant export accounts: everyone reads them, superusers save them. */
export function AccountingSettingsSection() {
  const titleId = useId();
  const { user } = useAuth();
  const canSave = Boolean(user?.is_superuser);
  const settings = trpc.company.accounting.useQuery(undefined, { staleTime: 0 });
  const save = trpc.company.saveAccounting.useMutation();
  const [values, setValues] = useState<AccountingSettings | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);

  const firstOf = (all: Record<string, string[] | undefined>) =>
    Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v?.[0]])) as Partial<Record<Key, string>>;

  async function onSave() {
    if (!values) return;
    setNotice(null);
    const parsed = accountingSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstOf(zodIssuesToFieldErrors(parsed.error) as Record<string, string[]>));
      return;
    }
    setErrors({});
    try {
      setValues(await save.mutateAsync(parsed.data));
      setNotice({ tone: 'success', text: TEXT.saved });
    } catch (error) {
      const fields = serverFieldErrors(error) as Record<string, string[]> | null;
      if (fields) setErrors(firstOf(fields));
      setNotice({ tone: 'error', text: TEXT.error });
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {TEXT.title}
      </h2>
      <p className="text-sm text-slate-600">{TEXT.intro}</p>
      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}
      {!values ? (
        <p className="text-sm text-slate-600">{TEXT.loading}</p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            {ACCOUNTING_SETTINGS_FIELDS.map((f) => (
              <Field key={f.key} label={f.label} hint={f.hint} error={errors[f.key]}>
                {(control) => (
                  <TextInput
                    {...control}
                    value={values[f.key]}
                    readOnly={!canSave}
                    onChange={(e) => setValues((v) => (v ? { ...v, [f.key]: e.target.value } : v))}
                  />
                )}
              </Field>
            ))}
          </div>
          {canSave && (
            <div>
              <Button
                variant="primary"
                busy={save.isPending}
                busyLabel={TEXT.saving}
                onClick={() => void onSave()}
              >
                {TEXT.save}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
