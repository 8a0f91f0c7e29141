import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { displayValue, fieldLabel } from '../fieldLabels';
import type { HistoryEntry } from '../types';

const ACTION_LABELS: Record<string, string> = {
  created: 'Created',
  updated: 'Updated',
  status_changed: 'Status changed',
  voided: 'Voided',
  unvoided: 'Unvoided',
  file_added: 'File added',
  file_removed: 'File removed',
  deleted: 'Deleted',
};

function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** '2024-03-05T14:07:00.000Z' -> '03/05/2024 2:07 PM' in the browser's time zone. */
function when(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${formatDate(day)} ${time}`;
}

function newestFirst(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return [...entries].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

function Entry({ entry }: { entry: HistoryEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  return (
    <li className="py-2">
      <p className="text-sm text-slate-800">
        <span className="font-semibold">{actionLabel(entry.action)}</span> by{' '}
        <span className="font-medium">{entry.user?.username ?? 'System'}</span>{' '}
        <time dateTime={entry.created_at} className="text-slate-500">
          {when(entry.created_at)}
        </time>
      </p>
      {changes.length > 0 && (
        <ul className="mt-1 space-y-0.5 pl-4 text-xs text-slate-600">
          {changes.map(([path, change]) => (
            <li key={path}>
              <span className="font-medium text-slate-700">{fieldLabel(path)}</span>:{' '}
              {entry.action === 'created' ? (
                displayValue(change.new)
              ) : (
                <>
                  {displayValue(change.old)} → {displayValue(change.new)}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The order's history, newest first (who, when, what changed); loaded when opened. */
export function HistorySection({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  const history = trpc.orders.history.useQuery({ id: orderId }, { enabled: open });
  return (
    <details
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-base font-semibold text-slate-900">History</summary>
      <div className="mt-2" aria-live="polite">
        {history.isLoading && <p className="text-sm text-slate-500">Loading...</p>}
        {history.error && (
          <p className="text-sm text-red-700">Error loading the history. Please try again.</p>
        )}
        {history.data && history.data.length === 0 && (
          <p className="text-sm text-slate-500">No history yet.</p>
        )}
        {history.data && history.data.length > 0 && (
          <ol aria-label="Order history" className="divide-y divide-slate-100">
            {newestFirst(history.data).map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
