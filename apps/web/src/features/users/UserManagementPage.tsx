import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, MESSAGE_TEMPLATES, userRoleLabel } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { Notice, type NoticeTone } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { UserForm } from './UserForm';
import type { UserRow } from './types';

interface PageNotice {
  tone: NoticeTone;
  text: string;
}

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

  const [editing, setEditing] = useState<UserRow | null>(null);
  // A new key clears the create form after a save (and remounts it when switching modes).
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<PageNotice | null>(null);
  const [pendingDelete, setPendingDelete] = useState<UserRow | null>(null);
  const cancelDeleteRef = useRef<HTMLButtonElement>(null);

  function toCreateMode() {
    setEditing(null);
    setFormKey((key) => key + 1);
  }

  function startEdit(user: UserRow) {
    setEditing(user);
    setFormKey((key) => key + 1);
    setNotice(null);
  }

  function handleSaved(outcome: 'created' | 'updated') {
    setNotice({ tone: 'success', text: outcome === 'created' ? MESSAGES.userCreated : MESSAGES.userUpdated });
    toCreateMode();
    void utils.users.list.invalidate();
  }

  async function confirmDelete() {
    const target = pendingDelete;
    setPendingDelete(null);
    if (!target) return;
    try {
      await remove.mutateAsync({ id: target.id });
      setNotice({ tone: 'success', text: MESSAGE_TEMPLATES.userDeleted(target.username) });
      if (editing?.id === target.id) toCreateMode();
    } catch (error) {
      setNotice({ tone: 'error', text: serverMessage(error) ?? MESSAGES.deleteUserError });
    } finally {
      void utils.users.list.invalidate();
    }
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
          <Button size="sm" onClick={() => startEdit(user)}>
            Edit
          </Button>
          {user.id !== me?.id && (
            <Button
              size="sm"
              variant="danger"
              onClick={() => setPendingDelete(user)}
              disabled={remove.isPending}
            >
              Delete
            </Button>
          )}
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

      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <UserForm
          key={formKey}
          editing={editing}
          onSaved={handleSaved}
          onError={(text) => setNotice({ tone: 'error', text })}
          onCancel={() => {
            toCreateMode();
            setNotice(null);
          }}
        />
        <div className="lg:col-span-2">
          {users.isError ? (
            <Notice
              tone="error"
              action={
                <Button
                  size="sm"
                  onClick={() => void users.refetch()}
                  busy={users.isFetching}
                  busyLabel="Retrying..."
                >
                  Try again
                </Button>
              }
            >
              {MESSAGES.fetchUsersError}
            </Notice>
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

      <Modal
        open={pendingDelete !== null}
        onClose={() => setPendingDelete(null)}
        title="Delete Confirmation"
        size="sm"
        initialFocusRef={cancelDeleteRef}
        actions={
          <>
            <Button ref={cancelDeleteRef} onClick={() => setPendingDelete(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {pendingDelete ? MESSAGE_TEMPLATES.confirmDeleteUser(pendingDelete.username) : null}
        </p>
      </Modal>
    </section>
  );
}
