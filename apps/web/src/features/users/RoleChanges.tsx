import { ROLE_LABELS, formatUsDate } from '@icehouse/domain';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { trpc } from '../../lib/trpc';
import type { RoleChangeRow as RoleChange } from './types';


const columns: DataTableColumn<RoleChange>[] = [
  { key: 'when', header: 'When', cell: (c) => formatUsDate(c.changed_at.slice(0, 10)) },
  { key: 'user', header: 'User', cell: (c) => c.username },
  { key: 'from', header: 'From', cell: (c) => (c.from_role ? ROLE_LABELS[c.from_role] : 'New user') },
  { key: 'to', header: 'To', cell: (c) => ROLE_LABELS[c.to_role] },
  { key: 'by', header: 'By', cell: (c) => c.changed_by ?? '' },
];

/** Every change of a user's role, newest first: who, from what to what, by whom and when. */
export function RoleChanges() {
  const changes = trpc.users.roleChanges.useQuery();
  if (changes.isError) return null;
  return (
    <section aria-labelledby="role-changes" className="flex flex-col gap-2">
      <h2 id="role-changes" className="text-lg font-semibold text-slate-900">
        Role changes
      </h2>
      <DataTable
        caption="Role changes"
        captionHidden
        columns={columns}
        rows={changes.data ?? []}
        rowKey={(c) => c.id}
        loading={changes.isPending}
        emptyText="No role has been set yet."
      />
    </section>
  );
}
