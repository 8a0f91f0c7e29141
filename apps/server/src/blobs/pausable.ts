import type { Readable } from 'node:stream';
import type { BlobStore } from './store';

/**
 * A blob store that can be paused: while `pause(work)` runs, new calls wait, and `work` starts only once
 * the calls under way have finished (an `open` counts until its file is open). The embedded database's
 * backup needs it: PGlite dumps every file under its data folder, so a blob folder inside it is moved
 * aside for the seconds of the dump (set-aside.ts), and no upload or download may reach for it meanwhile.
 * One process holds an embedded database, so pausing this process's store pauses every user of the folder.
 */
export interface PausableBlobStore extends BlobStore {
  pause<T>(work: () => Promise<T>): Promise<T>;
}

export function pausableBlobs(store: BlobStore): PausableBlobStore {
  let active = 0;
  let paused: Promise<void> | null = null;
  let drained: (() => void) | null = null;

  const enter = async () => {
    while (paused) await paused;
    active += 1;
  };
  const leave = () => {
    active -= 1;
    if (active === 0) drained?.();
  };
  const held = async <T>(call: () => Promise<T>): Promise<T> => {
    await enter();
    try {
      return await call();
    } finally {
      leave();
    }
  };
  /** A file stream opens after it is handed out: the call counts until it has (or failed to). */
  const untilOpen = (stream: Readable) =>
    new Promise<void>((resolve) => {
      if ((stream as Readable & { pending?: boolean }).pending === false) return resolve();
      stream.once('open', () => resolve());
      stream.once('ready', () => resolve());
      stream.once('error', () => resolve());
      stream.once('close', () => resolve());
    });

  return {
    kind: store.kind,
    location: store.location,
    put: (source, checks) => held(() => store.put(source, checks)),
    has: (sha256) => held(() => store.has(sha256)),
    delete: (sha256) => held(() => store.delete(sha256)),
    open: (sha256) =>
      held(async () => {
        const opened = await store.open(sha256);
        if (store.kind === 'folder') await untilOpen(opened.stream);
        return opened;
      }),
    async pause(work) {
      while (paused) await paused;
      let resume!: () => void;
      paused = new Promise<void>((resolve) => (resume = resolve));
      try {
        if (active > 0) await new Promise<void>((resolve) => (drained = resolve));
        drained = null;
        return await work();
      } finally {
        paused = null;
        resume();
      }
    },
  };
}
