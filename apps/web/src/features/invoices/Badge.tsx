import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type BadgeColor = 'amber' | 'blue' | 'grey';

const COLOR_CLASSES: Record<BadgeColor, string> = {
  amber: 'bg-amber-100 text-amber-800',
  blue: 'bg-blue-100 text-blue-800',
  grey: 'bg-slate-100 text-slate-700',
};

/** A small pill: 'Edited' (amber), 'Combined (n)' (blue), 'Single' (grey). */
export function Badge({
  color,
  children,
  title,
}: {
  color: BadgeColor;
  children: ReactNode;
  title?: string;
}) {
  return (
    <span
      data-color={color}
      title={title}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-black/5 ring-inset',
        COLOR_CLASSES[color],
      )}
    >
      {children}
    </span>
  );
}
