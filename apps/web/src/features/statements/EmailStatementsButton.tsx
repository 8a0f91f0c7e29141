import { useState } from 'react';
import { defaultStatementPeriod } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { formatDate } from '../../lib/format';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { errorAt } from '../customers/customerFormValues';
import { PeriodFields, type Period } from './PeriodFields';
import { STATEMENT_TEXT as T } from './texts';

/**
 * The customers list's "Email statements" (decision 203): a period, a confirm, one request that queues a
 * statement to every customer with a balance; then the batch's outcome, read again every few seconds
 * while emails are waiting (queued, sent, failed, skipped for want of an address).
 */
export function EmailStatementsButton() {
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<Period>(() => defaultStatementPeriod());
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<number | null>(null);
  const send = trpc.statements.emailBatch.useMutation();
  const batch = trpc.statements.batch.useQuery(
    { id: batchId ?? 0 },
    { enabled: batchId !== null, refetchInterval: (q) => ((q.state.data?.queued ?? 1) > 0 ? 2000 : false) },
  );

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
  const result = batch.data ?? send.data;

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
              <Button variant="primary" busy={send.isPending} busyLabel={T.sending} onClick={() => void confirm()}>
                {T.batchSend}
              </Button>
            </>
          ) : (
            <Button onClick={close}>{T.close}</Button>
          )
        }
      >
        <div className="flex flex-col gap-3 text-sm text-slate-700">
          {batchId === null && (
            <>
              <PeriodFields value={period} onChange={setPeriod} errors={errors} idPrefix="batch" />
              <p>{T.batchQuestion(formatDate(period.from), formatDate(period.to))}</p>
            </>
          )}
          {problem && <Notice tone="error">{problem}</Notice>}
          {batchId !== null && result && (
            <p role="status" data-testid="statement-batch-result">
              {T.batchResult(result)}
            </p>
          )}
        </div>
      </Modal>
    </>
  );
}
