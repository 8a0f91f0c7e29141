import { statusBadge, statusLabel } from '@icehouse/domain';
import { cn } from '../lib/cn';

export interface StatusBadgeProps {
  /** An order status value ('pending', 'scheduled_to_ship', or one only the server knows). */
  status: string;
  /** The text to show; defaults to the domain's label, else the value made readable ('on_hold' -> 'On Hold'). */
  label?: string;
  className?: string;
}

/**
 * An order status as a coloured pill. Colours come from the domain's STATUS_BADGE_COLORS (pending amber,
 * processed blue, scheduled_to_ship green, completed emerald, voided red, anything else grey); index.css
 * points Tailwind at the domain package so those class names are generated.
 */
export function StatusBadge({ status, label, className }: StatusBadgeProps) {
  const badge = statusBadge(status);
  return (
    <span
      data-color={badge.color}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-black/5 ring-inset',
        badge.className,
        className,
      )}
    >
      {label ?? statusLabel(status)}
    </span>
  );
}
