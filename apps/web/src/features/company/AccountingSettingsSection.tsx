import { ACCOUNTING_SETTINGS_FIELDS, accountingSettingsSchema } from '@icehouse/domain';
import { Field, TextInput } from '../../components/Field';
import { SettingsSection } from '../../components/SettingsSection';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { useSettingsForm } from '../../lib/useSettingsForm';

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

/** Company Information's accountant export accounts: everyone reads them, superusers save them. */
export function AccountingSettingsSection() {
  const { user } = useAuth();
  const canSave = Boolean(user?.is_superuser);
  const settings = trpc.company.accounting.useQuery(undefined, { staleTime: 0 });
  const form = useSettingsForm({
    data: settings.data,
    schema: accountingSettingsSchema,
    mutation: trpc.company.saveAccounting.useMutation(),
    texts: TEXT,
  });

  return (
    <SettingsSection texts={TEXT} form={form} canSave={canSave}>
      {(values) => (
        <div className="grid gap-3 sm:grid-cols-2">
          {ACCOUNTING_SETTINGS_FIELDS.map((f) => (
            <Field key={f.key} label={f.label} hint={f.hint} error={form.errorOf(f.key)}>
              {(control) => (
                <TextInput
                  {...control}
                  value={values[f.key]}
                  readOnly={!canSave}
                  onChange={(e) => form.setValue(f.key, e.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
      )}
    </SettingsSection>
  );
}
