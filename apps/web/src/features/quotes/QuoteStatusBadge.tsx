import type { QuoteStatus } from '@icehouse/domain';
import { QUOTE_STATUS_TONES, QUOTE_TEXT } from './texts';

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${QUOTE_STATUS_TONES[status] ?? ''}`}>
      {QUOTE_TEXT.statusLabels[status]}
    </span>
  );
}
