import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { FetchError } from '../../components/FetchError';
import { Field, TextInput } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { EVENT_TYPES, firstFieldError, type EventType, type FieldErrors } from '@icehouse/domain';
import { saveErrorMessage, serverFieldErrors } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { SecretDialog, type ShownSecret } from './SecretDialog';
import { WEBHOOK_TEXT as T } from './texts';

type Endpoint = RouterOutputs['webhooks']['list'][number];
type Delivery = RouterOutputs['webhooks']['deliveries'][number];

/** The events an endpoint may ask for: the domain's list, the one the server sends and accepts. */
const EVENTS = EVENT_TYPES;

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', {
        month: '2-digit',
        day: '2-digit',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
      })
    : '';

/** Webhooks (superusers): register endpoints, see each one's delivery log, redeliver and send a test event. */
export function WebhooksPage() {
  const utils = trpc.useUtils();
  const endpoints = trpc.webhooks.list.useQuery();
  const create = trpc.webhooks.create.useMutation();
  const update = trpc.webhooks.update.useMutation();
  const remove = trpc.webhooks.delete.useMutation();
  const test = trpc.webhooks.test.useMutation();
  const redeliver = trpc.webhooks.redeliver.useMutation();
  const reveal = trpc.webhooks.revealSecret.useMutation();
  const rotate = trpc.webhooks.rotateSecret.useMutation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['order.created', 'order.updated']);
  const [active, setActive] = useState(true);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [shownSecret, setShownSecret] = useState<ShownSecret | null>(null);
  const [pendingRotate, setPendingRotate] = useState<Endpoint | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);
  const log = trpc.webhooks.deliveries.useQuery(
    { id: logOf ?? 0 },
    { enabled: logOf !== null, refetchInterval: 5000 },
  );

  const refresh = () => void utils.webhooks.invalidate();
  async function act(run: () => Promise<unknown>, done?: string) {
    try {
      await run();
      if (done) setNotice({ tone: 'success', text: done });
    } catch (error) {
      setNotice({ tone: 'error', text: saveErrorMessage(error, T.actionFailed) });
    } finally {
      refresh();
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    try {
      const created = await create.mutateAsync({ url, events: events as EventType[], active });
      setFieldErrors(null);
      setUrl('');
      setShownSecret({ url: created.url, secret: created.secret, note: null });
      setNotice({ tone: 'success', text: T.created });
      refresh();
    } catch (error) {
      setFieldErrors(serverFieldErrors(error));
      setNotice({ tone: 'error', text: saveErrorMessage(error, T.createFailed) });
    }
  }

  const columns: DataTableColumn<Endpoint>[] = [
    // Room for an address and a secret (decision 140): they wrapped one character per line when
    // the four action buttons took the width.
    { key: 'url', header: T.url, className: 'min-w-56 font-medium break-all' },
    { key: 'events', header: T.events, cell: (e) => e.events.join(', ') },
    { key: 'active', header: T.active, cell: (e) => (e.active ? 'Yes' : 'No') },
    {
      key: 'secret',
      header: T.secret,
      className: 'min-w-72',
      cell: (e) => (
        <span className="flex flex-col items-start gap-1">
          <span className="flex flex-wrap gap-1">
            <Button
              size="sm"
              onClick={() =>
                void act(async () => {
                  const { secret } = await reveal.mutateAsync({ id: e.id });
                  setShownSecret({ url: e.url, secret, note: null });
                })
              }
              aria-label={`${T.revealSecret} ${e.url}`}
            >
              {T.revealSecret}
            </Button>
            <Button size="sm" onClick={() => setPendingRotate(e)} aria-label={`${T.rotateSecret} ${e.url}`}>
              {T.rotateSecret}
            </Button>
          </span>
          {e.previous_secret_expires_at && (
            <span className="text-xs text-slate-600">
              {T.previousUntil(when(e.previous_secret_expires_at))}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (e) => (
        <span className="flex flex-wrap justify-end gap-1">
          <Button
            size="sm"
            onClick={() => setLogOf(logOf === e.id ? null : e.id)}
            aria-label={`${logOf === e.id ? T.hideDeliveries : T.deliveries} ${e.url}`}
          >
            {logOf === e.id ? T.hideDeliveries : T.deliveries}
          </Button>
          <Button
            size="sm"
            onClick={() => void act(() => test.mutateAsync({ id: e.id }), T.testSent)}
            aria-label={`${T.sendTest} ${e.url}`}
          >
            {T.sendTest}
          </Button>
          <Button
            size="sm"
            onClick={() => void act(() => update.mutateAsync({ id: e.id, data: { active: !e.active } }))}
            aria-label={`${e.active ? T.deactivate : T.activate} ${e.url}`}
          >
            {e.active ? T.deactivate : T.activate}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => void act(() => remove.mutateAsync({ id: e.id }))}
            aria-label={`${T.remove} ${e.url}`}
          >
            {T.remove}
          </Button>
        </span>
      ),
    },
  ];

  async function confirmRotate(endpoint: Endpoint) {
    await act(async () => {
      const rotated = await rotate.mutateAsync({ id: endpoint.id });
      setShownSecret({
        url: endpoint.url,
        secret: rotated.secret,
        note: T.secretRotated(when(rotated.previous_secret_expires_at)),
      });
    });
    setPendingRotate(null);
  }

  const deliveryColumns: DataTableColumn<Delivery>[] = [
    { key: 'type', header: 'Event', cell: (d) => `${d.type} (${d.webhook_id})` },
    { key: 'state', header: 'State' },
    {
      key: 'attempts',
      header: 'Attempts',
      align: 'right',
      cell: (d) =>
        d.attempt_log.length === 0 ? (
          String(d.attempts)
        ) : (
          <details>
            <summary>{d.attempts}</summary>
            <ol aria-label={T.attemptsOf(d.id)} className="text-left text-xs whitespace-nowrap">
              {d.attempt_log.map((a) => (
                <li key={a.attempt}>
                  {`#${a.attempt} ${when(a.at)}: ${a.status ?? '-'} (${a.duration_ms} ms) ${a.error ?? ''}`}
                </li>
              ))}
            </ol>
          </details>
        ),
    },
    {
      key: 'last_status',
      header: 'Status code',
      align: 'right',
      cell: (d) => (d.last_status === null ? '' : String(d.last_status)),
    },
    {
      key: 'last_duration_ms',
      header: 'Duration',
      align: 'right',
      cell: (d) => (d.last_duration_ms === null ? '' : `${d.last_duration_ms} ms`),
    },
    {
      key: 'last_response',
      header: 'Response',
      className: 'min-w-48',
      cell: (d) => <span className="break-all text-xs">{d.last_error ?? d.last_response ?? ''}</span>,
    },
    { key: 'last_attempt_at', header: 'Last attempt', cell: (d) => when(d.last_attempt_at) },
    {
      key: 'redeliver',
      header: 'Actions',
      align: 'right',
      cell: (d) => (
        <Button
          size="sm"
          onClick={() => void act(() => redeliver.mutateAsync({ id: d.id }), T.redelivered)}
          aria-label={`${T.redeliver} ${d.id}`}
        >
          {T.redeliver}
        </Button>
      ),
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
      <div className="grid items-start gap-6 2xl:grid-cols-3">
        <form
          noValidate
          aria-label={T.formTitle}
          onSubmit={(event) => void handleSubmit(event)}
          className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 className="text-lg font-semibold text-slate-900">{T.formTitle}</h2>
          <Field label={T.url} hint={T.urlHint} error={firstFieldError(fieldErrors, 'url')} required>
            {(control) => (
              <TextInput
                {...control}
                name="url"
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            )}
          </Field>
          {/* In columns while the form spans the page (below 1536 px), one under another beside the table. */}
          <fieldset className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-1">
            <legend className="text-sm font-medium text-slate-800">{T.events}</legend>
            {EVENTS.map((name) => (
              <Checkbox
                key={name}
                label={name}
                name="events"
                checked={events.includes(name)}
                onChange={(checked) =>
                  setEvents((current) => (checked ? [...current, name] : current.filter((e) => e !== name)))
                }
              />
            ))}
            {firstFieldError(fieldErrors, 'events') && (
              <p className="text-xs font-medium text-red-700">{firstFieldError(fieldErrors, 'events')}</p>
            )}
          </fieldset>
          <Checkbox label={T.active} name="active" checked={active} onChange={setActive} />
          <div className="flex justify-end border-t border-slate-100 pt-4">
            <Button type="submit" variant="primary" busy={create.isPending} busyLabel={T.creating}>
              {T.create}
            </Button>
          </div>
        </form>
        <div className="flex flex-col gap-4 2xl:col-span-2">
          {endpoints.isError ? (
            <FetchError
              message={T.fetchFailed}
              onRetry={() => void endpoints.refetch()}
              retrying={endpoints.isFetching}
            />
          ) : (
            <DataTable
              caption={T.tableCaption}
              captionHidden
              columns={columns}
              rows={endpoints.data ?? []}
              rowKey={(e) => e.id}
              loading={endpoints.isPending}
              emptyText={T.empty}
            />
          )}
          {logOf !== null && (
            <div>
              <h2 className="mb-2 text-lg font-semibold text-slate-900">{T.deliveries}</h2>
              <DataTable
                caption={T.deliveriesCaption}
                captionHidden
                columns={deliveryColumns}
                rows={log.data ?? []}
                rowKey={(d) => d.id}
                loading={log.isPending}
                emptyText={T.noDeliveries}
              />
            </div>
          )}
        </div>
      </div>
      <SecretDialog shown={shownSecret} onClose={() => setShownSecret(null)} />
      <ConfirmDialog
        open={pendingRotate !== null}
        title={T.confirmRotateTitle}
        confirmLabel={T.rotateSecret}
        busy={rotate.isPending}
        busyLabel={T.rotating}
        onConfirm={() => pendingRotate && void confirmRotate(pendingRotate)}
        onCancel={() => setPendingRotate(null)}
      >
        <p className="text-sm text-slate-700">{pendingRotate ? T.confirmRotate(pendingRotate.url) : null}</p>
      </ConfirmDialog>
    </section>
  );
}
