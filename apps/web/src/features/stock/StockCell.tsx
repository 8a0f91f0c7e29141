import { useState } from 'react';
import { Button } from '../../components/Button';
import { trpc } from '../../lib/trpc';
import { useCan } from '../../lib/access';
import { AdjustStockDialog } from './AdjustStockDialog';
import { StockHistoryDialog } from './StockHistoryDialog';
import { STOCK_TEXT as T } from './texts';

/**
 * The Components screen's stock cell: on hand (the stock ledger's sum, never typed), "Adjust stock" with a
 * reason for those who receive parts, and the component's history.
 */
export function StockCell({ componentId, name }: { componentId: number; name: string }) {
  const list = trpc.stock.list.useQuery();
  const mayAdjust = useCan('receiving');
  const [open, setOpen] = useState<'adjust' | 'history' | null>(null);
  const row = list.data?.find((r) => r.component_id === componentId);
  const onHand = row?.on_hand ?? 0;
  return (
    <div className="flex items-center justify-end gap-2">
      <span className="tabular-nums" aria-label={`On hand: ${name}`}>
        {list.isPending ? '…' : onHand}
      </span>
      {row && row.on_order > 0 && <span className="text-xs text-slate-500">(+{row.on_order} on order)</span>}
      {mayAdjust && (
        <Button size="xs" variant="secondary" aria-label={T.adjustOf(name)} onClick={() => setOpen('adjust')}>
          {T.adjust}
        </Button>
      )}
      <Button size="xs" variant="secondary" aria-label={T.historyOf(name)} onClick={() => setOpen('history')}>
        {T.history}
      </Button>
      {open === 'adjust' && <AdjustStockDialog componentId={componentId} name={name} onHand={onHand} onClose={() => setOpen(null)} />}
      {open === 'history' && <StockHistoryDialog componentId={componentId} name={name} onClose={() => setOpen(null)} />}
    </div>
  );
}
