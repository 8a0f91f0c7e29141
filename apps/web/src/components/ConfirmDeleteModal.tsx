import { useRef } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

export interface ConfirmDeleteModalProps<Row> {
  /** The row asked about; null: the dialog is closed. */
  row: Row | null;
  title: string;
  question: (row: Row) => string;
  onClose: () => void;
  /** Delete was pressed (the dialog has been asked to close first). */
  onConfirm: (row: Row) => void;
}

/** 'Are you sure?' before a delete: Cancel (focused first, so Enter does not delete) and Delete. */
export function ConfirmDeleteModal<Row>({
  row,
  title,
  question,
  onClose,
  onConfirm,
}: ConfirmDeleteModalProps<Row>) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={row !== null}
      onClose={onClose}
      title={title}
      size="sm"
      initialFocusRef={cancelRef}
      actions={
        <>
          <Button ref={cancelRef} onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onClose();
              if (row !== null) onConfirm(row);
            }}
          >
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{row !== null ? question(row) : null}</p>
    </Modal>
  );
}

/** A row's Edit and Delete buttons for a table whose Delete asks in ConfirmDeleteModal. */
export function EditDeleteButtons({
  onEdit,
  onDelete,
  canDelete = true,
  deleting,
}: {
  onEdit: () => void;
  onDelete: () => void;
  /** False hides Delete (e.g. the signed-in user's own row). */
  canDelete?: boolean;
  /** A delete is under way: no second one meanwhile. */
  deleting: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" onClick={onEdit}>
        Edit
      </Button>
      {canDelete && (
        <Button size="sm" variant="danger" onClick={onDelete} disabled={deleting}>
          Delete
        </Button>
      )}
    </div>
  );
}
