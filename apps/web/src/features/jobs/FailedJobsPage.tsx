import { useState } from 'react';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { JOBS_TEXT } from './texts';

type FailedJob = RouterOutputs['jobs']['failed']['results'][number];

/** '2026-11-23T14:05:00.000Z' on this machine's clock: '11/23/2026, 2:05 PM'. */
function formatWhen(iso: string): string {
  const when = new Date(iso);
  return Number.isNaN(when.getTime())
    ? iso
    : when.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
}

/** The job's data in one short line ({"invoiceId":12} -> 'invoiceId: 12'). */
function describeData(data: unknown): string {
  if (!data || typeof data !== 'object') return '';
  return Object.entries(data as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/** Superusers: jobs that used up their retries (what, why), with Retry and Discard. */
export function FailedJobsPage() {
  const utils = trpc.useUtils();
  const failed = trpc.jobs.failed.useQuery(undefined, { staleTime: 0 });
  const retry = trpc.jobs.retry.useMutation();
  const discard = trpc.jobs.discard.useMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function act(job: FailedJob, action: 'retry' | 'discard') {
    setBusyId(job.id);
    setNotice(null);
    try {
      await (action === 'retry' ? retry : discard).mutateAsync({ id: job.id });
      setNotice({ tone: 'success', text: action === 'retry' ? JOBS_TEXT.retried : JOBS_TEXT.discarded });
    } catch {
      setNotice({ tone: 'error', text: JOBS_TEXT.actionFailed });
    } finally {
      setBusyId(null);
      await utils.jobs.failed.invalidate();
    }
  }

  const columns: DataTableColumn<FailedJob>[] = [
    {
      key: 'what',
      header: JOBS_TEXT.what,
      cell: (job) => (
        <div>
          <div className="font-medium text-slate-900">{job.label}</div>
          {/* The document and recipient when the job can say; its raw data otherwise. */}
          <div className="text-xs text-slate-600">{job.about ?? describeData(job.data)}</div>
        </div>
      ),
    },
    {
      key: 'error',
      header: JOBS_TEXT.why,
      className: 'max-w-md break-words text-red-800',
      cell: (job) => job.error || '—',
    },
    { key: 'attempts', header: JOBS_TEXT.attempts, numeric: true, cell: (job) => job.attempts },
    {
      key: 'failed_on',
      header: JOBS_TEXT.failedOn,
      className: 'tabular-nums whitespace-nowrap',
      cell: (job) => formatWhen(job.failed_on),
    },
    {
      key: 'actions',
      header: JOBS_TEXT.actions,
      srOnlyHeader: true,
      cell: (job) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            aria-label={`${JOBS_TEXT.retry}: ${job.label}`}
            busy={busyId === job.id && retry.isPending}
            busyLabel={JOBS_TEXT.retrying}
            disabled={busyId !== null}
            onClick={() => void act(job, 'retry')}
          >
            {JOBS_TEXT.retry}
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={`${JOBS_TEXT.discard}: ${job.label}`}
            busy={busyId === job.id && discard.isPending}
            busyLabel={JOBS_TEXT.discarding}
            disabled={busyId !== null}
            onClick={() => void act(job, 'discard')}
          >
            {JOBS_TEXT.discard}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={JOBS_TEXT.title}
        description={JOBS_TEXT.intro}
        actions={
          <Button size="sm" onClick={() => void failed.refetch()}>
            {JOBS_TEXT.refresh}
          </Button>
        }
      />
      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}
      {failed.isError ? (
        <Notice tone="error">{JOBS_TEXT.loadError}</Notice>
      ) : (
        <DataTable
          caption={JOBS_TEXT.title}
          captionHidden
          columns={columns}
          rows={failed.data?.results ?? []}
          rowKey={(job) => job.id}
          loading={failed.isPending}
          loadingText={JOBS_TEXT.loading}
          emptyText={JOBS_TEXT.empty}
        />
      )}
    </div>
  );
}
