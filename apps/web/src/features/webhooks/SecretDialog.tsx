import { useState } from 'react';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { WEBHOOK_TEXT as T } from './texts';

export interface ShownSecret {
  url: string;
  secret: string;
  /** Set after a rotation: what the receiver's owner must know about the previous secret. */
  note: string | null;
}

/** A signing secret, shown after creation, Reveal secret or Rotate secret (decision 126): never in the table. */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  async function copy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <Modal
      open={shown !== null}
      onClose={close}
      title={T.secretTitle}
      description={shown?.note ?? T.secretOnce}
      actions={
        <>
          <Button onClick={() => void copy()}>{copied ? T.copied : T.copy}</Button>
          <Button variant="primary" onClick={close}>
            {T.done}
          </Button>
        </>
      }
    >
      <p className="mb-2 text-sm break-all text-slate-700">{shown?.url}</p>
      <Field label={T.secretLabel}>
        {(control) => (
          <TextInput
            {...control}
            readOnly
            value={shown?.secret ?? ''}
            onFocus={(e) => e.target.select()}
            className="font-mono text-xs"
          />
        )}
      </Field>
    </Modal>
  );
}
