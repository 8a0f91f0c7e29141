import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { cn } from '../../lib/cn';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { APP_NAME } from '../../lib/app';
import { useCan } from '../../lib/access';
import { BackupsSection } from './BackupsSection';

export { APP_NAME };

/** The database kinds system.status reports. */
type DatabaseKind = RouterOutputs['system']['status']['database'];

const DATABASE_LABELS: Record<DatabaseKind, { name: string; hint: string }> = {
  pglite: {
    name: 'Embedded PGlite',
    hint: 'Single-user mode: the data lives in a folder on this machine. Use PostgreSQL for a shared deployment.',
  },
  postgres: {
    name: 'PostgreSQL',
    hint: 'Shared database server.',
  },
};

function Row({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4 sm:px-6">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">
        {children}
        {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      </dd>
    </div>
  );
}

function ServerState({ ok }: { ok: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        ok
          ? 'bg-emerald-100 text-emerald-800 ring-emerald-600/20'
          : 'bg-red-100 text-red-800 ring-red-600/20',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-1.5 rounded-full', ok ? 'bg-emerald-600' : 'bg-red-600')}
      />
      {ok ? 'Running' : 'Unavailable'}
    </span>
  );
}

/** Shows whether the server and its database answer, which database it uses, and its version. */
export function SystemStatusPage() {
  const status = trpc.system.status.useQuery(undefined, { refetchOnWindowFocus: true });
  const isAdmin = useCan('admin');

  return (
    <section aria-labelledby="system-status-title" className="mx-auto max-w-3xl">
      <PageHeader
        title={<span id="system-status-title">{APP_NAME}</span>}
        description="System status"
        actions={
          <Button onClick={() => void status.refetch()} busy={status.isFetching} busyLabel="Checking...">
            Check again
          </Button>
        }
      />

      {status.isPending ? (
        <p
          role="status"
          className="rounded-lg border border-slate-200 bg-white px-6 py-8 text-center text-sm text-slate-600"
        >
          Checking the server...
        </p>
      ) : status.isError ? (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-6 py-5 text-sm text-red-800"
        >
          <p className="font-semibold">The server could not be reached.</p>
          <p className="mt-1">
            Check that it is running (<code className="font-mono">npm start</code>) and then choose Check
            again.
          </p>
        </div>
      ) : (
        <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
          <Row
            label="Server"
            hint={
              status.data.status === 'ok' ? undefined : 'The server is running but cannot reach its database.'
            }
          >
            <ServerState ok={status.data.status === 'ok'} />
          </Row>
          <Row label="Database" hint={DATABASE_LABELS[status.data.database].hint}>
            {DATABASE_LABELS[status.data.database].name}
          </Row>
          <Row label="Version">
            <span className="font-mono">{status.data.version}</span>
          </Row>
        </dl>
      )}
      {/* Once the server answered (admins only): the backups ask the server more than whether it runs. */}
      {isAdmin && status.isSuccess && (
        <div className="mt-6">
          <BackupsSection />
        </div>
      )}
    </section>
  );
}
