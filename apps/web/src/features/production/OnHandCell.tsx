import { useState } from 'react';
import { MATERIALS_MESSAGES } from '@icehouse/domain';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PRODUCTION_TEXT as T } from './texts';

const WHOLE = /^\d+$/;

/**
 * The Components screen's "On hand" cell: a number input saved on blur or Enter (superusers edit the
 * Components screen). The materials list's "to buy" follows it. Errors show under the input.
 */
export function OnHandCell({ componentId, name }: { componentId: number; name: string }) {
  const utils = trpc.useUtils();
  const list = trpc.production.onHand.useQuery();
  const saved = list.data?.find((r) => r.component_id === componentId)?.on_hand ?? 0;
  // What the user typed, until it is saved; otherwise the input shows the saved figure. Derived, not
  // copied in by an effect: an effect ran after the first enabled paint, so typing into that frame
  // was appended to the figure that arrived ("10" became "410").
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(saved);
  const [error, setError] = useState<string | null>(null);
  const save = trpc.production.setOnHand.useMutation();

  async function commit() {
    const typed = value;
    const text = typed.trim();
    if (text === String(saved)) {
      setDraft(null);
      return setError(null);
    }
    if (!WHOLE.test(text)) return setError(MATERIALS_MESSAGES.onHandInvalid);
    try {
      await save.mutateAsync({ id: componentId, on_hand: Number(text) });
      setError(null);
      await Promise.all([utils.production.onHand.invalidate(), utils.production.materials.invalidate()]);
      // Back to the saved figure, unless the user has typed again meanwhile.
      setDraft((current) => (current === typed ? null : current));
    } catch (e) {
      const field = serverFieldErrors(e)?.on_hand;
      setError((Array.isArray(field) && typeof field[0] === 'string' ? field[0] : null) ?? serverMessage(e) ?? T.onHandSaveError);
    }
  }

  const id = `on-hand-${componentId}`;
  return (
    <div className="flex flex-col items-end gap-0.5">
      <input
        id={id}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        aria-label={T.onHandOf(name)}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        disabled={list.isPending || save.isPending}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void commit();
          }
        }}
        className="w-24 rounded-md border border-slate-300 px-2 py-1 text-right tabular-nums focus-visible:outline-2 focus-visible:outline-sky-600 aria-[invalid=true]:border-red-500"
      />
      {error && (
        <span id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}
