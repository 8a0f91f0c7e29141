import { useState } from 'react';
import { formatMoney, todayIso } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { CREDIT_TEXT } from './texts';

type Note = RouterOutputs['credit']['invoiceCreditNotes']['results'][number];
type Voided = RouterOutputs['credit']['voidCreditNote'];

/**
 * Voiding a credit note (decision 249): the day it takes effect and why. The note stays on record, marked
 * voided; its amount goes back on the invoice's balance through a reversing entry. Field errors land on
 * their field; a refusal about no field (already voided, its credit used since) is said above the buttons.
 */
export function VoidCreditNoteDialog({ note, onClose, onVoided }: { note: Note; onClose: () => void; onVoided: (answer: Voided) => void }) {
  const voidNote = trpc.credit.voidCreditNote.useMutation();
  const [date, setDate] = useState(todayIso());
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ date?: string; reason?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    setProblem(null);
    try {
      const answer = await voidNote.mutateAsync({ id: note.id, data: { date, reason } as never });
      onVoided(answer);
    } catch (error) {
      const fields = serverFieldErrors(error) as Record<string, string[] | undefined> | null;
      if (fields && (fields.date || fields.reason)) setErrors({ date: fields.date?.[0], reason: fields.reason?.[0] });
      else setProblem(serverMessage(error) ?? CREDIT_TEXT.voidError);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={CREDIT_TEXT.voidTitle(note.credit_note_number)}
      size="sm"
      actions={
        <>
          <Button onClick={onClose}>{CREDIT_TEXT.cancel}</Button>
          <Button variant="danger" busy={voidNote.isPending} busyLabel={CREDIT_TEXT.voiding} onClick={() => void submit()}>
            {CREDIT_TEXT.voidConfirm}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm text-slate-700">
        <p>{CREDIT_TEXT.voidText(formatMoney(note.total))}</p>
        <Field label={CREDIT_TEXT.voidDate} required error={errors.date}>
          {(control) => <TextInput {...control} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
        </Field>
        <Field label={CREDIT_TEXT.voidReason} required error={errors.reason}>
          {(control) => <TextInput {...control} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        {problem && <Notice tone="error">{problem}</Notice>}
      </div>
    </Modal>
  );
}
