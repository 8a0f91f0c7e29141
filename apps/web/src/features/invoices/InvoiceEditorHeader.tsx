import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { EMAIL_TEXT } from '../email/texts';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { INVOICE_TEXT } from './texts';
import type { InvoiceDetail } from './types';

/** What the editor is doing; one action at a time. */
export type Busy = 'save' | 'download' | 'print' | 'reload' | null;

export interface InvoiceEditorHeaderProps {
  /** The invoice as last saved (its number, customer and payment status). */
  saved: InvoiceDetail;
  /** The form has unsaved changes. */
  isDirty: boolean;
  busy: Busy;
  onDownload: () => void;
  onPrint: () => void;
  onEmail: () => void;
}

/**
 * The editor's title (with the payment status) and its actions: Back, Save (the form's submit
 * button), Download, Print and Email; "Unsaved changes" while the form differs from the saved invoice.
 */
export function InvoiceEditorHeader({
  saved,
  isDirty,
  busy,
  onDownload,
  onPrint,
  onEmail,
}: InvoiceEditorHeaderProps) {
  const navigate = useNavigate();
  return (
    <PageHeader
      title={
        <span className="inline-flex items-center gap-2">
          {INVOICE_TEXT.editorTitle}
          <PaymentStatusBadge status={saved.status} />
        </span>
      }
      description={INVOICE_TEXT.editorDescription(saved.invoice_number, saved.customer_name)}
      actions={
        <>
          {isDirty && <span className="text-sm font-medium text-amber-700">{INVOICE_TEXT.unsaved}</span>}
          <Button onClick={() => navigate('/invoices')}>{INVOICE_TEXT.back}</Button>
          <Button
            type="submit"
            variant="primary"
            busy={busy === 'save'}
            busyLabel={INVOICE_TEXT.saving}
            disabled={busy !== null}
            data-shortcut="save"
          >
            {INVOICE_TEXT.save}
          </Button>
          <Button
            busy={busy === 'download'}
            busyLabel={INVOICE_TEXT.downloading}
            disabled={busy !== null}
            onClick={onDownload}
          >
            {INVOICE_TEXT.download}
          </Button>
          <Button
            busy={busy === 'print'}
            busyLabel={INVOICE_TEXT.printing}
            disabled={busy !== null}
            onClick={onPrint}
          >
            {INVOICE_TEXT.print}
          </Button>
          <Button disabled={busy !== null} onClick={onEmail}>
            {EMAIL_TEXT.emailInvoice}
          </Button>
        </>
      }
    />
  );
}
