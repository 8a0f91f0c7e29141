import { useState } from 'react';
import { isIsoDate, statementBatchPeriod } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { formatDate } from '../../lib/format';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { errorAt } from '../customers/customerFormValues';
import { PeriodFields, type Period } from './PeriodFields';
import { BatchCustomerList } from './BatchCustomerList';
import { STATEMENT_TEXT as T } from './texts';

/**
 * The customers list's "Email statements" (decisions 203, 247): a period (the last full month unless
 * changed), the customers it would email and those it would skip for want of an address, named before
 * anything is sent; one request then queues a statement to each, and the batch's outcome is read again
 * every few seconds while emails are waiting (queued, sent, failed, and who was skipped).
 */
export function EmailStatementsButton() {
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<Period>(() => statementBatchPeriod());
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<number | null>(null);
  const send = trpc.statements.emailBatch.useMutation();
  const complete = isIsoDate(period.from) && isIsoDate(period.to);
  const preview = trpc.statements.batchPreview.useQuery(period, { enabled: open && batchId === null && complete, retry: false });
  const batch = trpc.statements.batch.useQuery(
    { id: batchId ?? 0 },
    { enabled: batchId !== null, refetchInterval: (q) => ((q.state.data?.queued ?? 1) > 0 ? 2000 : false) },
  );
  const previewFields = preview.error ? serverFieldErrors(preview.error) : null;
  const shownErrors = previewFields ? { from: errorAt(previewFields, 'from'), to: errorAt(previewFields, 'to'), ...errors } : errors;

  async function confirm() {
    setErrors({});
    setProblem(null);
    try {
      const answer = await send.mutateAsync({ data: { ...period } });
      setBatchId(answer.id);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors({ from: errorAt(fields, 'from'), to: errorAt(fields, 'to') });
      else setProblem(serverMessage(error) ?? T.loadError);
    }
  }
  const close = () => {
    setOpen(false);
    setBatchId(null);
  };
  const changePeriod = (p: Period) => {
    setErrors({});
    setPeriod(p);
  };
  const result = batch.data ?? send.data;
  const recipients = preview.data?.recipients ?? [];

  return (
    <>
      <Button onClick={() => setOpen(true)}>{T.batchButton}</Button>
      <Modal
        open={open}
        onClose={close}
        title={T.batchTitle}
        size="md"
        actions={
          batchId === null ? (
            <>
              <Button onClick={close}>{T.close}</Button>
              {preview.data && recipients.length > 0 && (
                <Button variant="primary" busy={send.isPending} busyLabel={T.sending} onClick={() => void confirm()}>
                  {T.batchSendCount(recipients.length)}
                </Button>
              )}
            </>
          ) : (
            <Button onClick={close}>{T.close}</Button>
          )
        }
      >
        <div className="flex flex-col gap-3 text-sm text-slate-700">
          {batchId === null && (
            <>
              <PeriodFields value={period} onChange={changePeriod} errors={shownErrors} idPrefix="batch" />
              <p>{T.batchQuestion(formatDate(period.from), formatDate(period.to))}</p>
              {preview.isFetching && !preview.data && <p role="status">{T.batchPreviewLoading}</p>}
              {preview.data &&
                (recipients.length > 0 ? (
                  <BatchCustomerList title={T.batchRecipients(recipients.length)} customers={recipients} />
                ) : (
                  <p role="status">{T.batchNobody}</p>
                ))}
              {preview.data && preview.data.without_email.length > 0 && (
                <BatchCustomerList title={T.batchWithoutEmail(preview.data.without_email.length)} customers={preview.data.without_email} />
              )}
              {preview.error && !previewFields && <Notice tone="error">{serverMessage(preview.error) ?? T.loadError}</Notice>}
            </>
          )}
          {problem && <Notice tone="error">{problem}</Notice>}
          {batchId !== null && result && (
            <>
              <p role="status" data-testid="statement-batch-result">
                {T.batchResult(result)}
              </p>
              {result.skipped.length > 0 && <BatchCustomerList title={T.batchSkipped} customers={result.skipped} />}
            </>
          )}
        </div>
      </Modal>
    </>
  );
}
