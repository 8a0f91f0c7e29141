import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LIMITS } from '@icehouse/domain';

/**
 * A search box whose value is committed (written to the URL) only once typing pauses for
 * `delayMs` (the orders and invoices specs: 400 ms). Returns what the box shows and its change handler.
 *
 * `committed` is the value that is in force (read back from the URL). When it changes from
 * outside (the back button, a link from the dashboard or an order) the box shows the new value and any
 * pending commit is dropped; when it changes because this hook committed, nothing the user typed
 * in the meantime is lost.
 */
export function useDebouncedText(
  committed: string,
  commit: (value: string) => void,
  delayMs: number = LIMITS.searchDebounceMs,
): [string, (value: string) => void] {
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastCommitted = useRef(committed);
  const commitRef = useRef(commit);
  useLayoutEffect(() => {
    commitRef.current = commit;
  });

  // Adjusting state while rendering (React's pattern for "reset when a prop changes"): show a
  // value that arrived from outside.
  if (committed !== seen) {
    setSeen(committed);
    if (committed.trim() !== text.trim()) setText(committed);
  }

  useEffect(() => {
    if (committed !== lastCommitted.current && timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    lastCommitted.current = committed;
  }, [committed]);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  function change(value: string) {
    setText(value);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      const next = value.trim();
      if (next === lastCommitted.current.trim()) return;
      lastCommitted.current = next;
      commitRef.current(next);
    }, delayMs);
  }

  return [text, change];
}
