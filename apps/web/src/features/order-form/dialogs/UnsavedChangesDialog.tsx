import { Button, Modal } from '../../../components';

export interface UnsavedChangesDialogProps {
  open: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
}

/** Before going to the invoice with unsaved changes (spec §2): save them, leave them, or stay. */
export function UnsavedChangesDialog({
  open,
  saving,
  onSave,
  onDiscard,
  onCancel,
}: UnsavedChangesDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Unsaved Changes"
      // Wide enough for the three buttons in one row at a laptop width.
      size="lg"
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="danger" onClick={onDiscard} disabled={saving}>
            Discard Changes &amp; Go to Invoice
          </Button>
          <Button variant="primary" busy={saving} busyLabel="Saving..." onClick={onSave}>
            Save Changes &amp; Go to Invoice
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        This order has changes that are not saved. Save them before going to the invoice, or go without them.
      </p>
    </Modal>
  );
}
