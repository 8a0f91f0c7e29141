import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { checkAnswer } from './answerChecks';

type Listener = (event: MessageEvent) => void;

/**
 * A stand-in for the browser's EventSource (jsdom has none), so the live feed (lib/live.tsx) runs
 * through the real tRPC subscription link: `emit` delivers one server-sent `message` event, framed
 * the way the server's `live.changes` frames it (tracked: JSON data with an event id).
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  static open = new Set<FakeEventSource>();
  readyState = FakeEventSource.OPEN;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.open.add(this);
  }

  addEventListener(type: string, listener: Listener) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
    FakeEventSource.open.delete(this);
  }

  dispatch(type: string, data: string, lastEventId = '') {
    const event = new MessageEvent(type, { data, lastEventId });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

let sequence = 0;

/** Installs the stand-in as the global EventSource (vitest's unstubAllGlobals removes it). */
export function installFakeEventSource() {
  FakeEventSource.open.clear();
  vi.stubGlobal('EventSource', FakeEventSource);
}

/** The live feed's subscriptions now open (one per tab: lib/live.tsx). */
export function liveStreams(): FakeEventSource[] {
  return [...FakeEventSource.open].filter((source) => source.url.includes('live.changes'));
}

/** The server sends one live event (a change, or refetch) to every open live subscription. */
export async function emitLive(event: unknown) {
  checkAnswer('live.changes', event);
  sequence += 1;
  await act(async () => {
    for (const source of liveStreams()) source.dispatch('message', JSON.stringify(event), `test:${sequence}`);
    // The subscription link reads the event from a stream (promises only): let it through.
    for (let tick = 0; tick < 20; tick += 1) await Promise.resolve();
  });
}
