import { useEffect, useRef, useState } from 'react';
import { emailFormSchema, splitAddresses, zodIssuesToFieldErrors } from '@icehouse/domain';
import { Checkbox } from '../../components/Checkbox';
import { Button } from '../../components/Button';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useAdoptLoaded } from '../../lib/useAdoptLoaded';
import { EMAIL_TEXT } from './texts';

/** What the dialog's title calls each kind of document. */
const KIND_WORDS = { invoice: 'invoice', bol: 'bill of lading', quote: 'quote', credit_note: 'credit note', statement: 'statement' } as const;

type FormErrors = Partial<Record<'to' | 'cc' | 'subject' | 'body', string>>;

/**
 * Emails an invoice (kind 'invoice', the invoice's id), a bill of lading ('bol', the order's id), a quote ('quote')
 * or a credit note ('credit_note'):
 * To, Cc, Subject and Message prefilled from Company Information's templates; the archived PDF is
 * attached by the server's email job. Field errors from the domain's schema, then from the server.
 */
export function EmailDialog({
  kind,
  id,
  open,
  onClose,
  onQueued,
}: {
  kind: 'invoice' | 'bol' | 'quote' | 'credit_note' | 'statement';
  id: number;
  open: boolean;
  onClose: () => void;
  onQueued: (message: string) => void;
}) {
  const utils = trpc.useUtils();
  const compose = trpc.email.compose.useQuery({ kind, id }, { enabled: open, staleTime: 0 });
  const send = trpc.email.send.useMutation();
  const [values, setValues] = useState({ to: '', cc: '', subject: '', body: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saveOnCustomer, setSaveOnCustomer] = useState(false);

  // Keyed on the draft's content: a refetch answering the same draft keeps what was typed.
  const draft = compose.data;
  useAdoptLoaded(draft ? JSON.stringify([draft.to, draft.cc, draft.subject, draft.body]) : null, () =>
    setValues({ to: draft!.to, cc: draft!.cc, subject: draft!.subject, body: draft!.body }),
  );

  // The dialog opens while its draft loads (nothing to type in yet, so the dialog focuses its close button):
  // once To is there, it takes the focus, once per opening.
  const toRef = useRef<HTMLInputElement>(null);
  const focusedTo = useRef(false);
  const loaded = Boolean(compose.data);
  // One address typed that is not the customer's saved one (a quote's or an invoice's): offered to be saved there,
  // since statements go only to the saved address.
  const customer = compose.data?.customer ?? null;
  const typed = splitAddresses(values.to);
  const offerSave = customer !== null && typed.length === 1 && typed[0]!.toLowerCase() !== customer.email.trim().toLowerCase();
  useEffect(() => {
    if (!open) {
      focusedTo.current = false;
      return;
    }
    if (loaded && !focusedTo.current && toRef.current) {
      toRef.current.focus();
      focusedTo.current = true;
    }
  }, [open, loaded]);

  const first = (all: Record<string, string[] | undefined>, key: string) => all[key]?.[0];

  async function onSend() {
    setFailure(null);
    const parsed = emailFormSchema.safeParse(values);
    if (!parsed.success) {
      const all = zodIssuesToFieldErrors(parsed.error) as Record<string, string[]>;
      setErrors({
        to: first(all, 'to'),
        cc: first(all, 'cc'),
        subject: first(all, 'subject'),
        body: first(all, 'body'),
      });
      return;
    }
    setErrors({});
    try {
      const saving = offerSave && saveOnCustomer;
      const entry = await send.mutateAsync({ kind, id, data: saving ? { ...values, save_to_customer: true } : values });
      if (saving) void utils.customers.invalidate();
      await utils.email.log.invalidate({ kind, id });
      onQueued(entry.status === 'not_sent' ? EMAIL_TEXT.keptNotSent : EMAIL_TEXT.queued);
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error) as Record<string, string[]> | null;
      if (fields && (fields.to || fields.cc || fields.subject || fields.body)) {
        setErrors({
          to: first(fields, 'to'),
          cc: first(fields, 'cc'),
          subject: first(fields, 'subject'),
          body: first(fields, 'body'),
        });
      } else {
        setFailure(serverMessage(error) ?? EMAIL_TEXT.sendFailed);
      }
    }
  }

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={EMAIL_TEXT.dialogTitle(KIND_WORDS[kind])}
      description={EMAIL_TEXT.attachment}
      actions={
        <>
          <Button onClick={onClose}>{EMAIL_TEXT.cancel}</Button>
          <Button
            variant="primary"
            busy={send.isPending}
            busyLabel={EMAIL_TEXT.sending}
            disabled={!compose.data}
            onClick={() => void onSend()}
          >
            {EMAIL_TEXT.send}
          </Button>
        </>
      }
    >
      {compose.isError ? (
        <Notice tone="error">{EMAIL_TEXT.loadError}</Notice>
      ) : !compose.data ? (
        <p className="text-sm text-slate-600">{EMAIL_TEXT.loading}</p>
      ) : (
        <div className="flex flex-col gap-3">
          {!compose.data.smtp_configured && <Notice tone="info">{EMAIL_TEXT.noSmtp}</Notice>}
          {failure && <Notice tone="error">{failure}</Notice>}
          <Field label={EMAIL_TEXT.to} required hint={EMAIL_TEXT.toHint} error={errors.to}>
            {(control) => (
              <TextInput
                {...control}
                ref={toRef}
                type="text"
                autoComplete="email"
                value={values.to}
                onChange={set('to')}
              />
            )}
          </Field>
          {offerSave && customer && (
            <Checkbox
              label={EMAIL_TEXT.saveOnCustomer}
              hint={EMAIL_TEXT.saveOnCustomerHint(customer.name, customer.email)}
              checked={saveOnCustomer}
              onChange={setSaveOnCustomer}
            />
          )}
          <Field label={EMAIL_TEXT.cc} error={errors.cc}>
            {(control) => <TextInput {...control} type="text" value={values.cc} onChange={set('cc')} />}
          </Field>
          <Field label={EMAIL_TEXT.subject} required error={errors.subject}>
            {(control) => <TextInput {...control} value={values.subject} onChange={set('subject')} />}
          </Field>
          <Field label={EMAIL_TEXT.message} error={errors.body}>
            {(control) => (
              <textarea
                {...control}
                rows={8}
                className={inputClassName(Boolean(errors.body))}
                value={values.body}
                onChange={set('body')}
              />
            )}
          </Field>
        </div>
      )}
    </Modal>
  );
}
