import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, MESSAGE_TEMPLATES, userRoleLabel } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { ConfirmDeleteModal, EditDeleteButtons } from '../../components/ConfirmDeleteModal';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { FetchError } from '../../components/FetchError';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useListEditor } from '../../lib/useListEditor';
import { UserForm } from './UserForm';
import { RoleChanges } from './RoleChanges';
import { PasswordResetDialog, SendResetLinkButton } from './PasswordResetLink';
import type { UserRow } from './types';

/**
 * User Management (invoices spec §2, §4, §8): a back button to the dashboard, the create/edit form,
 * and the users table with Edit and Delete (Delete is not offered on the signed-in user's own row).
 * Delete asks first, in the 'Delete Confirmation' dialog.
 */
export function UserManagementPage() {
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const utils = trpc.useUtils();
  const users = trpc.users.list.useQuery();
  const remove = trpc.users.delete.useMutation();

  const list = useListEditor<UserRow>();
  const [pendingDelete, setPendingDelete] = useState<UserRow | null>(null);
  const [resetFor, setResetFor] = useState<UserRow | null>(null);

  function handleSaved(outcome: 'created' | 'updated') {
    list.saved(outcome === 'created' ? MESSAGES.userCreated : MESSAGES.userUpdated);
    void utils.users.list.invalidate();
    void utils.users.roleChanges.invalidate();
  }

  function deleteUser(user: UserRow) {
    return list.deleteRow(user, {
      remove: () => remove.mutateAsync({ id: user.id }),
      done: MESSAGE_TEMPLATES.userDeleted(user.username),
      failed: MESSAGES.deleteUserError,
      settle: () => utils.users.list.invalidate(),
    });
  }

  const columns: DataTableColumn<UserRow>[] = [
    { key: 'username', header: 'Username', className: 'font-medium' },
    { key: 'email', header: 'Email', cell: (user) => user.email ?? '' },
    { key: 'role', header: 'Role', cell: (user) => userRoleLabel(user) },
    {
      key: 'status',
      header: 'Status',
      cell: (user) => (
        <span
          className={cn(
            'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
            user.is_active
              ? 'bg-emerald-100 text-emerald-800 ring-emerald-600/20'
              : 'bg-slate-100 text-slate-700 ring-slate-500/20',
          )}
        >
          {user.is_active ? 'Active' : 'Inactive'}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (user) => (
        <div className="flex justify-end gap-2">
          <SendResetLinkButton user={user} onSent={setResetFor} />
          <EditDeleteButtons
            onEdit={() => list.startEdit(user)}
            onDelete={() => setPendingDelete(user)}
            canDelete={user.id !== me?.id}
            deleting={remove.isPending}
          />
        </div>
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="User Management"
        actions={<Button onClick={() => navigate('/dashboard')}>Back to Dashboard</Button>}
      />

      {list.noticeView}

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <UserForm key={list.formKey} {...list.formProps} onSaved={handleSaved} />
        <div className="lg:col-span-2">
          {users.isError ? (
            <FetchError
              message={MESSAGES.fetchUsersError}
              onRetry={() => void users.refetch()}
              retrying={users.isFetching}
            />
          ) : (
            <DataTable
              caption="Users"
              captionHidden
              columns={columns}
              rows={users.data ?? []}
              rowKey={(user) => user.id}
              loading={users.isPending}
              emptyText={MESSAGES.noUsersFound}
            />
          )}
        </div>
      </div>

      <RoleChanges />

      <PasswordResetDialog user={resetFor} onClose={() => setResetFor(null)} />

      <ConfirmDeleteModal
        row={pendingDelete}
        title="Delete Confirmation"
        question={(user) => MESSAGE_TEMPLATES.confirmDeleteUser(user.username)}
        onClose={() => setPendingDelete(null)}
        onConfirm={(user) => void deleteUser(user)}
      />
    </section>
  );
}
