import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';

export interface RowActionsProps {
  onEdit: () => void;
  /** The question shown in the row while confirming ('Delete "Door Frame Kit"?'). */
  confirmText: string;
  /** Called on Confirm; the row goes back to Edit/Delete when it settles (if it is still there). */
  onDelete: () => Promise<void>;
}

/**
 * Edit and Delete for one table row, where Delete asks in the row itself: the question, then
 * Confirm and Cancel (invoices spec §2, components). Focus goes to Cancel when asking, and back to
 * Delete when the question is withdrawn, so keyboard users never lose their place.
 */
export function RowActions({ onEdit, confirmText, onDelete }: RowActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (asked.current) deleteRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  async function confirm() {
    setDeleting(true);
    try {
      await onDelete();
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  if (confirming) {
    return (
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="text-sm font-medium text-red-700">{confirmText}</span>
        <Button
          size="sm"
          variant="danger"
          busy={deleting}
          busyLabel="Deleting..."
          onClick={() => void confirm()}
        >
          Confirm
        </Button>
        <Button ref={cancelRef} size="sm" disabled={deleting} onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      </div>
    );
  }

  return (
    // One line: a narrow table shrinks its text columns, never splits Edit from Delete.
    <div className="flex justify-end gap-2 whitespace-nowrap">
      <Button size="sm" onClick={onEdit}>
        Edit
      </Button>
      <Button ref={deleteRef} size="sm" variant="danger" onClick={() => setConfirming(true)}>
        Delete
      </Button>
    </div>
  );
}
