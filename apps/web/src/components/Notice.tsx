import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type NoticeTone = 'success' | 'error' | 'info';

export interface NoticeProps {
  tone: NoticeTone;
  children: ReactNode;
  /** Shows a dismiss button when given. */
  onDismiss?: () => void;
  /** Extra controls after the text (e.g. a Retry button). */
  action?: ReactNode;
  className?: string;
}

const TONE_CLASSES: Record<NoticeTone, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
};

/**
 * A message about what just happened ('User created successfully', 'Error fetching users').
 * Errors are announced at once (role="alert"); success and info politely (role="status").
 */
export function Notice({ tone, children, onDismiss, action, className }: NoticeProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-md border px-4 py-3 text-sm',
        TONE_CLASSES[tone],
        className,
      )}
    >
      <div className="min-w-0 flex-1">{children}</div>
      {action}
      {onDismiss && (
        <button
          type="button"
          aria-label="Dismiss"
          onClick={onDismiss}
          className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </button>
      )}
    </div>
  );
}
