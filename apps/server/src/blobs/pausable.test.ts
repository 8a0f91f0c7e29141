import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFolderBlobStore } from './folder-store';
import { pausableBlobs } from './pausable';

/** The blob store held while an embedded backup moves its folder aside (decision 255), on a real folder. */
describe('a pausable blob store', () => {
  it('holds calls made during the pause until it ends, and starts the pause only after the calls under way', async () => {
    const store = pausableBlobs(await createFolderBlobStore(mkdtempSync(path.join(tmpdir(), 'icehouse-pause-'))));
    const events: string[] = [];
    // An upload under way: its source yields a chunk, then waits before its last.
    let finishUpload!: () => void;
    const uploadGate = new Promise<void>((resolve) => (finishUpload = resolve));
    const upload = store.put(
      (async function* () {
        yield Buffer.from('first half ');
        await uploadGate;
        yield Buffer.from('second half');
      })(),
    ).then((r) => {
      events.push('upload done');
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let endPause!: () => void;
    const pause = store.pause(async () => {
      events.push('pause started');
      await new Promise<void>((resolve) => (endPause = resolve));
      events.push('pause ended');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
    finishUpload();
    const { sha256 } = await upload;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([...events].sort()).toEqual(['pause started', 'upload done']);
    const reading = store.open(sha256).then(() => events.push('opened'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).not.toContain('opened');
    endPause();
    await pause;
    await reading;
    expect(events.slice(-2)).toEqual(['pause ended', 'opened']);
  });
});
