import { cn } from '../lib/cn';

export interface LogoProps {
  className?: string;
}

/** The app's mark: a small ice house (a gabled roof over a block of ice). Decorative: pair it with text. */
export function Logo({ className }: LogoProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 32 32"
      className={cn('size-8 shrink-0', className)}
    >
      <rect width="32" height="32" rx="7" className="fill-sky-700" />
      <path
        d="M6 15 16 7l10 8"
        fill="none"
        stroke="white"
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <rect x="9.5" y="15" width="13" height="10" rx="1.5" className="fill-sky-100" />
      <path d="M16 15v10M9.5 20h13" className="stroke-sky-400" strokeWidth="1.25" />
    </svg>
  );
}
