import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@icehouse/domain';
import { useAuth } from './auth';
import { LIVE_REFETCH } from './live-refetch';
import { trpc } from './trpc';

/**
 * Live updates: one subscription per tab to the server's change feed (`live.changes`,
 * server-sent events). Every change refetches the queries of its entity (lists, counts: LIVE_REFETCH in
 * live-refetch.ts) within a fraction of a second, keeping the screens' state (filters, scroll, selection
 * live in components, not in the data); open editors listen for their own record (useLiveChanges) and show who changed it.
 */
/** A change as the live subscription delivers it: the domain's schema, the same the server answers with. */
export type { LiveChange };

type Listener = (change: LiveChange) => void;

interface LiveContextValue {
  listen(listener: Listener): () => void;
  /** The signed-in user (their own changes need no banner). */
  userId: number | null;
}

const LiveContext = createContext<LiveContextValue | null>(null);

/** Changes arriving within this window are refetched together. */
const BATCH_MS = 150;
/** After the server ended the stream (it restarted, or moved us on), subscribe again after this. */
const RESUBSCRIBE_MS = 3000;

/** Browsers have EventSource; test environments (jsdom) do not, and then nothing is live. */
export const liveAvailable = () => typeof EventSource !== 'undefined';

export function LiveUpdates({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
  const [generation, setGeneration] = useState(0);
  const userId = user?.id ?? null;
  const value = useMemo<LiveContextValue>(
    () => ({
      listen(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      userId,
    }),
    [userId],
  );

  useEffect(() => {
    if (userId === null || !liveAvailable()) return;
    const pending = new Set<LiveChange['entity']>();
    let batch: ReturnType<typeof setTimeout> | null = null;
    let again: ReturnType<typeof setTimeout> | null = null;
    const refetch = (entity: LiveChange['entity']) => {
      // An entity this build does not know (a server deployed after it) refreshes everything.
      if (Object.hasOwn(LIVE_REFETCH, entity)) LIVE_REFETCH[entity](utils);
      else void queryClient.invalidateQueries();
    };
    const flush = () => {
      batch = null;
      for (const entity of pending) refetch(entity);
      pending.clear();
    };
    const subscription = utils.client.live.changes.subscribe(undefined, {
      onData: (envelope) => {
        const event = envelope.data;
        // The subscription is live; tRPC keeps the event's id for a reconnect to resume from.
        if (event.type === 'listening') return;
        if (event.type === 'refetch') {
          // Changes may have been missed (the server lost its database connection, or a reconnect
          // could not resume): everything on screen is read again.
          void queryClient.invalidateQueries();
          return;
        }
        const change: LiveChange = event.change;
        pending.add(change.entity);
        batch ??= setTimeout(flush, BATCH_MS);
        for (const listener of listeners.current) listener(change);
      },
      onError: (error) => console.warn('Live updates stopped', error),
      onComplete: () => {
        again = setTimeout(() => setGeneration((g) => g + 1), RESUBSCRIBE_MS);
      },
    });
    return () => {
      subscription.unsubscribe();
      if (batch) clearTimeout(batch);
      if (again) clearTimeout(again);
    };
  }, [userId, generation, utils, queryClient]);

  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** The signed-in user's id as the live feed knows it (null outside LiveUpdates). */
export function useLiveUserId(): number | null {
  return useContext(LiveContext)?.userId ?? null;
}

/** Calls `listener` with every change the feed brings (while mounted). */
export function useLiveChanges(listener: Listener) {
  const live = useContext(LiveContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => live?.listen((change) => latest.current(change)), [live]);
}

/** A random id of this browser tab, for presence. */
const TAB_ID =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;
export const PRESENCE_HEARTBEAT_MS = 5000;

/**
 * Presence on an open record: a heartbeat every 5 s keeps this tab listed; answers the other users
 * who have it open now (names). Leaving (unmount) says so at once; a closed tab drops out by itself.
 */
export function usePresence(entity: 'order' | 'invoice', id: number | null): string[] {
  const utils = trpc.useUtils();
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    if (id === null || !liveAvailable()) return;
    let stopped = false;
    const key = { tab_id: TAB_ID, entity, id };
    // The beat under way: leaving waits for it, else a beat answered after the leave would put this tab
    // back on the record until its presence expires (seen on a loaded machine: 20 s of a ghost viewer).
    let inFlight: Promise<void> = Promise.resolve();
    const beat = () => {
      inFlight = (async () => {
        try {
          const answer = await utils.client.live.presence.mutate(key);
          if (!stopped) setNames(answer.viewers.map((v) => v.username));
        } catch {
          // Presence is a courtesy: a failed beat changes nothing.
        }
      })();
    };
    beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      setNames([]);
      void inFlight.then(() => utils.client.live.leave.mutate(key)).catch(() => undefined);
    };
  }, [entity, id, utils]);
  return names;
}
