import { Button, Notice } from '../../components';
import type { FormNotice } from './orderFormContext';
import { ORDER_FORM_TEXT } from './texts';
import type { ConflictState } from './useOrderSave';

export interface OrderFormNoticesProps {
  conflict: ConflictState | null;
  notice: FormNotice | null;
  reloading: boolean;
  onReload: () => void;
  onDismiss: () => void;
}

/** The action bar's notices: a stale save (with the user's changes and RELOAD), then the last outcome. */
export function OrderFormNotices({
  conflict,
  notice,
  reloading,
  onReload,
  onDismiss,
}: OrderFormNoticesProps) {
  return (
    <>
      {conflict && (
        <Notice
          tone="error"
          action={
            <Button size="sm" variant="primary" busy={reloading} busyLabel="Reloading..." onClick={onReload}>
              {ORDER_FORM_TEXT.reloadLatest}
            </Button>
          }
        >
          <p className="font-medium">{conflict.message}</p>
          {conflict.changes.length > 0 && (
            <>
              <p className="mt-1">{ORDER_FORM_TEXT.staleKeptIntro}</p>
              <ul aria-label="Your changes" className="mt-1 max-h-28 list-disc overflow-y-auto pl-5">
                {conflict.changes.map((change) => (
                  <li key={change.path}>
                    {change.label}: {change.value}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Notice>
      )}
      {notice && (
        <Notice tone={notice.tone} onDismiss={onDismiss}>
          {notice.text}
        </Notice>
      )}
    </>
  );
}
