import { Modal } from '../../components/Modal';
import { Button } from '../../components/Button';
import { trpc } from '../../lib/trpc';
import { useSeesMoney } from '../../lib/access';
import { STOCK_TEXT as T } from './texts';

/** A component's stock history, newest first: each movement with on hand after it, why, and who. */
export function StockHistoryDialog({ componentId, name, onClose }: { componentId: number; name: string; onClose: () => void }) {
  const history = trpc.stock.movements.useQuery({ id: componentId });
  const money = useSeesMoney();
  const rows = history.data?.movements ?? [];
  return (
    <Modal
      open
      onClose={onClose}
      title={T.historyOf(name)}
      size="lg"
      actions={
        <>
          <a className="text-sm text-sky-700 underline" href={`/api/stock/movements/csv/?component_id=${componentId}`}>
            {T.csv}
          </a>
          <Button variant="secondary" onClick={onClose}>
            {T.close}
          </Button>
        </>
      }
    >
      {history.isError && <p role="alert">{T.loadError}</p>}
      {history.isSuccess && rows.length === 0 && <p>{T.empty}</p>}
      {rows.length > 0 && (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th scope="col">{T.columns.date}</th>
              <th scope="col" className="text-right">
                {T.columns.quantity}
              </th>
              <th scope="col" className="text-right">
                {T.columns.after}
              </th>
              <th scope="col">{T.columns.source}</th>
              <th scope="col">{T.columns.detail}</th>
              <th scope="col">{T.columns.by}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id} className="border-t border-slate-200">
                <td>{new Date(m.created_at).toLocaleString()}</td>
                <td className="text-right tabular-nums">{m.quantity > 0 ? `+${m.quantity}` : m.quantity}</td>
                <td className="text-right tabular-nums">{m.on_hand_after}</td>
                <td>{m.source_label}</td>
                <td>
                  {[m.door_number && `Order ${m.door_number}`, m.purchase_order_number, m.reason, money && 'unit_cost' in m ? `@ ${m.unit_cost}` : null]
                    .filter(Boolean)
                    .join(' · ')}
                </td>
                <td>{m.user ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
