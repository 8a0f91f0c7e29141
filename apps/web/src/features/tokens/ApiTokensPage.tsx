import { useRef, useState, type FormEvent } from 'react';
import {
  apiTokenCreateSchema,
  firstFieldError,
  zodIssuesToFieldErrors,
  type ApiTokenScope,
  type FieldErrors,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { FetchError } from '../../components/FetchError';
import { Field, TextInput } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { saveErrorMessage, serverFieldErrors } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { TOKEN_TEXT as T } from './texts';

type TokenRow = RouterOutputs['tokens']['list'][number];

/** MM/DD/YYYY, as US staff read dates. */
function shortDate(iso: string | null, empty: string): string {
  if (!iso) return empty;
  const date = new Date(iso);
  return date.toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

function statusOf(token: TokenRow): 'active' | 'revoked' | 'expired' {
  if (token.revoked_at) return 'revoked';
  if (token.expires_at && new Date(token.expires_at).getTime() <= Date.now()) return 'expired';
  return 'active';
}

/** The end of a chosen day (YYYY-MM-DD) in the browser's time zone, as an ISO timestamp; '' for none. */
function endOfDay(day: string): string {
  if (!day) return '';
  const date = new Date(`${day}T23:59:59`);
  return Number.isNaN(date.getTime()) ? day : date.toISOString();
}

/**
 * API tokens: make a personal token (name, scope, optional expiry) whose key is shown
 * once, see your tokens (a superuser: everyone's) with created, last used and expiry, and revoke them.
 */
export function ApiTokensPage() {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const tokens = trpc.tokens.list.useQuery();
  const create = trpc.tokens.create.useMutation();
  const revoke = trpc.tokens.revoke.useMutation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expires, setExpires] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [pendingRevoke, setPendingRevoke] = useState<TokenRow | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const values = { name, scope, expires_at: endOfDay(expires) };
    const parsed = apiTokenCreateSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(zodIssuesToFieldErrors(parsed.error));
      return;
    }
    setFieldErrors(null);
    try {
      const created = await create.mutateAsync(values);
      setNewKey(created.key);
      setCopied(false);
      setName('');
      setExpires('');
      setNotice(null);
      void utils.tokens.list.invalidate();
    } catch (error) {
      setFieldErrors(serverFieldErrors(error));
      setNotice({ tone: 'error', text: saveErrorMessage(error, T.createFailed) });
    }
  }

  async function confirmRevoke(token: TokenRow) {
    setPendingRevoke(null);
    try {
      await revoke.mutateAsync({ id: token.id });
      setNotice({ tone: 'success', text: T.revoked });
    } catch (error) {
      setNotice({ tone: 'error', text: saveErrorMessage(error, T.revokeFailed) });
    } finally {
      void utils.tokens.list.invalidate();
    }
  }

  async function copyKey() {
    if (!newKey) return;
    try {
      await navigator.clipboard.writeText(newKey);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the key stays selectable on screen.
    }
  }

  const error = (field: string) => firstFieldError(fieldErrors, field);
  const columns: DataTableColumn<TokenRow>[] = [
    { key: 'name', header: T.name, className: 'font-medium' },
    ...(user?.is_superuser ? [{ key: 'username', header: 'User' } satisfies DataTableColumn<TokenRow>] : []),
    // A key prefix may hold a hyphen (base64url): it is one identifier, never broken across lines.
    { key: 'key_prefix', header: 'Key', cell: (t) => <code className="text-xs whitespace-nowrap">{t.key_prefix}…</code> },
    { key: 'scope', header: T.scope, cell: (t) => (t.scope === 'read' ? T.scopeRead : T.scopeReadWrite) },
    { key: 'created_at', header: 'Created', cell: (t) => shortDate(t.created_at, '') },
    { key: 'last_used_at', header: 'Last used', cell: (t) => shortDate(t.last_used_at, T.never) },
    { key: 'expires_at', header: 'Expires', cell: (t) => shortDate(t.expires_at, T.noExpiry) },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => {
        const status = statusOf(t);
        return (
          <span
            className={cn(
              'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
              status === 'active'
                ? 'bg-emerald-100 text-emerald-800 ring-emerald-600/20'
                : 'bg-slate-100 text-slate-700 ring-slate-500/20',
            )}
          >
            {status === 'active' ? T.statusActive : status === 'revoked' ? T.statusRevoked : T.statusExpired}
          </span>
        );
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (t) =>
        statusOf(t) === 'active' ? (
          <Button
            size="sm"
            variant="danger"
            onClick={() => setPendingRevoke(t)}
            aria-label={`${T.revoke} ${t.name}`}
          >
            {T.revoke}
          </Button>
        ) : null,
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={T.title} description={T.description} />
      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <form
          noValidate
          aria-label={T.formTitle}
          onSubmit={(event) => void handleSubmit(event)}
          className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 className="text-lg font-semibold text-slate-900">{T.formTitle}</h2>
          <Field label={T.name} error={error('name')} required>
            {(control) => (
              <TextInput
                {...control}
                name="name"
                autoComplete="off"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-800">{T.scope}</legend>
            {(['read', 'read_write'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name="scope"
                  value={value}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                />
                {value === 'read' ? T.scopeRead : T.scopeReadWrite}
              </label>
            ))}
          </fieldset>
          <Field label={T.expires} hint={T.expiresHint} error={error('expires_at')}>
            {(control) => (
              <TextInput
                {...control}
                name="expires_at"
                type="date"
                value={expires}
                onChange={(e) => setExpires(e.target.value)}
              />
            )}
          </Field>
          <div className="flex justify-end border-t border-slate-100 pt-4">
            <Button
              ref={createRef}
              type="submit"
              variant="primary"
              busy={create.isPending}
              busyLabel={T.creating}
            >
              {T.create}
            </Button>
          </div>
        </form>
        <div className="lg:col-span-2">
          {tokens.isError ? (
            <FetchError
              message={T.fetchFailed}
              onRetry={() => void tokens.refetch()}
              retrying={tokens.isFetching}
            />
          ) : (
            <DataTable
              caption={T.tableCaption}
              captionHidden
              columns={columns}
              rows={tokens.data ?? []}
              rowKey={(t) => t.id}
              loading={tokens.isPending}
              emptyText={T.empty}
            />
          )}
        </div>
      </div>

      <Modal
        open={newKey !== null}
        onClose={() => setNewKey(null)}
        title={T.keyTitle}
        description={T.keyOnce}
        returnFocusRef={createRef}
        actions={
          <>
            <Button onClick={() => void copyKey()}>{copied ? T.copied : T.copy}</Button>
            <Button variant="primary" onClick={() => setNewKey(null)}>
              {T.done}
            </Button>
          </>
        }
      >
        <Field label={T.keyLabel}>
          {(control) => (
            <TextInput
              {...control}
              readOnly
              value={newKey ?? ''}
              onFocus={(e) => e.target.select()}
              className="font-mono text-xs"
            />
          )}
        </Field>
      </Modal>

      <Modal
        open={pendingRevoke !== null}
        onClose={() => setPendingRevoke(null)}
        title={T.confirmRevokeTitle}
        size="sm"
        initialFocusRef={cancelRef}
        actions={
          <>
            <Button ref={cancelRef} onClick={() => setPendingRevoke(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={revoke.isPending}
              busyLabel={T.revoking}
              onClick={() => pendingRevoke && void confirmRevoke(pendingRevoke)}
            >
              {T.revoke}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">{pendingRevoke ? T.confirmRevoke(pendingRevoke.name) : null}</p>
      </Modal>
    </section>
  );
}
