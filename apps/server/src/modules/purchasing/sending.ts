import { MESSAGES, PURCHASING_MESSAGES as M, splitAddresses, invalidAddresses } from '@icehouse/domain';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { changeTransaction } from '../../changes';
import { getCompanyInfo } from '../company/service';
import { queueEmailInTx } from '../outbox/queue';
import { emailLog } from '../outbox/log';
import { fromAddress } from '../outbox/settings';
import { SEND_EMAIL_JOB } from '../outbox/send-email';
import { purchaseOrderPdf } from './documents';
import { getPurchaseOrder, type PurchaseOrderView } from './purchase-order-read';
import { markPurchaseOrderSent } from './purchase-order-write';

type Actor = { id: number };

export interface SendForm {
  to?: string | undefined;
  cc?: string | undefined;
  subject?: string | undefined;
  body?: string | undefined;
}

/**
 * POST /api/purchase-orders/{id}/send/: a draft emailed to its supplier through the queue, like an invoice
 * (decision 062): its PDF archived now and pinned on the message (decision 128), the message and its job
 * queued in the transaction that makes the purchase order sent. Without an SMTP server the message is kept
 * as not_sent and the purchase order stays a draft (mark it sent once it went another way).
 */
export async function sendPurchaseOrder(
  deps: AppDeps,
  actor: Actor,
  id: number,
  form: SendForm | null | undefined,
): Promise<{ purchase_order: PurchaseOrderView; email: Awaited<ReturnType<typeof emailLog>>[number] }> {
  const po = await getPurchaseOrder(deps, id);
  if (po.status !== 'draft') throw new AppError('CONFLICT', M.notSendable);
  const toText = form?.to?.trim() || po.supplier_email;
  if (!toText) throw AppError.validation({ to: [M.supplierEmailMissing] });
  const bad = [...invalidAddresses(toText), ...invalidAddresses(form?.cc ?? '')];
  if (bad.length > 0) throw AppError.validation({ to: [MESSAGES.emailInvalid] });
  const company = await getCompanyInfo(deps);
  const subject = form?.subject?.trim() || `Purchase order ${po.number} from ${company.name}`;
  const body =
    form?.body?.trim() ||
    `Hello,\n\nPlease find attached our purchase order ${po.number}` +
      (po.expected_date ? `, which we expect by ${po.expected_date}` : '') +
      `. Reply to this email to confirm it.\n\n${company.name}`;
  const configured = deps.mailer !== null;
  if (configured && !(await fromAddress(deps))) throw new AppError('VALIDATION', MESSAGES.emailNoFromAddress);
  const document = configured ? await purchaseOrderPdf(deps, id, actor.id) : null;
  const email = await changeTransaction(deps, async (tx) => {
    if (configured) await markPurchaseOrderSent(tx, id, actor.id);
    const messageId = await queueEmailInTx(tx, deps, {
      kind: 'purchase_order',
      recordId: id,
      to: splitAddresses(toText),
      cc: splitAddresses(form?.cc ?? ''),
      subject,
      body,
      documentId: document?.document.id ?? null,
      userId: actor.id,
      configured,
    });
    const [queued] = await emailLog(deps, 'purchase_order', id, { db: tx, messageId });
    return queued!;
  });
  if (configured) deps.jobs.wake(SEND_EMAIL_JOB);
  return { purchase_order: await getPurchaseOrder(deps, id), email };
}
