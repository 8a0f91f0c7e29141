import { MESSAGES } from '@icehouse/domain';
import { BolModal } from './BolModal';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { UnsavedChangesDialog } from './dialogs/UnsavedChangesDialog';
import type { DialogState } from './orderFormContext';
import type { BusyAction } from './sections/ActionBar';
import { ORDER_FORM_TEXT } from './texts';
import type { OrderView } from './types';

export interface OrderFormDialogsProps {
  dialog: DialogState | null;
  busy: BusyAction | null;
  order: OrderView | null;
  onCancel: () => void;
  /** Discarding the changes: close the form, or go where the user was going. */
  onDiscard: (dialog: DialogState | null) => void;
  onVoid: () => void;
  onUnvoid: () => void;
  onDelete: () => void;
  onDuplicate: () => void;
  onInvoiceDiscard: () => void;
  onInvoiceSave: () => void;
  onBolSaved: () => void;
}

/** The confirmations the form asks over itself, and the bill of lading modal. */
export function OrderFormDialogs(props: OrderFormDialogsProps) {
  const { dialog, busy, order, onCancel } = props;
  return (
    <>
      <ConfirmDialog
        open={dialog?.kind === 'close' || dialog?.kind === 'leave'}
        title={ORDER_FORM_TEXT.discardTitle}
        confirmLabel="Discard Changes"
        cancelLabel="Keep Editing"
        confirmVariant="danger"
        onCancel={onCancel}
        onConfirm={() => props.onDiscard(dialog)}
      >
        {dialog?.kind === 'leave' ? ORDER_FORM_TEXT.leaveBody : ORDER_FORM_TEXT.discardBody}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'void'}
        title="Void Order"
        confirmLabel="VOID ORDER"
        confirmVariant="danger"
        onCancel={onCancel}
        onConfirm={props.onVoid}
      >
        {MESSAGES.confirmVoid}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'unvoid'}
        title="Unvoid Order"
        confirmLabel="UNVOID ORDER"
        onCancel={onCancel}
        onConfirm={props.onUnvoid}
      >
        {MESSAGES.confirmUnvoid}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Order"
        confirmLabel="DELETE"
        confirmVariant="danger"
        busy={busy === 'delete'}
        busyLabel="Deleting..."
        onCancel={onCancel}
        onConfirm={props.onDelete}
      >
        {MESSAGES.confirmDelete}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'duplicate'}
        title="Duplicate Order"
        confirmLabel="DUPLICATE ORDER"
        onCancel={onCancel}
        onConfirm={props.onDuplicate}
      >
        {ORDER_FORM_TEXT.duplicateBody}
      </ConfirmDialog>
      <UnsavedChangesDialog
        open={dialog?.kind === 'invoice'}
        saving={busy === 'save' || busy === 'invoice'}
        onCancel={onCancel}
        onDiscard={props.onInvoiceDiscard}
        onSave={props.onInvoiceSave}
      />
      {dialog?.kind === 'bol' && order && (
        <BolModal
          orderId={order.id}
          doorNumber={order.door_number}
          onClose={onCancel}
          onSaved={props.onBolSaved}
        />
      )}
    </>
  );
}
