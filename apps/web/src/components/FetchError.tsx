import { Button } from './Button';
import { Notice } from './Notice';

/** The retry button's words on every screen (ours: the spec gives only the failure messages). */
export const RETRY_TEXT = { label: 'Try again', busy: 'Retrying...' } as const;

export interface FetchErrorProps {
  /** The spec's message ('Failed to fetch components', 'Error fetching users'...). */
  message: string;
  onRetry: () => void;
  /** True while the retry runs: the button is busy and says 'Retrying...'. */
  retrying?: boolean;
}

/** Something that could not be fetched: says so, and offers to try again. */
export function FetchError({ message, onRetry, retrying = false }: FetchErrorProps) {
  return (
    <Notice
      tone="error"
      action={
        <Button size="sm" onClick={onRetry} busy={retrying} busyLabel={RETRY_TEXT.busy}>
          {RETRY_TEXT.label}
        </Button>
      }
    >
      {message}
    </Notice>
  );
}
