import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { RETRY_TEXT } from './texts';

export interface FetchErrorProps {
  /** The spec's message ('Failed to fetch components'...). */
  message: string;
  onRetry: () => void;
  retrying: boolean;
}

/** A list that could not be fetched: says so, and offers to try again. */
export function FetchError({ message, onRetry, retrying }: FetchErrorProps) {
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
