/** A test reader of the live subscription over a real socket: its status, events and end. */
export interface SseEvent {
  id: string | null;
  event: string | null;
  data: unknown;
}

/** `client`: anything holding the signed-in cookies (the in-process TestClient, the fault suite's HttpClient). */
export async function openLiveStream(
  baseUrl: string,
  client: { cookies: ReadonlyMap<string, string> },
  input?: { lastEventId?: string },
) {
  const controller = new AbortController();
  const query = input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
  const res = await fetch(`${baseUrl}/trpc/live.changes${query}`, {
    headers: {
      accept: 'text/event-stream',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  let ended = false;
  let endResolve: () => void = () => undefined;
  const endedPromise = new Promise<void>((resolve) => (endResolve = resolve));
  const push = (e: SseEvent) => {
    events.push(e);
    for (const w of [...waiters]) {
      if (!w.match(e)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(e);
    }
  };
  const reading = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let id: string | null = null;
          let event: string | null = null;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length === 0 && event === null) continue; // a comment (ping)
          const text = data.join('\n');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // kept as text
          }
          push({ id, event, data: parsed });
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      endResolve();
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    /** The next (or an already received) event matching. */
    next(match: (e: SseEvent) => boolean): Promise<SseEvent> {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    get ended() {
      return ended;
    },
    /** Resolves when the server ends the stream. */
    end: endedPromise,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

/** A change event of the live feed for this entity and id (and action, if given). */
export const isChange = (entity: string, id: number, action?: string) => (e: SseEvent) => {
  const data = e.data as { type?: string; change?: { entity: string; id: number; action: string } } | null;
  return (
    data?.type === 'change' &&
    data.change!.entity === entity &&
    data.change!.id === id &&
    (!action || data.change!.action === action)
  );
};

/** The first event of a new subscription: every change from now on reaches the stream. */
export const isListening = (e: SseEvent) => (e.data as { type?: string } | null)?.type === 'listening';
