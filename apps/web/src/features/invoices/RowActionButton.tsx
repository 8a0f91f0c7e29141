import type { ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';

/** The pictures of the invoice row's actions: 24-unit strokes, drawn in the current colour. */
const ICON_PATHS = {
  payment: 'M12 3v18M16.5 7H10a3 3 0 0 0 0 6h4a3 3 0 0 1 0 6H7',
  edit: 'M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4',
  print: 'M7 9V3h10v6M7 18H5a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M7 14h10v7H7z',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  email: 'M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM3 7l9 6 9-6',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
} as const;

export type RowActionIcon = keyof typeof ICON_PATHS;

export interface RowActionButtonProps {
  icon: RowActionIcon;
  /** The action's name (the spec's button text): read by screen readers and shown as a tooltip. */
  label: string;
  busy?: boolean;
  /** Read instead of the label while busy ('Printing…'). */
  busyLabel?: string;
  disabled?: boolean;
  danger?: boolean;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A compact, icon-only action of a table row (decision 140): six of them fit one line of the
 * invoices list at 1280 px. The name stays the spec's text, as the button's own (visually hidden)
 * text, so screen readers and tests find 'Print' or 'Delete' as before; a tooltip shows it on
 * hover and on keyboard focus.
 */
export function RowActionButton({
  icon,
  label,
  busy = false,
  busyLabel,
  disabled = false,
  danger = false,
  onClick,
  ref,
}: RowActionButtonProps) {
  const name: ReactNode = busy && busyLabel ? busyLabel : label;
  return (
    // The tooltip is plain CSS (shown on hover and keyboard focus), hidden from screen readers,
    // which read the button's own text: a popper per button would be 150 of them in a long list.
    <span className="group relative inline-flex">
      <button
        ref={ref}
        type="button"
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        onClick={onClick}
        className={cn(
          'inline-flex size-7 shrink-0 items-center justify-center rounded-md shadow-sm ring-1 ring-inset transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-not-allowed disabled:opacity-50',
          danger
            ? 'bg-white text-red-700 ring-red-300 hover:bg-red-50'
            : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
        )}
      >
        {busy ? (
          <span
            aria-hidden="true"
            className="size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent"
          />
        ) : (
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={ICON_PATHS[icon]} />
          </svg>
        )}
        <span className="sr-only">{name}</span>
      </button>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute right-0 bottom-full z-20 mb-1 hidden rounded bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow group-focus-within:block group-hover:block"
      >
        {label}
      </span>
    </span>
  );
}
