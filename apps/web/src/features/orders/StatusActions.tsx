import { useId } from 'react';
import { advanceButtonLabel, cannotProgressReason } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { cn } from '../../lib/cn';
import { serverErrorDetail, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useCan } from '../../lib/access';
import { Tooltip } from './Tooltip';
import { ORDERS_TEXT } from './texts';
import type { OrderListRow } from './types';

/** What a refused or failed status change says: the server's reason, else the spec's fallback. */
export function statusChangeErrorMessage(error: unknown): string {
  return serverErrorDetail(error, 'error') ?? serverMessage(error) ?? ORDERS_TEXT.statusUpdateFailed;
}

function RequirementBadge({
  short,
  description,
  present,
}: {
  short: string;
  description: string;
  present: boolean;
}) {
  return (
    <span
      title={description}
      data-present={present}
      className={cn(
        'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-[11px] font-semibold tracking-wide ring-1 ring-inset',
        present
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/30'
          : 'bg-slate-50 text-slate-600 ring-slate-300',
      )}
    >
      <span aria-hidden="true">{present ? '✓' : '–'}</span>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{description}</span>
    </span>
  );
}

/**
 * The Status Actions cell of an order row (orders spec §2, §4): BOL and INV badges (whether a bill
 * of lading and an invoice exist) and the advance button. 'Move to {Next Status}' sends the
 * server's next_possible_status when can_change_status; otherwise a disabled 'Cannot Progress'
 * explains what is missing on hover and focus. A failed move turns the button into Retry with the
 * error under it. Completed and voided orders have no advance button.
 */
export function StatusActions({ order }: { order: OrderListRow }) {
  const utils = trpc.useUtils();
  const reasonId = useId();
  const errorId = useId();
  const change = trpc.orders.changeStatus.useMutation({
    // The button stays busy until the list shows the new status, so it cannot be pressed twice.
    onSuccess: () => utils.orders.invalidate(),
  });
  // Moving an order is sales' and the shop's (orders.changeStatus); the others see the badges only.
  const mayMove = useCan(['sales', 'production']);
  const next = mayMove ? order.next_possible_status : null;

  function advance() {
    if (!next || change.isPending) return;
    change.mutate({ id: order.id, new_status: next });
  }

  let button = null;
  if (next && change.isError) {
    const message = statusChangeErrorMessage(change.error);
    button = (
      <div className="flex flex-col items-end gap-1">
        <Button size="sm" onClick={advance} aria-describedby={errorId}>
          {ORDERS_TEXT.retry}
        </Button>
        <p id={errorId} role="alert" className="max-w-56 text-right text-xs font-medium text-red-700">
          {message}
        </p>
      </div>
    );
  } else if (next && order.can_change_status) {
    button = (
      <Button
        size="sm"
        variant="primary"
        // Between the phone's cards and a wide table (768 to 1023 px) "Move to Scheduled to Ship" may take two
        // lines: on one it alone would push Status Actions out of the tablet's view.
        className="max-lg:whitespace-normal max-lg:text-right"
        onClick={advance}
        busy={change.isPending}
        busyLabel={ORDERS_TEXT.updatingStatus}
      >
        {advanceButtonLabel(next)}
      </Button>
    );
  } else if (next) {
    const reason = cannotProgressReason(order.missing_requirements);
    // aria-disabled rather than disabled: it stays focusable, so the reason shows on focus too.
    button = (
      <>
        <Tooltip content={reason}>
          <Button
            size="sm"
            aria-disabled="true"
            aria-describedby={reasonId}
            className="cursor-not-allowed aria-disabled:bg-slate-50 aria-disabled:text-slate-400 aria-disabled:shadow-none aria-disabled:hover:bg-slate-50"
          >
            {ORDERS_TEXT.cannotProgress}
          </Button>
        </Tooltip>
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      </>
    );
  }

  return (
    <div className="flex flex-wrap items-start justify-end gap-2">
      <div className="flex items-center gap-1 pt-1">
        <RequirementBadge
          short={ORDERS_TEXT.bol}
          description={ORDERS_TEXT.bolState(order.has_bol)}
          present={order.has_bol}
        />
        <RequirementBadge
          short={ORDERS_TEXT.inv}
          description={ORDERS_TEXT.invState(order.has_invoice, order.invoice_details?.invoice_number)}
          present={order.has_invoice}
        />
      </div>
      {button}
    </div>
  );
}
