import { creditNoteTotals, formatMoney, type CreditNoteFormData } from '@icehouse/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CREDIT_TEXT } from './texts';

/**
 * The question before a credit note is issued (it is never edited, only voided): what it credits before tax,
 * the tax reversed at the invoice's rate and its total with tax, by the domain's creditNoteTotals, the rule
 * the server issues it with.
 */
export function CreditNoteIssueConfirm({
  data,
  taxRate,
  taxExempt,
  busy,
  onConfirm,
  onCancel,
}: {
  data: CreditNoteFormData;
  taxRate: string;
  taxExempt: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const totals = creditNoteTotals({ lines: data.line_items, taxRate, taxExempt });
  const total = formatMoney(totals.total);
  const row = (label: string, value: string, id: string) => (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={id}>
        {value}
      </dd>
    </div>
  );
  return (
    <ConfirmDialog
      open
      title={CREDIT_TEXT.confirmIssueTitle}
      confirmLabel={CREDIT_TEXT.confirmIssue(total)}
      busy={busy}
      busyLabel={CREDIT_TEXT.issuing}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{CREDIT_TEXT.confirmIssueText}</p>
      <dl className="mt-3 flex flex-col gap-1">
        {row(CREDIT_TEXT.previewSubtotal, formatMoney(totals.subtotal), 'credit-note-preview-subtotal')}
        {row(
          taxExempt ? CREDIT_TEXT.previewTaxExempt : CREDIT_TEXT.previewTax(taxRate),
          formatMoney(totals.taxAmount),
          'credit-note-preview-tax',
        )}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold text-slate-900">
          <dt>{CREDIT_TEXT.previewTotal}</dt>
          <dd className="tabular-nums" data-testid="credit-note-preview-total">
            {total}
          </dd>
        </div>
      </dl>
    </ConfirmDialog>
  );
}
