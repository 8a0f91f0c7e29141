import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@icehouse/domain';
import { cn } from '../../lib/cn';

const CLASSES: Record<InvoiceStatus, string> = {
  unpaid: 'bg-slate-100 text-slate-800',
  partially_paid: 'bg-blue-100 text-blue-800',
  paid: 'bg-green-100 text-green-800',
  overdue: 'bg-red-100 text-red-800',
};

/** An invoice's payment status as a pill: the words say it (the colour only helps). */
export function PaymentStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-black/5 ring-inset',
        CLASSES[status],
        className,
      )}
    >
      {INVOICE_STATUS_LABELS[status]}
    </span>
  );
}
