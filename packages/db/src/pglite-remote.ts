import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { paramOf, textTypesOf, toError, type ErrorData, type QueryOptions, type Results } from './pglite-wire';

export { DatabaseError, type QueryOptions, type Results } from './pglite-wire';

/**
 * The main thread's side of the embedded database (decision 215): PGlite runs on a worker thread
 * (pglite-worker.mjs) and this client sends it statements by message. It offers what drizzle's PGlite
 * driver calls on a PGlite instance (`query(sql, params, { rowMode, parsers })` and `transaction(cb)`,
 * whose callback gets an object with `query`) and what the app calls besides (`exec`, `listen`,
 * `dumpDataDir`, `close`), plus `ping`, answered between two statements rather than after the queue.
 */

/**
 * The transaction whose callback is running in this async context (its client and id). A statement sent outside
 * that transaction while it is open waits for it on the one connection: if the transaction awaits the
 * statement, neither ever ends. query(), exec() and transaction() refuse such a statement at once instead.
 */
const runningIn = new AsyncLocalStorage<{ client: PgliteWorkerClient; id: number }>();

/** The worker file, found through the package (the bundled server runs from apps/server/dist). */
function workerFile(): string {
  const here = fileURLToPath(new URL('./pglite-worker.mjs', import.meta.url));
  if (existsSync(here)) return here;
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@icehouse/db/package.json')), 'src', 'pglite-worker.mjs');
}

/**
 * PGlite's WebAssembly compiled once per process and handed to each thread. PGlite caches its compiled
 * module per thread, so without this every new thread (each test file's database) compiled the 9 MB
 * module again. Undefined when the file cannot be found: each thread then compiles its own.
 */
let compiledPglite: Promise<object | undefined> | null = null;
/** The WebAssembly global (the package's TypeScript libraries do not describe it as a value). */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } }).WebAssembly;
function compiledPgliteModule(): Promise<object | undefined> {
  compiledPglite ??= (async () => {
    try {
      const require = createRequire(import.meta.url);
      const entry = require.resolve('@electric-sql/pglite');
      return await wasm.compile(await readFile(path.join(path.dirname(entry), 'pglite.wasm')));
    } catch {
      return undefined;
    }
  })();
  return compiledPglite;
}

/** How long close() waits for the statements before it (see close()). */
const CLOSE_WAIT_MS = 30_000;

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

/** What a transaction's callback gets: statements that belong to that transaction. */
export interface RemoteTransaction {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  readonly closed: boolean;
}

/** The embedded database thread's memory (bytes): `external` mostly PGlite's WebAssembly memory (never shrinks). */
export interface EmbeddedMemory {
  external: number;
  heapUsed: number;
  heapTotal: number;
  arrayBuffers: number;
}

export interface StartOptions {
  /** Absolute data folder; undefined for an in-memory database. */
  dataDir?: string;
  /** A dump (dumpDataDir) to start from. */
  loadDataDir?: Blob;
  settings?: Readonly<Record<string, string>>; // PostgreSQL settings (default EMBEDDED_SETTINGS)
}

/**
 * PostgreSQL settings for a 1 GB machine (decision 257): a 32MB page cache (the default 128MB is resident from the
 * start), at most 64MB of WAL (the default 1GB made the folder, and a backup's in-memory dump, many times the data).
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '32MB', max_wal_size: '64MB', min_wal_size: '32MB' };

export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #subscriptions = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #nextTx = 1;
  /** The transactions begun and not yet committed or rolled back. */
  readonly #open = new Set<number>();
  #closed = false;
  /** close() was called: the thread keeps the process alive until it has ended. */
  #closing = false;
  /** The one close under way (close() is idempotent). */
  #closeDone: Promise<void> | null = null;
  #exited: Promise<void>;
  #failure: Error | null = null;
  #lastAnswerAt = 0;

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (message: { type: string; id: number; ok: boolean; value: unknown; error: ErrorData; subscription: number; payload: string; stat?: boolean }) => {
      if (message.type === 'notify') return this.#subscriptions.get(message.subscription)?.(message.payload);
      if (message.type !== 'reply') return;
      // A memory reading proves the thread's loop is free, not that the database answers: it does not count for ping().
      if (!message.stat) this.#lastAnswerAt = Date.now();
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      this.#refresh();
      if (message.ok) pending.resolve(message.value);
      else pending.reject(toError(message.error));
    });
    const lost = (error: Error) => {
      this.#failure ??= error;
      this.#closed = true;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      this.#refresh();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens PGlite there (with pg_trgm). */
  static async start(options: StartOptions = {}): Promise<PgliteWorkerClient> {
    const loadDataDir = options.loadDataDir
      ? { bytes: await options.loadDataDir.arrayBuffer(), type: options.loadDataDir.type }
      : undefined;
    const pgliteWasmModule = await compiledPgliteModule();
    const worker = new Worker(workerFile(), {
      workerData: { dataDir: options.dataDir, loadDataDir, pgliteWasmModule, settings: options.settings ?? EMBEDDED_SETTINGS },
      transferList: loadDataDir ? [loadDataDir.bytes] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type: string; error: ErrorData }) => {
        if (message.type !== 'ready' && message.type !== 'failed') return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (message.type === 'ready') resolve();
        else reject(toError(message.error));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    const client = new PgliteWorkerClient(worker);
    client.#refresh();
    return client;
  }

  /** Statements and calls sent to the thread and not answered yet (the one running and those queued behind it). */
  get unanswered(): number {
    return this.#pending.size;
  }

  /** The thread keeps the process alive only while an answer is awaited (as PGlite in process would). */
  #refresh(): void {
    if (this.#pending.size || this.#closing) this.#worker.ref();
    else this.#worker.unref();
  }

  #send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#closed) return Promise.reject(this.#failure ?? new Error('The embedded database is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#refresh();
      this.#worker.postMessage({ ...message, id });
    });
  }

  #statement<T>(tx: number | undefined, sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    let sent: Record<string, unknown>;
    try {
      sent = {
        type: 'query',
        tx,
        sql,
        params: params?.map(paramOf),
        options: options && { rowMode: options.rowMode, paramTypes: options.paramTypes, textTypes: textTypesOf(options.parsers) },
      };
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return this.#send<Results<T>>(sent);
  }

  /** The error for a statement (or transaction) sent outside the transaction whose callback sends it. */
  #waitsForItself(): Error | null {
    const within = runningIn.getStore();
    if (within?.client !== this || !this.#open.has(within.id)) return null;
    return new Error(
      'A statement outside the open transaction, sent from inside it, would wait for that transaction to end ' +
        '(the embedded database has one connection): send it on the transaction instead',
    );
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const refused = this.#waitsForItself();
    return refused ? Promise.reject(refused) : this.#statement<T>(undefined, sql, params, options);
  }

  /** Several statements without parameters (a script), answered per statement. */
  exec(sql: string): Promise<Results[]> {
    const refused = this.#waitsForItself();
    return refused ? Promise.reject(refused) : this.#send<Results[]>({ type: 'exec', sql });
  }

  /**
   * Runs `callback` in a transaction that has the connection to itself: other statements wait until it
   * commits (callback resolved) or rolls back (callback threw; the error is thrown again).
   */
  async transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const refused = this.#waitsForItself();
    if (refused) throw refused;
    const id = this.#nextTx++;
    await this.#send({ type: 'begin', tx: id });
    this.#open.add(id);
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: RemoteTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#statement<R>(id, sql, params, options);
      },
      exec: (sql: string) => {
        open();
        return this.#send<Results[]>({ type: 'exec', sql, tx: id });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await runningIn.run({ client: this, id }, () => callback(tx));
    } catch (error) {
      closed = true;
      this.#open.delete(id);
      await this.#send({ type: 'rollback', tx: id }).catch(() => undefined);
      throw error;
    }
    closed = true;
    this.#open.delete(id);
    await this.#send({ type: 'commit', tx: id });
    return result;
  }

  /** Whether a transaction is open (its callback has not finished). */
  get inTransaction(): boolean {
    return this.#open.size > 0;
  }

  /** True when the thread is open and answered something (a statement, a ping) within the last `ms`. */
  answeredWithin(ms: number): boolean {
    return !this.#closed && Date.now() - this.#lastAnswerAt < ms;
  }

  /** `select 1` between two statements (inside the running transaction if one is open). */
  ping(): Promise<void> {
    return this.#send({ type: 'ping' });
  }

  /** The thread's memory, answered between two statements like a ping (see EmbeddedMemory). */
  memory(): Promise<EmbeddedMemory> {
    return this.#send<EmbeddedMemory>({ type: 'memory' });
  }

  /** LISTEN on the connection; `onNotify` gets each payload. Resolves to the unlisten function. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const subscription = this.#nextId++;
    this.#subscriptions.set(subscription, onNotify);
    try {
      await this.#send({ type: 'listen', channel, subscription });
    } catch (error) {
      this.#subscriptions.delete(subscription);
      throw error;
    }
    return async () => {
      if (!this.#subscriptions.delete(subscription) || this.#closed) return;
      await this.#send({ type: 'unlisten', subscription });
    };
  }

  /** The data folder as a tarball (PGlite's dumpDataDir), e.g. a test template or a backup. */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    const { bytes, type } = await this.#send<{ bytes: ArrayBuffer; type: string }>({ type: 'dump', compression });
    return new Blob([bytes], { type });
  }

  /**
   * Closes PGlite after the statements already sent; the thread then ends by itself (decision 216).
   * Idempotent. A queue that never ends (a transaction left open) does not hold the process: after
   * CLOSE_WAIT_MS the thread is stopped from outside (every statement outside a transaction is already
   * written out, as after a crash).
   */
  close(): Promise<void> {
    if (this.#closed && !this.#closing) return this.#exited;
    this.#closing = true;
    this.#closeDone ??= this.#closeOnce();
    return this.#closeDone;
  }

  async #closeOnce(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), CLOSE_WAIT_MS);
    });
    try {
      // The thread closes PGlite after the statements before, answers, and ends itself.
      const closing = this.#send({ type: 'close' }).then(() => this.#exited);
      if ((await Promise.race([closing, waited])) === 'timeout') await this.#worker.terminate();
    } catch {
      // The thread failed or already stopped: make sure it is gone.
      await this.#worker.terminate();
    } finally {
      clearTimeout(timer);
      this.#closed = true;
      this.#subscriptions.clear();
    }
    await this.#exited;
  }
}
