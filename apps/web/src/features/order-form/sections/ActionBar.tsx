import type { ReactNode } from 'react';
import { canUnvoid, canVoid } from '@icehouse/domain';
import { Button } from '../../../components';
import { useCan } from '../../../lib/access';

export type BusyAction = 'save' | 'duplicate' | 'void' | 'unvoid' | 'delete' | 'invoice' | 'print' | 'reload';

export interface ActionBarProps {
  isNew: boolean;
  /** The saved order's status (void and unvoid follow it, not the unsaved selector). */
  savedStatus: string | null;
  hasInvoice: boolean;
  hasBol: boolean;
  /** Opened from an invoice: the invoice action saves and rebuilds that invoice. */
  invoiceMode?: boolean;
  busy: BusyAction | null;
  /** Messages shown above the buttons (always in view, the bar is sticky). */
  notices?: ReactNode;
  onSave: () => void;
  onDuplicate: () => void;
  onVoid: () => void;
  onUnvoid: () => void;
  onDelete: () => void;
  onClose: () => void;
  onInvoice: () => void;
  onRecreateInvoice?: () => void;
  onBol: () => void;
  onPrint: () => void;
}

/** The order form's action bar (spec §2), pinned to the bottom of the dialog. */
export function ActionBar({
  isNew,
  savedStatus,
  hasInvoice,
  hasBol,
  invoiceMode = false,
  busy,
  notices,
  onSave,
  onDuplicate,
  onVoid,
  onUnvoid,
  onDelete,
  onClose,
  onInvoice,
  onRecreateInvoice,
  onBol,
  onPrint,
}: ActionBarProps) {
  const working = busy !== null;
  // Each action shows to the roles whose area has its server call: editing, voiding, deleting and
  // duplicating are sales'; the bill of lading production's; the invoice the books'; the print (with
  // prices) for roles that read prices. CLOSE is everyone's.
  const sells = useCan('sales');
  const ships = useCan('production');
  const invoices = useCan('books');
  const prints = useCan('prices');
  return (
    <>
      {notices && <div className="flex w-full flex-col gap-2">{notices}</div>}
      <div className="flex w-full flex-wrap items-center justify-end gap-2">
        {sells && !isNew && (
          <Button
            variant="danger"
            busy={busy === 'delete'}
            busyLabel="Deleting..."
            disabled={working}
            onClick={onDelete}
          >
            DELETE
          </Button>
        )}
        {sells && !isNew && canVoid(savedStatus) && (
          <Button
            variant="danger"
            busy={busy === 'void'}
            busyLabel="Voiding..."
            disabled={working}
            onClick={onVoid}
          >
            VOID ORDER
          </Button>
        )}
        {sells && !isNew && canUnvoid(savedStatus) && (
          <Button busy={busy === 'unvoid'} busyLabel="Unvoiding..." disabled={working} onClick={onUnvoid}>
            UNVOID ORDER
          </Button>
        )}
        {sells && !isNew && (
          <Button
            busy={busy === 'duplicate'}
            busyLabel="Duplicating..."
            disabled={working}
            onClick={onDuplicate}
          >
            DUPLICATE ORDER
          </Button>
        )}
        {ships && (
          <Button disabled={working} onClick={onBol}>
            {hasBol ? 'VIEW/UPDATE BOL' : 'CREATE BOL'}
          </Button>
        )}
        {!invoices ? null : invoiceMode && hasInvoice && onRecreateInvoice ? (
          <Button
            busy={busy === 'invoice'}
            busyLabel="Recreating invoice..."
            disabled={working}
            onClick={onRecreateInvoice}
          >
            SAVE &amp; RECREATE INVOICE
          </Button>
        ) : (
          <Button
            busy={busy === 'invoice'}
            busyLabel="Opening invoice..."
            disabled={working}
            onClick={onInvoice}
          >
            {hasInvoice ? 'EDIT INVOICE' : 'CREATE INVOICE'}
          </Button>
        )}
        {prints && (
          <Button busy={busy === 'print'} busyLabel="Printing..." disabled={working} onClick={onPrint}>
            PRINT
          </Button>
        )}
        <Button onClick={onClose} disabled={working && busy !== 'reload'}>
          CLOSE
        </Button>
        {sells && (
          <Button
            variant="primary"
            busy={busy === 'save'}
            busyLabel="Saving..."
            disabled={working}
            onClick={onSave}
            data-shortcut="save"
          >
            {isNew ? 'SAVE' : 'UPDATE'}
          </Button>
        )}
      </div>
    </>
  );
}
