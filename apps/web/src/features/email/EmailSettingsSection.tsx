import { EMAIL_PLACEHOLDERS_BY_KIND, emailSettingsSchema, type EmailSettings } from '@icehouse/domain';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { SettingsSection } from '../../components/SettingsSection';
import { trpc } from '../../lib/trpc';
import { useSettingsForm } from '../../lib/useSettingsForm';

const placeholderList = (kind: 'invoice' | 'bol') =>
  EMAIL_PLACEHOLDERS_BY_KIND[kind].map((p) => `{${p}}`).join(', ');

const TEXT = {
  title: 'Email',
  intro: `The From address and the texts the email dialog starts from. Placeholders in invoice emails: ${placeholderList('invoice')}; in bill of lading emails: ${placeholderList('bol')}.`,
  from: 'From address',
  fromHint: 'Blank: the company email above.',
  invoiceSubject: 'Invoice email subject',
  invoiceBody: 'Invoice email message',
  bolSubject: 'Bill of lading email subject',
  bolBody: 'Bill of lading email message',
  save: 'Save email settings',
  saving: 'Saving...',
  saved: 'Email settings saved.',
  error: 'Could not save the email settings. Check the fields and try again.',
  loading: 'Loading email settings...',
} as const;

type Key = keyof EmailSettings;

/** Company Information's email settings (superusers): From address and the invoice/BOL templates. */
export function EmailSettingsSection() {
  const settings = trpc.email.settings.useQuery(undefined, { staleTime: 0 });
  const form = useSettingsForm<EmailSettings>({
    data: settings.data,
    schema: emailSettingsSchema,
    mutation: trpc.email.saveSettings.useMutation(),
    texts: TEXT,
  });
  const { errorOf } = form;
  const set = (key: Key) => (event: { target: { value: string } }) => form.setValue(key, event.target.value);

  return (
    <SettingsSection texts={TEXT} form={form}>
      {(values) => (
        <>
          <Field label={TEXT.from} hint={TEXT.fromHint} error={errorOf('email_from')}>
            {(control) => (
              <TextInput {...control} type="email" value={values.email_from} onChange={set('email_from')} />
            )}
          </Field>
          <Field label={TEXT.invoiceSubject} error={errorOf('invoice_email_subject')}>
            {(control) => (
              <TextInput
                {...control}
                value={values.invoice_email_subject}
                onChange={set('invoice_email_subject')}
              />
            )}
          </Field>
          <Field label={TEXT.invoiceBody} error={errorOf('invoice_email_body')}>
            {(control) => (
              <textarea
                {...control}
                rows={6}
                className={inputClassName(Boolean(errorOf('invoice_email_body')))}
                value={values.invoice_email_body}
                onChange={set('invoice_email_body')}
              />
            )}
          </Field>
          <Field label={TEXT.bolSubject} error={errorOf('bol_email_subject')}>
            {(control) => (
              <TextInput {...control} value={values.bol_email_subject} onChange={set('bol_email_subject')} />
            )}
          </Field>
          <Field label={TEXT.bolBody} error={errorOf('bol_email_body')}>
            {(control) => (
              <textarea
                {...control}
                rows={5}
                className={inputClassName(Boolean(errorOf('bol_email_body')))}
                value={values.bol_email_body}
                onChange={set('bol_email_body')}
              />
            )}
          </Field>
        </>
      )}
    </SettingsSection>
  );
}
