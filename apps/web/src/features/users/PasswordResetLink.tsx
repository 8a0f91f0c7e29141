import { useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { formatDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import type { UserRow } from './types';

/**
 * "Send password reset link" on a user's row (decision 269): the server makes a single-use link for 72 hours,
 * revoking the user's earlier ones, and emails it; when it cannot (no address, no email set up) it answers the
 * link, shown here to copy and hand over. Either way the dialog says what happened.
 */
export function SendResetLinkButton({ user, onSent }: { user: UserRow; onSent: (user: UserRow) => void }) {
  return (
    <Button size="sm" aria-label={`Send password reset link to ${user.username}`} onClick={() => onSent(user)}>
      Send password reset link
    </Button>
  );
}

export function PasswordResetDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const send = trpc.users.sendPasswordReset.useMutation();
  const [copied, setCopied] = useState(false);
  const open = user !== null;

  function close() {
    send.reset();
    setCopied(false);
    onClose();
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  const sent = send.data;
  return (
    <Modal
      open={open}
      onClose={close}
      title="Send password reset link"
      actions={
        sent ? (
          <Button variant="primary" onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button
              variant="primary"
              busy={send.isPending}
              busyLabel="Sending..."
              onClick={() => user && send.mutate({ id: user.id })}
            >
              Send link
            </Button>
          </>
        )
      }
    >
      {!sent && user && (
        <p className="text-sm text-slate-700">
          {user.username} gets a link to set a new password. It works once, for 72 hours, and replaces any link sent
          before. {user.email ? `It is emailed to ${user.email}.` : 'They have no email address: you will get the link to hand over.'}
        </p>
      )}
      {send.isError && <Notice tone="error">{send.error.message || 'The link could not be made. Try again.'}</Notice>}
      {sent && (
        <div className="flex flex-col gap-3 text-sm text-slate-700">
          <Notice tone={sent.emailed ? 'success' : 'info'}>{sent.detail}</Notice>
          {sent.url && (
            <div className="flex flex-col gap-1">
              <label htmlFor="password-reset-url" className="font-medium text-slate-800">
                Link for {sent.username}
              </label>
              <div className="flex gap-2">
                <input
                  id="password-reset-url"
                  readOnly
                  value={sent.url}
                  onFocus={(event) => event.currentTarget.select()}
                  className="w-full rounded-md border border-slate-300 px-2 py-1 font-mono text-xs"
                />
                <Button size="sm" onClick={() => void copy(sent.url!)}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </div>
            </div>
          )}
          <p>
            Valid until {formatDate(sent.expires_at.slice(0, 10))} {sent.expires_at.slice(11, 16)} UTC; it works once.
          </p>
        </div>
      )}
    </Modal>
  );
}
