import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { roleMay } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { inputClassName } from '../../components/Field';
import { formatDate, formatMoney } from '../../lib/format';
import { useAuth } from '../../lib/auth';
import { saveErrorMessage, serverFieldErrors } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { PurchaseOrderStatusBadge } from './PurchaseOrdersPage';
import { PURCHASING_TEXT as T } from './texts';

type PurchaseOrder = RouterOutputs['purchasing']['get'];
type Line = PurchaseOrder['lines'][number];

const firstOf = (v: unknown): string | null => (Array.isArray(v) && typeof v[0] === 'string' ? v[0] : null);

/** The receipt form: one whole-number box per line (a finger's size on the shop's tablet), no cost anywhere. */
function ReceiveForm({ po, onReceived }: { po: PurchaseOrder; onReceived: () => void }) {
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [confirm, setConfirm] = useState(false);
  const utils = trpc.useUtils();
  const receive = trpc.purchasing.receive.useMutation({
    onSuccess: () => {
      setQuantities({});
      setConfirm(false);
      onReceived();
      void utils.purchasing.invalidate();
    },
  });
  const errors = receive.error ? serverFieldErrors(receive.error) : null;
  const lineErrors = (Array.isArray(errors?.lines) ? errors.lines : []) as Record<string, unknown>[];
  const needsConfirm = !!errors?.confirm_over_receipt;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    receive.mutate({
      id: po.id,
      data: {
        lines: po.lines.map((l) => ({ line_id: l.id, quantity: quantities[l.id]?.trim() || 0 })),
        confirm_over_receipt: confirm,
      },
    });
  };
  return (
    <form onSubmit={submit} aria-label={T.receive} className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {po.lines.map((l, i) => {
          const error = firstOf(lineErrors[i]?.quantity);
          const id = `receive-${l.id}`;
          return (
            <li key={l.id} className="flex flex-wrap items-center gap-3 rounded border border-slate-200 bg-white p-3">
              <label htmlFor={id} className="min-w-48 flex-1 text-base">
                <span className="font-medium">{l.component_name}</span>{' '}
                <span className="text-slate-600">
                  ({T.ordered} {l.quantity}, {T.received.toLowerCase()} {l.received_quantity}, {T.outstanding.toLowerCase()} {l.outstanding})
                </span>
              </label>
              <input
                id={id}
                inputMode="numeric"
                aria-label={`${T.receiveNow}: ${l.component_name}`}
                aria-invalid={error ? true : undefined}
                className={inputClassName(!!error, 'min-h-11 w-24 text-right text-base')}
                value={quantities[l.id] ?? ''}
                placeholder="0"
                onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value }))}
              />
              {error && <p className="w-full text-sm font-medium text-red-700">{error}</p>}
            </li>
          );
        })}
      </ul>
      {needsConfirm && (
        <label className="flex min-h-11 items-center gap-2 text-base">
          <input type="checkbox" className="size-5" checked={confirm} onChange={(e) => setConfirm(e.target.checked)} />
          {T.confirmOver}
        </label>
      )}
      {receive.error && <Notice tone="error">{firstOf(errors?.confirm_over_receipt) ?? firstOf(errors?.lines) ?? saveErrorMessage(receive.error, 'Receiving failed.')}</Notice>}
      <div>
        <Button type="submit" size="md" className="min-h-11" busy={receive.isPending} busyLabel={T.receiving}>
          {T.receive}
        </Button>
      </div>
    </form>
  );
}

/** The purchasing roles' actions: email to the supplier, mark sent, cancel, delete a draft. */
function Actions({ po }: { po: PurchaseOrder }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const refresh = () => void utils.purchasing.invalidate();
  const send = trpc.purchasing.send.useMutation({ onSuccess: refresh });
  const markSent = trpc.purchasing.markSent.useMutation({ onSuccess: refresh });
  const cancel = trpc.purchasing.cancel.useMutation({ onSuccess: refresh });
  const remove = trpc.purchasing.delete.useMutation({ onSuccess: () => void navigate('/purchase-orders') });
  const failed = send.error ?? markSent.error ?? cancel.error ?? remove.error;
  const sentEmail = send.data?.email;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {po.status === 'draft' && (
          <>
            <Button busy={send.isPending} busyLabel={T.sending} onClick={() => send.mutate({ id: po.id, data: {} })}>
              {T.send}
            </Button>
            <Button variant="secondary" onClick={() => markSent.mutate({ id: po.id })}>
              {T.markSent}
            </Button>
            <Button variant="danger" onClick={() => remove.mutate({ id: po.id })}>
              {T.delete}
            </Button>
          </>
        )}
        {(po.status === 'sent' || po.status === 'partly_received') && (
          <Button variant="danger" onClick={() => window.confirm(T.cancelConfirm) && cancel.mutate({ id: po.id })}>
            {T.cancel}
          </Button>
        )}
      </div>
      {sentEmail && <Notice tone={sentEmail.status === 'not_sent' ? 'info' : 'success'}>{sentEmail.status === 'not_sent' ? T.notSent : T.sentOk(sentEmail.to.join(', '))}</Notice>}
      {failed && <Notice tone="error">{saveErrorMessage(failed, 'That did not work.')}</Notice>}
    </div>
  );
}

/** /purchase-orders/:id: the purchase order, its lines, and receiving (the shop sees no cost). */
export function PurchaseOrderPage() {
  const id = Number(useParams().id);
  const { user } = useAuth();
  const buys = !!user && roleMay(user.role, 'purchasing');
  const receives = !!user && roleMay(user.role, 'receiving');
  const query = trpc.purchasing.get.useQuery({ id }, { enabled: Number.isSafeInteger(id) && id > 0 });
  // Kept on the page: a receipt of everything outstanding closes the form with it.
  const [received, setReceived] = useState(false);
  const po = query.data;
  if (query.error) return <Notice tone="error">{saveErrorMessage(query.error, 'The purchase order could not be read.')}</Notice>;
  if (!po) return <p>{T.loading}</p>;
  const money = (l: Line) => 'unit_cost' in l && l.unit_cost !== undefined;
  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={`${T.number} ${po.number}`} description={po.supplier_name} />
      <Link to="/purchase-orders" className="text-sm text-sky-700 hover:underline">
        {T.back}
      </Link>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">{T.status}</dt>
          <dd>
            <PurchaseOrderStatusBadge status={po.status} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{T.expected}</dt>
          <dd>{formatDate(po.expected_date)}</dd>
        </div>
        {buys && 'total' in po && (
          <div>
            <dt className="text-slate-500">{T.total}</dt>
            <dd>{formatMoney(po.total)}</dd>
          </div>
        )}
        {po.notes && (
          <div className="col-span-2">
            <dt className="text-slate-500">{T.notes}</dt>
            <dd className="whitespace-pre-wrap">{po.notes}</dd>
          </div>
        )}
      </dl>
      {buys && <Actions po={po} />}
      <table className="w-full text-sm">
        <caption className="sr-only">{T.lines}</caption>
        <thead>
          <tr className="border-b text-left">
            <th className="py-2">{T.component}</th>
            <th>{T.partNumber}</th>
            <th className="text-right">{T.ordered}</th>
            <th className="text-right">{T.received}</th>
            <th className="text-right">{T.outstanding}</th>
            {buys && <th className="text-right">{T.unitCost}</th>}
            {buys && <th className="text-right">{T.amount}</th>}
          </tr>
        </thead>
        <tbody>
          {po.lines.map((l) => (
            <tr key={l.id} className="border-b">
              <td className="py-2">{l.component_name}</td>
              <td>{l.supplier_part_number}</td>
              <td className="text-right tabular-nums">{l.quantity}</td>
              <td className="text-right tabular-nums">{l.received_quantity}</td>
              <td className="text-right tabular-nums">{l.outstanding}</td>
              {buys && <td className="text-right tabular-nums">{money(l) ? formatMoney(l.unit_cost) : ''}</td>}
              {buys && <td className="text-right tabular-nums">{money(l) ? formatMoney(l.line_total) : ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {received && (
        <Notice tone="success" onDismiss={() => setReceived(false)}>
          {T.receivedOk}
        </Notice>
      )}
      {receives && (po.status === 'sent' || po.status === 'partly_received') && (
        <section className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">{T.receive}</h2>
          <ReceiveForm po={po} onReceived={() => setReceived(true)} />
        </section>
      )}
    </section>
  );
}
