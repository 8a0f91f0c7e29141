import { useState } from 'react';
import {
  creditNoteFormSchema,
  formatMoney,
  formatUsDate,
  todayIso,
  zodIssuesToFieldErrors,
  type CreditNoteFormData,
  type CreditNoteFormInput,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { MoneyInput } from '../../components/MoneyInput';
import { Notice } from '../../components/Notice';
import { serverFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { EmailDialog } from '../email/EmailDialog';
import { CREDIT_TEXT } from './texts';
import { CreditNoteIssueConfirm } from './CreditNoteIssueConfirm';
import { VoidCreditNoteDialog } from './VoidCreditNoteDialog';

type Issued = Awaited<ReturnType<ReturnType<typeof trpc.credit.issueCreditNote.useMutation>['mutateAsync']>>;
interface Line {
  quantity: string;
  description: string;
  price_each: string;
}
const blankLine = (): Line => ({ quantity: '1', description: '', price_each: '0.00' });

/** The first message of a server field error (nested lines: 'line_items' itself or a line's field). */
function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) for (const v of value) if (firstMessage(v)) return firstMessage(v);
  if (value && typeof value === 'object')
    for (const v of Object.values(value)) if (firstMessage(v)) return firstMessage(v);
  return undefined;
}

/**
 * The invoice editor's credit notes (decisions 172, 249): the notes issued (number, date, reason, tax
 * reversed, total, PDF, Void or when and why voided), what may still be credited, and the form that issues
 * one (date, reason, lines), checked with the domain's schema and confirmed with its total with tax before
 * it is sent. The server computes its totals with the same creditNoteTotals and refuses one above what remains.
 */
export function CreditNotesSection({
  invoiceId,
  onIssued,
}: {
  invoiceId: number;
  /** A note issued or voided: the invoice's payments summary changed. */
  onIssued: (answer: Issued) => void;
}) {
  const notes = trpc.credit.invoiceCreditNotes.useQuery({ invoiceId });
  const issue = trpc.credit.issueCreditNote.useMutation();
  const utils = trpc.useUtils();
  const [date, setDate] = useState(todayIso());
  const [reason, setReason] = useState('');
  const [lines, setLines] = useState<Line[]>([blankLine()]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [emailing, setEmailing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<CreditNoteFormData | null>(null);
  const [voiding, setVoiding] = useState<number | null>(null);
  const voidingNote = notes.data?.results.find((n) => n.id === voiding);

  const setLine = (i: number, patch: Partial<Line>) =>
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const refresh = () => {
    void utils.credit.invoiceCreditNotes.invalidate({ invoiceId });
    void utils.payments.forInvoice.invalidate({ invoiceId });
    void utils.invoices.list.invalidate();
  };

  /** Checked here with the domain's schema (messages on their fields), then confirmed with its total with tax. */
  function review() {
    setFailed(false);
    setDone(null);
    const input: CreditNoteFormInput = { date, reason, line_items: lines };
    const parsed = creditNoteFormSchema.safeParse(input);
    if (!parsed.success) {
      const fields = zodIssuesToFieldErrors(parsed.error) as Record<string, unknown>;
      setErrors({ date: firstMessage(fields.date), reason: firstMessage(fields.reason), line_items: firstMessage(fields.line_items) });
      return;
    }
    setErrors({});
    setConfirming(parsed.data);
  }

  async function submit(data: CreditNoteFormData) {
    try {
      const answer = await issue.mutateAsync({ invoiceId, data: data as never });
      setConfirming(null);
      setErrors({});
      setReason('');
      setLines([blankLine()]);
      setDone(
        CREDIT_TEXT.issued(answer.credit_note.credit_note_number, formatMoney(answer.credit_note.total)),
      );
      refresh();
      onIssued(answer);
    } catch (error) {
      setConfirming(null);
      const fields = serverFieldErrors(error) as Record<string, unknown> | null;
      if (fields && Object.keys(fields).length > 0) {
        setErrors({
          date: firstMessage(fields.date),
          reason: firstMessage(fields.reason),
          line_items: firstMessage(fields.line_items),
        });
        return;
      }
      setFailed(true);
    }
  }

  return (
    <section
      aria-labelledby="invoice-credit-notes"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="invoice-credit-notes" className="text-base font-semibold text-slate-900">
        {CREDIT_TEXT.creditNotesTitle}
      </h2>
      {notes.isError && <Notice tone="error">{CREDIT_TEXT.loadError}</Notice>}
      {notes.data && notes.data.results.length === 0 && (
        <p className="text-sm text-slate-600">{CREDIT_TEXT.creditNotesEmpty}</p>
      )}
      {notes.data && notes.data.results.length > 0 && (
        <table className="min-w-full text-sm">
          <caption className="sr-only">{CREDIT_TEXT.creditNotesCaption}</caption>
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">
                {CREDIT_TEXT.number}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {CREDIT_TEXT.date}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {CREDIT_TEXT.reason}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {CREDIT_TEXT.tax}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {CREDIT_TEXT.total}
              </th>
              <th scope="col" className="py-1 font-medium">
                {CREDIT_TEXT.pdf}
              </th>
            </tr>
          </thead>
          <tbody>
            {notes.data.results.map((n) => (
              <tr key={n.id} className="border-t border-slate-100">
                <td className="py-1 pr-3">{n.credit_note_number}</td>
                <td className="py-1 pr-3 tabular-nums">{formatUsDate(n.date)}</td>
                <td className="py-1 pr-3">
                  {n.reason}
                  {n.voided && (
                    <span className="mt-0.5 block text-xs font-medium text-red-700">
                      {CREDIT_TEXT.voidedOn(formatUsDate(n.void_date), n.void_reason)}
                    </span>
                  )}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatMoney(n.tax_amount)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatMoney(n.total)}</td>
                <td className="py-1">
                  <a
                    className="text-blue-700 underline"
                    href={`/api/credit-notes/${n.id}/pdf/`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {`${CREDIT_TEXT.pdf} ${n.credit_note_number}`}
                  </a>
                  <Button
                    className="ml-2"
                    aria-label={`${CREDIT_TEXT.email} ${n.credit_note_number}`}
                    onClick={() => setEmailing(n.id)}
                  >
                    {CREDIT_TEXT.email}
                  </Button>
                  {!n.voided && (
                    <Button
                      className="ml-2"
                      aria-label={`${CREDIT_TEXT.void} ${n.credit_note_number}`}
                      onClick={() => setVoiding(n.id)}
                    >
                      {CREDIT_TEXT.void}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {emailing !== null && (
        <EmailDialog
          kind="credit_note"
          id={emailing}
          open
          onClose={() => setEmailing(null)}
          onQueued={(text) => {
            setEmailing(null);
            setDone(text);
          }}
        />
      )}
      {voidingNote && (
        <VoidCreditNoteDialog
          note={voidingNote}
          onClose={() => setVoiding(null)}
          onVoided={(answer) => {
            setVoiding(null);
            setDone(CREDIT_TEXT.voidedNotice(answer.credit_note.credit_note_number, formatMoney(answer.credit_note.total)));
            refresh();
            onIssued(answer);
          }}
        />
      )}
      {confirming && notes.data && (
        <CreditNoteIssueConfirm
          data={confirming}
          taxRate={notes.data.tax_rate}
          taxExempt={notes.data.tax_exempt}
          busy={issue.isPending}
          onConfirm={() => void submit(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {notes.data && (
        <p className="text-sm text-slate-700">{CREDIT_TEXT.creditable(formatMoney(notes.data.creditable))}</p>
      )}
      {done && (
        <Notice tone="success" onDismiss={() => setDone(null)}>
          {done}
        </Notice>
      )}
      <form
        aria-label={CREDIT_TEXT.issueCreditNote}
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={CREDIT_TEXT.creditDate} required error={errors.date}>
            {(control) => (
              <TextInput {...control} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            )}
          </Field>
          <Field label={CREDIT_TEXT.reason} required error={errors.reason}>
            {(control) => (
              <TextInput {...control} value={reason} onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
        </div>
        {lines.map((line, i) => (
          <div key={i} className="grid items-end gap-3 sm:grid-cols-[1fr_6rem_9rem_auto]">
            <Field label={`${CREDIT_TEXT.lineDescription} ${i + 1}`}>
              {(control) => (
                <TextInput
                  {...control}
                  value={line.description}
                  onChange={(e) => setLine(i, { description: e.target.value })}
                />
              )}
            </Field>
            <Field label={`${CREDIT_TEXT.lineQuantity} ${i + 1}`}>
              {(control) => (
                <TextInput
                  {...control}
                  inputMode="numeric"
                  value={line.quantity}
                  onChange={(e) => setLine(i, { quantity: e.target.value })}
                />
              )}
            </Field>
            <Field label={`${CREDIT_TEXT.linePrice} ${i + 1}`}>
              {(control) => (
                <MoneyInput
                  {...control}
                  value={line.price_each}
                  onChange={(value) => setLine(i, { price_each: value })}
                />
              )}
            </Field>
            <Button
              size="sm"
              disabled={lines.length === 1}
              onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
            >
              {CREDIT_TEXT.removeLine}
            </Button>
          </div>
        ))}
        {errors.line_items && (
          <p role="alert" className="text-sm text-red-700">
            {errors.line_items}
          </p>
        )}
        {failed && <Notice tone="error">{CREDIT_TEXT.issueError}</Notice>}
        <div className="flex gap-2">
          <Button size="sm" onClick={() => setLines((all) => [...all, blankLine()])}>
            {CREDIT_TEXT.addLine}
          </Button>
          <Button type="submit" variant="primary" busy={issue.isPending} busyLabel={CREDIT_TEXT.issuing}>
            {CREDIT_TEXT.issueCreditNote}
          </Button>
        </div>
      </form>
    </section>
  );
}
