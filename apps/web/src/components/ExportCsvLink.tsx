import { cn } from '../lib/cn';

export interface ExportCsvLinkProps {
  /** The export's path, e.g. `/api/orders/export.csv`. */
  path: string;
  /** The list's current filters (blank values are left out). */
  params?: Record<string, string | number | boolean | null | undefined>;
  label?: string;
}

/**
 * "Export CSV": a plain link to a list's CSV download with its current filters. The browser
 * downloads it with the session cookie (a GET needs no CSRF token); the server streams it.
 */
export function ExportCsvLink({ path, params = {}, label = 'Export CSV' }: ExportCsvLinkProps) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '' && value !== false)
      query.set(key, String(value));
  }
  const href = query.size > 0 ? `${path}?${query.toString()}` : path;
  return (
    <a
      href={href}
      download
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold whitespace-nowrap',
        'bg-white text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600',
      )}
    >
      {label}
    </a>
  );
}
