import { Button, Notice } from '../../components';
import { useEffect, useRef } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { focusAfterLostOpener } from '../../components/Modal';
import { formatTime } from '../../lib/live-format';
import type { LiveChange } from '../../lib/live';
import { LIVE_RECORD_TEXT } from './texts';
import type { LiveRecordKind, OverwriteState } from './useLiveRecord';

export interface LiveRecordNoticesProps {
  kind: LiveRecordKind;
  remote: LiveChange | null;
  viewers: string[];
  onTakeTheirs: () => void;
  onKeepMine: () => void;
  /** Reload pressed over unsaved typing: the fields that would be lost (null: not asking). */
  reloadQuestion?: string[] | null;
  onConfirmReload?: () => void;
  onCancelReload?: () => void;
}

/** Someone else's save of the open record (with Reload / Keep mine), and who else has it open. */
export function LiveRecordNotices({
  kind,
  remote,
  viewers,
  onTakeTheirs,
  onKeepMine,
  reloadQuestion = null,
  onConfirmReload,
  onCancelReload,
}: LiveRecordNoticesProps) {
  const who = remote?.by_name ?? LIVE_RECORD_TEXT.someone;
  // The banner goes once Reload or Keep mine is done, taking the focused button with it: focus
  // moves on to the form (or the page's heading), not to <body>.
  const shown = useRef(false);
  useEffect(() => {
    if (remote) {
      shown.current = true;
      return;
    }
    if (!shown.current) return;
    shown.current = false;
    if (document.activeElement === null || document.activeElement === document.body) focusAfterLostOpener();
  }, [remote]);
  const deleted = remote?.action === 'deleted';
  return (
    <>
      {remote && (
        <Notice
          tone="info"
          action={
            deleted ? null : (
              <span className="flex gap-2">
                <Button size="sm" variant="primary" onClick={onTakeTheirs}>
                  {LIVE_RECORD_TEXT.takeTheirs}
                </Button>
                <Button size="sm" onClick={onKeepMine}>
                  {LIVE_RECORD_TEXT.keepMine}
                </Button>
              </span>
            )
          }
        >
          {(deleted ? LIVE_RECORD_TEXT.deletedBy : LIVE_RECORD_TEXT.changedBy)(who, kind, formatTime(remote.at))}
        </Notice>
      )}
      <ConfirmDialog
        open={reloadQuestion !== null && onConfirmReload !== undefined}
        title={LIVE_RECORD_TEXT.discardTitle}
        confirmLabel={LIVE_RECORD_TEXT.discardConfirm}
        cancelLabel={LIVE_RECORD_TEXT.discardCancel}
        confirmVariant="danger"
        onConfirm={() => onConfirmReload?.()}
        onCancel={() => onCancelReload?.()}
      >
        <p>{LIVE_RECORD_TEXT.discardBody(kind)}</p>
        <ul aria-label={LIVE_RECORD_TEXT.unsavedFields} className="mt-1 list-disc pl-5">
          {(reloadQuestion ?? []).map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
      </ConfirmDialog>
      {viewers.length > 0 && (
        <p role="status" className="text-sm text-slate-600">
          {LIVE_RECORD_TEXT.alsoOpenBy(viewers.join(', '))}
        </p>
      )}
    </>
  );
}

export interface OverwriteDialogProps<View> {
  overwrite: OverwriteState<View> | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** With Keep mine: before saving, which fields differ from their version, and a question. */
export function OverwriteDialog<View>({ overwrite, onConfirm, onCancel }: OverwriteDialogProps<View>) {
  return (
    <ConfirmDialog
      open={overwrite !== null}
      title={LIVE_RECORD_TEXT.overwriteTitle}
      confirmLabel={LIVE_RECORD_TEXT.overwriteConfirm}
      confirmVariant="danger"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {overwrite && overwrite.fields.length > 0 ? (
        <>
          <p>{LIVE_RECORD_TEXT.overwriteBody}</p>
          <ul aria-label={LIVE_RECORD_TEXT.fieldsThatDiffer} className="mt-1 list-disc pl-5">
            {overwrite.fields.map((field) => (
              <li key={field}>{field}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{LIVE_RECORD_TEXT.overwriteNone}</p>
      )}
    </ConfirmDialog>
  );
}
