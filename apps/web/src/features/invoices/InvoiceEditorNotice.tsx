import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import type { Busy } from './InvoiceEditorHeader';
import { INVOICE_TEXT } from './texts';

/** What the editor last had to say: a success, an error, or a refused save (someone else saved first). */
export type EditorNotice = { kind: 'success' | 'error'; text: string } | { kind: 'conflict' };

export interface InvoiceEditorNoticeProps {
  notice: EditorNotice | null;
  busy: Busy;
  /** Read the invoice again (offered on a conflict). */
  onReloadClick: () => void;
  onDismiss: () => void;
}

/** The editor's notice: a conflict offers Reload; a success or an error can be dismissed. */
export function InvoiceEditorNotice({ notice, busy, onReloadClick, onDismiss }: InvoiceEditorNoticeProps) {
  return notice?.kind === 'conflict' ? (
    <Notice
      tone="error"
      action={
        <Button
          size="sm"
          busy={busy === 'reload'}
          busyLabel={INVOICE_TEXT.reloading}
          disabled={busy !== null && busy !== 'reload'}
          onClick={onReloadClick}
        >
          {INVOICE_TEXT.reload}
        </Button>
      }
    >
      {INVOICE_TEXT.conflict}
    </Notice>
  ) : notice ? (
    <Notice tone={notice.kind === 'success' ? 'success' : 'error'} onDismiss={onDismiss}>
      {notice.text}
    </Notice>
  ) : null;
}
