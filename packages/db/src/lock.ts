import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * Exclusive lock on an embedded (PGlite) data folder.
 *
 * PGlite has no lock of its own: a second process opening the same folder
 * silently loses writes. So the app takes `<dataDir>/.icehouse.lock`, created
 * atomically (open flag 'wx'), holding the owner's PID, start time and a nonce.
 * A lock whose PID is no longer alive (or, on Linux, whose PID now belongs to
 * a process started at another time) is stale and is taken over.
 */

export const LOCK_FILE_NAME = '.icehouse.lock';

export interface LockInfo {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Linux only: the process start time in clock ticks since boot (/proc/<pid>/stat field 22). */
  procStartTicks?: string;
  nonce: string;
}

export interface DataDirLock {
  /** Absolute path of the lock file. */
  readonly path: string;
  readonly info: LockInfo;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `Data folder ${dataDir} is in use by process ${holder.pid}` +
        (holder.startedAt ? ` (started ${holder.startedAt})` : '') +
        `. Stop that process (or use another DATA_DIR) and try again. ` +
        `The embedded database can be opened by one process at a time; use PostgreSQL (DATABASE_URL) to run several.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Lock files held by this process (absolute paths), to refuse a second opener inside one process too. */
const heldByThisProcess = new Set<string>();

function procStartTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may contain spaces: split after the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19]; // field 22 overall (fields[0] is field 3)
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockInfo>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return undefined;
    return {
      pid: parsed.pid,
      hostname: String(parsed.hostname ?? ''),
      startedAt: String(parsed.startedAt ?? ''),
      procStartTicks: parsed.procStartTicks === undefined ? undefined : String(parsed.procStartTicks),
      nonce: String(parsed.nonce ?? ''),
    };
  } catch {
    return undefined;
  }
}

/** True when the recorded holder is still running. */
function holderIsLive(file: string, info: LockInfo): boolean {
  if (info.pid === process.pid) {
    // Our own PID: live only if this very process holds it (a container restart reuses PIDs).
    return heldByThisProcess.has(file);
  }
  if (info.hostname && info.hostname !== hostname()) {
    // Held from another machine sharing the folder: we cannot check, so assume live.
    return true;
  }
  if (!isAlive(info.pid)) return false;
  if (info.procStartTicks) {
    const now = procStartTicks(info.pid);
    if (now !== undefined && now !== info.procStartTicks) return false; // PID reused by another process
  }
  return true;
}

/**
 * Takes the lock on `dataDir` (created if missing), or throws DataDirLockedError
 * naming the holding PID. `displayDir` is the folder as the user wrote it, for
 * the message. The lock is released by `release()` and, as a last resort, when
 * this process exits normally.
 */
export function acquireDataDirLock(dataDir: string, displayDir: string = dataDir): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE_NAME);
  const info: LockInfo = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    procStartTicks: procStartTicks(process.pid),
    nonce: randomUUID(),
  };

  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw err;
      const holder = readLock(file);
      if (holder && holderIsLive(file, holder)) throw new DataDirLockedError(displayDir, holder);
      if (!holder) {
        // Unreadable: maybe being written right now by another opener. Give it a moment once.
        if (attempt === 0) {
          sleepSync(50);
          continue;
        }
      }
      // Stale: move it aside atomically (only one contender wins the rename), then retry 'wx'.
      const aside = `${file}.stale-${process.pid}-${attempt}`;
      try {
        renameSync(file, aside);
      } catch {
        continue; // another process moved it first
      }
      const moved = readLock(aside);
      if (holder && moved && moved.nonce !== holder.nonce) {
        // We moved a fresh lock another contender just took: put it back, then re-check.
        try {
          linkSync(aside, file);
        } catch {
          // someone else created one meanwhile; the next loop sees it
        }
      }
      try {
        unlinkSync(aside);
      } catch {
        // gone already
      }
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(info));
    } finally {
      closeSync(fd);
    }
    break;
  }
  heldByThisProcess.add(file);

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    heldByThisProcess.delete(file);
    const current = readLock(file);
    if (current && current.nonce === info.nonce) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', release);
  return { path: file, info, release };
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
