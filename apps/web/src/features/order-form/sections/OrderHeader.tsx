import { useMemo, type MouseEvent } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ORDER_STATUSES, statusLabel, statusOptionDisabledReason } from '@icehouse/domain';
import { formatDate } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { SelectControl } from '../fields/controls';
import type { OrderLookups } from '../lookups';
import type { Option, OrderFormValues, OrderView } from '../types';
import { useCan } from '../../../lib/access';

export interface OrderHeaderProps {
  order: OrderView | null;
  lookups: OrderLookups;
  /** Leaves the form for another screen (asks first when there are unsaved changes). */
  onNavigate: (path: string) => void;
}

/** /invoices?search={customer name}, or /invoices when the order has no name yet (spec §2). */
export function invoicesListPath(customerName: string | null | undefined): string {
  const name = (customerName ?? '').trim();
  return name ? `/invoices?search=${encodeURIComponent(name)}` : '/invoices';
}

function DocumentBadge({ label, generated, detail }: { label: string; generated: boolean; detail?: string }) {
  return (
    <span
      data-generated={generated}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
        generated
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
          : 'bg-slate-50 text-slate-600 ring-slate-200',
      )}
    >
      <span aria-hidden="true">{generated ? '✓' : '○'}</span>
      {label}: {generated ? 'Generated' : 'Not generated'}
      {detail ? ` ${detail}` : ''}
    </span>
  );
}

/** The form's header: the Status selector and the Bill of Lading and Invoice badges. */
export function OrderHeader({ order, lookups, onNavigate }: OrderHeaderProps) {
  const { control, setValue, trigger } = useFormContext<OrderFormValues>();
  const { isSubmitted } = useFormState({ control });
  const hasInvoice = useWatch({ control, name: 'has_invoice' });
  const hasBol = useWatch({ control, name: 'has_bol' });

  const statusOptions = useMemo<Option<string>[]>(() => {
    const choices =
      lookups.statuses.length > 0
        ? lookups.statuses
        : ORDER_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
    return choices.map((choice) => {
      const reason = statusOptionDisabledReason(choice.value, { has_invoice: hasInvoice });
      return {
        value: choice.value,
        label: choice.label,
        isDisabled: reason !== null,
        disabledReason: reason,
      };
    });
  }, [lookups.statuses, hasInvoice]);

  const bol = order?.bill_of_lading_details ?? null;
  const invoice = order?.invoice_details ?? null;
  const invoicesPath = invoicesListPath(order?.customer_name);
  // The invoices are the books': for other roles the badge says whether there is one, without a way in.
  const books = useCan('books');
  const invoiceBadge = (
    <DocumentBadge
      label="Invoice"
      generated={hasInvoice}
      detail={invoice ? `#${invoice.invoice_number} on ${formatDate(invoice.date)}` : undefined}
    />
  );

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end sm:justify-between">
      <SelectControl<string>
        name="status"
        label="Status"
        required
        options={statusOptions}
        isClearable={false}
        className="w-full sm:max-w-xs"
        onSelect={(value) => {
          setValue('status', value ?? 'pending', { shouldDirty: true });
          // What a status requires is judged again once the user has tried to save.
          if (isSubmitted) void trigger(['status', 'eps_po_number', 'ship_date', 'ship_via']);
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <DocumentBadge
          label="Bill of Lading"
          generated={hasBol}
          detail={bol ? `#${bol.bill_of_lading_number} on ${formatDate(bol.date)}` : undefined}
        />
        {books ? (
          <a
            href={invoicesPath}
            title="Open the invoices"
            className="rounded-full focus-visible:outline-2 focus-visible:outline-sky-600"
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              event.preventDefault();
              onNavigate(invoicesPath);
            }}
          >
            {invoiceBadge}
          </a>
        ) : (
          invoiceBadge
        )}
      </div>
    </div>
  );
}
