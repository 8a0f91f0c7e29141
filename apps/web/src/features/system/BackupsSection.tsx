import { useMemo } from 'react';
import { backupSettingsSchema } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Field, TextInput } from '../../components/Field';
import { SettingsSection } from '../../components/SettingsSection';
import { saveErrorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useSettingsForm } from '../../lib/useSettingsForm';

type Run = RouterOutputs['system']['backups']['results'][number];
type Values = { enabled: boolean; time: string; keep: number };

export const BACKUP_TEXT = {
  title: 'Backups',
  intro:
    'Every day at this time (the server’s clock) the database and its files are backed up, restored into a scratch database to check them, and the newest verified ones are kept.',
  save: 'Save backup settings',
  saving: 'Saving...',
  saved: 'Backup settings saved.',
  error: 'Could not save the backup settings. Check the fields and try again.',
  loading: 'Loading backups...',
  now: 'Back up now',
  starting: 'Starting...',
  started: 'The backup has started. It shows below when it is done.',
  none: 'No backups yet.',
  off: 'Scheduled backups are off.',
} as const;

const STATUS_LABELS: Record<Run['status'], string> = {
  queued: 'Waiting',
  running: 'Running',
  verified: 'Verified',
  failed: 'Failed',
};

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' })
    : '–';

export function formatSize(bytes: number | null): string {
  if (bytes === null) return '–';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const valuesOf = (s: Values): Values => ({ enabled: s.enabled, time: s.time, keep: s.keep });

/** The status screen's backups, for admins: the schedule's settings, Back up now, and the last backups. */
export function BackupsSection() {
  const utils = trpc.useUtils();
  const backups = trpc.system.backups.useQuery(undefined, {
    staleTime: 0,
    // While one is waiting or running, look again every few seconds.
    refetchInterval: (query) =>
      query.state.data?.results.some((r) => r.status === 'queued' || r.status === 'running') ? 3000 : false,
  });
  const save = trpc.system.saveBackupSettings.useMutation({ onSuccess: () => void utils.system.backups.invalidate() });
  const start = trpc.system.startBackup.useMutation({ onSuccess: () => void utils.system.backups.invalidate() });
  // One object per read: the form takes a new one for new values from the server.
  const settings = useMemo(() => (backups.data ? valuesOf(backups.data.settings) : undefined), [backups.data]);
  const form = useSettingsForm<Values>({
    data: settings,
    schema: backupSettingsSchema,
    mutation: { mutateAsync: async (v) => valuesOf(await save.mutateAsync(v)), isPending: save.isPending },
    texts: BACKUP_TEXT,
  });
  const data = backups.data;

  return (
    <SettingsSection texts={BACKUP_TEXT} form={form}>
      {(values) => (
        <div className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <Checkbox
              label="Take a backup every day"
              checked={values.enabled}
              onChange={(checked) => form.setValue('enabled', checked)}
              className="sm:col-span-3"
            />
            <Field label="Time of day" hint="24-hour, e.g. 02:00" error={form.errorOf('time')}>
              {(control) => <TextInput {...control} value={values.time} onChange={(e) => form.setValue('time', e.target.value)} />}
            </Field>
            <Field label="Backups to keep" error={form.errorOf('keep')}>
              {(control) => (
                <TextInput
                  {...control}
                  type="number"
                  min={1}
                  max={365}
                  value={Number.isNaN(values.keep) ? '' : values.keep}
                  onChange={(e) => form.setValue('keep', e.target.value === '' ? Number.NaN : Number(e.target.value))}
                />
              )}
            </Field>
          </div>
          <p className="text-sm text-slate-700">
            {data?.next_at ? <>Next backup: {when(data.next_at)}</> : BACKUP_TEXT.off}
            {data && <span className="block text-xs text-slate-500">Kept in {data.location}</span>}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button busy={start.isPending} busyLabel={BACKUP_TEXT.starting} onClick={() => start.mutate()}>
              {BACKUP_TEXT.now}
            </Button>
            {start.isSuccess && <span role="status" className="text-sm text-slate-600">{BACKUP_TEXT.started}</span>}
            {start.isError && (
              <span role="alert" className="text-sm text-red-700">
                {saveErrorMessage(start.error, 'Could not start a backup.')}
              </span>
            )}
          </div>
          <BackupTable runs={data?.results ?? []} />
        </div>
      )}
    </SettingsSection>
  );
}

function BackupTable({ runs }: { runs: readonly Run[] }) {
  if (runs.length === 0) return <p className="text-sm text-slate-600">{BACKUP_TEXT.none}</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Last backups</caption>
      <thead className="text-xs text-slate-500">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">Time</th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">Size</th>
          <th scope="col" className="py-1 pr-3 font-medium">Verified</th>
          <th scope="col" className="py-1 font-medium">Error</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {runs.map((run) => (
          <tr key={run.id}>
            <td className="py-1.5 pr-3">
              {when(run.finished_at ?? run.started_at ?? run.created_at)}
              {run.trigger === 'manual' && <span className="ml-1 text-xs text-slate-500">(started by hand)</span>}
            </td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{formatSize(run.size_bytes)}</td>
            <td className="py-1.5 pr-3">
              {STATUS_LABELS[run.status]}
              {run.removed && run.status === 'verified' && <span className="ml-1 text-xs text-slate-500">(removed)</span>}
            </td>
            <td className="py-1.5 text-red-700">{run.error ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
