import { useEffect, useId, useState } from 'react';
import { defaultStatementPeriod } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Notice } from '../../components/Notice';
import { formatDate } from '../../lib/format';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { errorAt } from '../customers/customerFormValues';
import { CustomerSection } from '../customers/CustomerFields';
import { PeriodFields, type Period } from './PeriodFields';
import { StatementFigures } from './StatementFigures';
import { STATEMENT_TEXT as T } from './texts';

/**
 * The customer page's Statement section (decision 203): a period (the first of last month to today unless
 * changed), the statement of it on screen (the server's figures: the domain's customerStatement), PDF
 * (rendered now, opens in a new tab) and Email (issued and queued to the customer's address after a confirm).
 */
export function StatementSection({ customer }: { customer: { id: number; name: string; email: string } }) {
  const [period, setPeriod] = useState<Period>(() => defaultStatementPeriod());
  const statement = trpc.statements.forCustomer.useQuery({ id: customer.id, ...period }, { retry: false });
  const email = trpc.statements.email.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const fieldErrors = statement.isError ? serverFieldErrors(statement.error) : null;
  const errors = { from: errorAt(fieldErrors, 'from'), to: errorAt(fieldErrors, 'to') };
  const pdfUrl = `/api/customers/${customer.id}/statement/pdf/?${new URLSearchParams({ ...period }).toString()}`;
  // Statements go to the address saved on the customer: without one, Email can only fail, so it waits for one.
  const hasEmail = customer.email.trim() !== '';
  const noEmailId = useId();
  // An address saved since a refusal answers it: the refusal goes.
  useEffect(() => {
    if (hasEmail) setNotice((n) => (n?.tone === 'error' ? null : n));
  }, [hasEmail, customer.email]);

  async function send() {
    setNotice(null);
    try {
      const answer = await email.mutateAsync({ id: customer.id, data: { ...period } });
      setNotice({ tone: 'success', text: T.queued(answer.statement.statement_number, answer.email.to.join(', ')) });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setNotice({ tone: 'error', text: errorAt(fields, 'email') ?? errorAt(fields, 'to') ?? errorAt(fields, 'from') ?? serverMessage(error) ?? T.loadError });
    } finally {
      setConfirming(false);
    }
  }

  return (
    <CustomerSection title={T.title}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PeriodFields value={period} onChange={setPeriod} errors={errors} idPrefix="statement" />
        <div className="flex gap-2">
          <a
            href={pdfUrl}
            target="_blank"
            rel="noreferrer"
            aria-disabled={!statement.data}
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
          >
            {T.pdf}
          </a>
          <Button disabled={!statement.data || !hasEmail} aria-describedby={hasEmail ? undefined : noEmailId} onClick={() => setConfirming(true)}>
            {T.email}
          </Button>
        </div>
      </div>
      {!hasEmail && (
        <p id={noEmailId} className="text-sm text-slate-600">
          {T.noEmail}
        </p>
      )}
      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}
      {statement.isLoading && <p role="status" className="text-sm text-slate-600">{T.loading}</p>}
      {statement.isError && !fieldErrors && <Notice tone="error">{serverMessage(statement.error) ?? T.loadError}</Notice>}
      {statement.data && <StatementFigures statement={statement.data} />}
      <ConfirmDialog
        open={confirming}
        title={T.emailTitle}
        confirmLabel={T.send}
        busy={email.isPending}
        busyLabel={T.sending}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        {T.emailQuestion(customer.name, customer.email, formatDate(period.from), formatDate(period.to))}
      </ConfirmDialog>
    </CustomerSection>
  );
}
