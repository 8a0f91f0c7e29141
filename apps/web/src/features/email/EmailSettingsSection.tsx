import { useEffect, useId, useState } from 'react';
import {
  EMAIL_PLACEHOLDERS_BY_KIND,
  emailSettingsSchema,
  zodIssuesToFieldErrors,
  type EmailSettings,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { serverFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

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
  const titleId = useId();
  const settings = trpc.email.settings.useQuery(undefined, { staleTime: 0 });
  const save = trpc.email.saveSettings.useMutation();
  const [values, setValues] = useState<EmailSettings | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);

  async function onSave() {
    if (!values) return;
    setNotice(null);
    const parsed = emailSettingsSchema.safeParse(values);
    const firstOf = (all: Record<string, string[] | undefined>) =>
      Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v?.[0]])) as Partial<Record<Key, string>>;
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

  const set = (key: Key) => (event: { target: { value: string } }) =>
    setValues((v) => (v ? { ...v, [key]: event.target.value } : v));

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
          <Field label={TEXT.from} hint={TEXT.fromHint} error={errors.email_from}>
            {(control) => (
              <TextInput {...control} type="email" value={values.email_from} onChange={set('email_from')} />
            )}
          </Field>
          <Field label={TEXT.invoiceSubject} error={errors.invoice_email_subject}>
            {(control) => (
              <TextInput
                {...control}
                value={values.invoice_email_subject}
                onChange={set('invoice_email_subject')}
              />
            )}
          </Field>
          <Field label={TEXT.invoiceBody} error={errors.invoice_email_body}>
            {(control) => (
              <textarea
                {...control}
                rows={6}
                className={inputClassName(Boolean(errors.invoice_email_body))}
                value={values.invoice_email_body}
                onChange={set('invoice_email_body')}
              />
            )}
          </Field>
          <Field label={TEXT.bolSubject} error={errors.bol_email_subject}>
            {(control) => (
              <TextInput {...control} value={values.bol_email_subject} onChange={set('bol_email_subject')} />
            )}
          </Field>
          <Field label={TEXT.bolBody} error={errors.bol_email_body}>
            {(control) => (
              <textarea
                {...control}
                rows={5}
                className={inputClassName(Boolean(errors.bol_email_body))}
                value={values.bol_email_body}
                onChange={set('bol_email_body')}
              />
            )}
          </Field>
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
        </>
      )}
    </section>
  );
}
