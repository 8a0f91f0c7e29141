import { useState } from 'react';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { EmailDialog } from './EmailDialog';
import { SentLog } from './SentLog';
import { EMAIL_TEXT } from './texts';

/** On the order form of an order with a bill of lading: Email bill of lading, and its sent log. */
export function BolEmailSection({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button onClick={() => setOpen(true)}>{EMAIL_TEXT.emailBol}</Button>
      </div>
      {notice && (
        <Notice tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Notice>
      )}
      <SentLog kind="bol" id={orderId} />
      {open && (
        <EmailDialog kind="bol" id={orderId} open onClose={() => setOpen(false)} onQueued={setNotice} />
      )}
    </div>
  );
}
