import { toDecimal } from '@icehouse/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { useHttpClient } from '../../lib/httpContext';
import { PRINT_FRAME_TITLE, fetchInvoicePdf } from './pdf';
import { printPdfInFrame, saveBlob } from '../../lib/pdfFiles';
import { INVOICE_TEXT } from './texts';
import { PAYMENT_TEXT } from './paymentTexts';
import { EMAIL_TEXT } from '../email/texts';
import { invoiceFileName, type InvoiceListRow } from './types';
import { RowActionButton } from './RowActionButton';

export interface InvoiceRowActionsProps {
  invoice: InvoiceListRow;
  /** Deletes the invoice; resolves when done (the row then goes), rejects when it failed. */
  onDelete: (invoice: InvoiceListRow) => Promise<void>;
  /** A PDF could not be made ('Error generating PDF. Please try again.'). */
  onPdfError: () => void;
  /** Opens "Record payment" for this invoice. */
  onRecordPayment?: (invoice: InvoiceListRow) => void;
  /** Opens the email dialog for this invoice. */
  onEmail?: (invoice: InvoiceListRow) => void;
}

type Busy = 'print' | 'download' | 'delete' | null;

/**
 * The Actions cell of an invoice row (invoices spec §2): Edit Layout, Print (a hidden frame), Download PDF,
 * Email (opens the invoice editor's email dialog), and Delete, which asks in the row itself
 * (Confirm/Cancel). Focus goes to Cancel when asking and back to Delete after.
 */
export function InvoiceRowActions({
  invoice,
  onDelete,
  onPdfError,
  onRecordPayment,
  onEmail,
}: InvoiceRowActionsProps) {
  const navigate = useNavigate();
  const httpClient = useHttpClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (asked.current) deleteRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  async function withPdf(kind: 'print' | 'download') {
    setBusy(kind);
    try {
      const pdf = await fetchInvoicePdf(invoice.id, httpClient);
      if (kind === 'print') printPdfInFrame(pdf, { title: PRINT_FRAME_TITLE });
      else saveBlob(pdf, invoiceFileName(invoice));
    } catch (error) {
      console.error('The invoice PDF failed', error);
      onPdfError();
    } finally {
      setBusy(null);
    }
  }

  async function confirmDelete() {
    setBusy('delete');
    try {
      await onDelete(invoice);
    } catch {
      // The page says what went wrong; the row stays, back to its buttons.
      setBusy(null);
      setConfirming(false);
    }
  }

  if (confirming) {
    return (
      <div className="flex flex-wrap items-center justify-end gap-1.5">
        <span className="text-sm font-medium text-red-700">
          {INVOICE_TEXT.confirmDelete(invoice.invoice_number)}
        </span>
        <Button
          size="xs"
          variant="danger"
          busy={busy === 'delete'}
          busyLabel={INVOICE_TEXT.deleting}
          onClick={() => void confirmDelete()}
        >
          {INVOICE_TEXT.confirm}
        </Button>
        <Button ref={cancelRef} size="xs" disabled={busy === 'delete'} onClick={() => setConfirming(false)}>
          {INVOICE_TEXT.cancel}
        </Button>
      </div>
    );
  }

  // A paid invoice has nothing to pay, and its payments keep it on the books (the server refuses to delete an
  // invoice with ledger entries): neither is offered. A zero invoice has no entries and may still go.
  const paid = invoice.status === 'paid';
  const deletable = !paid || toDecimal(invoice.total_amount).isZero();

  return (
    // Compact icon buttons on one line (decision 140): the six used to wrap onto four or five lines.
    <div className="flex flex-nowrap items-center justify-end gap-1">
      {onRecordPayment && !paid && (
        <RowActionButton
          icon="payment"
          label={PAYMENT_TEXT.recordPayment}
          disabled={busy !== null}
          onClick={() => onRecordPayment(invoice)}
        />
      )}
      <RowActionButton
        icon="edit"
        label={INVOICE_TEXT.editLayout}
        onClick={() => navigate(`/invoices/${invoice.id}/edit`)}
      />
      <RowActionButton
        icon="print"
        label={INVOICE_TEXT.print}
        busy={busy === 'print'}
        busyLabel={INVOICE_TEXT.printing}
        disabled={busy !== null}
        onClick={() => void withPdf('print')}
      />
      <RowActionButton
        icon="download"
        label={INVOICE_TEXT.downloadPdf}
        busy={busy === 'download'}
        busyLabel={INVOICE_TEXT.downloading}
        disabled={busy !== null}
        onClick={() => void withPdf('download')}
      />
      {onEmail && (
        <RowActionButton
          icon="email"
          label={EMAIL_TEXT.email}
          disabled={busy !== null}
          onClick={() => onEmail(invoice)}
        />
      )}
      {deletable && (
        <RowActionButton
          ref={deleteRef}
          icon="delete"
          label={INVOICE_TEXT.delete}
          danger
          disabled={busy !== null}
          onClick={() => setConfirming(true)}
        />
      )}
    </div>
  );
}
