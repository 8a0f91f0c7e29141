import { useCallback, useState } from 'react';
import { useHttpClient } from '../../lib/httpContext';
import type { FileKind, OrderView, StoredFile } from './types';
import { storedFileOf, uploadOrderFile } from './upload';

export const FILE_KINDS: readonly FileKind[] = ['blueprint', 'door_placement'];
const NO_HELD: Record<FileKind, File | null> = { blueprint: null, door_placement: null };

function storedFiles(order: OrderView | null): Record<FileKind, StoredFile | null> {
  const source = (order ?? {}) as Record<string, unknown>;
  return {
    blueprint: storedFileOf(source, 'blueprint'),
    door_placement: storedFileOf(source, 'door_placement'),
  };
}

/**
 * The order's blueprint and door drawing: the stored ones, and the ones a new order holds until
 * its first save uploads them (spec §4).
 */
export function useHeldFiles(initialOrder: OrderView | null) {
  const httpClient = useHttpClient();
  const [files, setFiles] = useState(() => storedFiles(initialOrder));
  const [held, setHeld] = useState<Record<FileKind, File | null>>(NO_HELD);

  const hasHeld = FILE_KINDS.some((kind) => held[kind] !== null);

  /** The stored files of a fresh copy of the order. */
  const showStored = useCallback((order: OrderView) => setFiles(storedFiles(order)), []);

  const setStored = useCallback(
    (kind: FileKind, file: StoredFile | null) => setFiles((current) => ({ ...current, [kind]: file })),
    [],
  );
  const setHeldFile = useCallback(
    (kind: FileKind, file: File | null) => setHeld((current) => ({ ...current, [kind]: file })),
    [],
  );

  async function uploadHeld(orderId: number) {
    for (const kind of FILE_KINDS) {
      const file = held[kind];
      if (!file) continue;
      try {
        const stored = await uploadOrderFile({ orderId, kind, file, httpClient });
        setStored(kind, stored);
      } catch (error) {
        // Spec §4: after a save, a failed upload of the held PDFs is only logged.
        console.error(`Uploading the held ${kind} failed`, error);
      }
    }
    setHeld(NO_HELD);
  }

  return { files, held, hasHeld, showStored, setStored, setHeldFile, uploadHeld };
}

export type HeldFiles = ReturnType<typeof useHeldFiles>;
