import { useState } from 'react';

/**
 * Calls `adopt` (which sets the form's state from a loaded record) when `key` first appears or
 * changes, during render rather than in an effect: React then renders again before painting, so the
 * form is never shown editable with the values it had before the record arrived. With an effect,
 * typing into that one frame was lost or mixed into the record's values.
 */
export function useAdoptLoaded(key: string | null, adopt: () => void): void {
  const [adopted, setAdopted] = useState<string | null>(null);
  if (key !== null && key !== adopted) {
    setAdopted(key);
    adopt();
  }
}
