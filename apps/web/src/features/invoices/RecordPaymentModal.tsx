import { Modal } from '../../components/Modal';
import { RecordPaymentForm, type PaymentRecorded } from './RecordPaymentForm';
import { PAYMENT_TEXT } from './paymentTexts';
import type { InvoiceListRow } from './types';

/** "Record payment" from the invoices list: the three fields and one click, in a dialog. */
export function RecordPaymentModal({
  invoice,
  onClose,
  onRecorded,
}: {
  invoice: InvoiceListRow;
  onClose: () => void;
  onRecorded: (answer: PaymentRecorded) => void;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title={PAYMENT_TEXT.modalTitle(invoice.invoice_number)}
      size="md"
      closeLabel={PAYMENT_TEXT.close}
    >
      <RecordPaymentForm invoiceId={invoice.id} balanceDue={invoice.balance_due} onRecorded={onRecorded} />
    </Modal>
  );
}
