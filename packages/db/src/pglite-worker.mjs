// @ts-check
/**
 * The embedded database's thread (decision 215). PGlite is PostgreSQL compiled to WebAssembly and runs
 * synchronously: on the server's own thread a heavy statement held the event loop (15 s under a burst,
 * decision 182). Here it runs on a worker thread of its own, which owns the data folder; the main thread
 * (pglite-remote.ts) sends statements by message and waits.
 *
 * Plain JavaScript on purpose: a worker thread is started from a file Node runs as it is, from the
 * sources (tests, tsx) and from the bundled server alike. The messages are described in pglite-protocol.ts.
 *
 * Order: one job at a time, first come first served (statements, scripts, LISTEN, dumps, close). A
 * transaction takes the connection for itself: once its BEGIN is reached, only its own statements run
 * until its COMMIT or ROLLBACK, the others wait in the queue (PGlite is one connection). A ping jumps the
 * queue: it is answered between two statements (`select 1` inside the open transaction if there is one),
 * so a health probe waits for the one statement running, never for the queue.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** Thrown inside PGlite's transaction callback to make it roll back. */
class RollbackRequested extends Error {}

const identity = (/** @type {string} */ value) => value;

/**
 * drizzle asks PGlite to leave some types as text (dates, timestamps, intervals, numeric arrays): its
 * parsers are functions, which cannot cross threads, so the main thread sends the type ids and they are
 * kept as text here (the main thread checked that each of its parsers leaves text as it is).
 * @param {{ rowMode?: 'object' | 'array', textTypes?: number[], paramTypes?: number[] } | undefined} options
 */
function queryOptions(options) {
  if (!options) return undefined;
  /** @type {Record<string, unknown>} */
  const out = {};
  if (options.rowMode) out.rowMode = options.rowMode;
  if (options.paramTypes) out.paramTypes = options.paramTypes;
  if (options.textTypes?.length) out.parsers = Object.fromEntries(options.textTypes.map((oid) => [oid, identity]));
  return out;
}

/** An error as plain data: the PostgreSQL fields (code, constraint, detail...) travel with it. */
function errorData(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions' || typeof value === 'function') continue;
    if (value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/** Plain results: PGlite's Results minus what cannot be cloned. */
function resultData(/** @type {any} */ result) {
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

/** @type {import('@electric-sql/pglite').PGlite} */
let pg;
/** @type {any[]} jobs waiting for the connection, in order */
const queue = [];
/** The transaction holding the connection: its PGlite transaction object and its statements waiting. */
/** @type {{ id: number, tx: import('@electric-sql/pglite').Transaction, inbox: any[], wake: (() => void) | null } | null} */
let current = null;
let running = false;
/** Set while a BEGIN runs (PGlite holds the connection, `current` not set yet): a ping waits for it. */
/** @type {Promise<void> | null} */
let beginning = null;
let closed = false;
/** Listen subscriptions by id: PGlite's unsubscribe functions. */
const subscriptions = new Map();

const reply = (/** @type {number} */ id, /** @type {unknown} */ value, /** @type {Transferable[]} */ transfer = []) =>
  port.postMessage({ type: 'reply', id, ok: true, value }, transfer);
const fail = (/** @type {number} */ id, /** @type {unknown} */ error) =>
  port.postMessage({ type: 'reply', id, ok: false, error: errorData(error) });

/** Lets the thread read its messages (a ping) between two jobs: PGlite's awaits resolve without yielding. */
const yieldToMessages = () => new Promise((resolve) => setImmediate(resolve));

async function runStatement(/** @type {any} */ target, /** @type {any} */ job) {
  if (job.type === 'query') return resultData(await target.query(job.sql, job.params, queryOptions(job.options)));
  if (job.type === 'exec') return (await target.exec(job.sql)).map(resultData);
  throw new Error(`unknown statement ${job.type}`);
}

/** Runs the statements of transaction `job.tx` as they arrive, inside PGlite's own transaction. */
async function runTransaction(/** @type {any} */ job) {
  /** @type {any} the COMMIT or ROLLBACK job that ended it */
  let end = null;
  /** @type {() => void} */
  let begun = () => {};
  beginning = new Promise((resolve) => {
    begun = () => {
      beginning = null;
      resolve();
    };
  });
  try {
    await pg.transaction(async (tx) => {
      const open = { id: job.tx, tx, inbox: /** @type {any[]} */ ([]), wake: /** @type {(() => void) | null} */ (null) };
      current = open;
      begun();
      reply(job.id, null);
      for (;;) {
        const next = open.inbox.shift();
        if (!next) {
          await new Promise((resolve) => {
            open.wake = () => resolve(undefined);
          });
          continue;
        }
        if (next.type === 'commit' || next.type === 'rollback') {
          end = next;
          if (next.type === 'rollback') throw new RollbackRequested();
          return;
        }
        try {
          reply(next.id, await runStatement(tx, next));
        } catch (error) {
          fail(next.id, error);
        }
        await yieldToMessages();
      }
    });
    reply(end.id, null);
  } catch (error) {
    if (error instanceof RollbackRequested) reply(end.id, null);
    // BEGIN failed, or COMMIT did (a deferred constraint): either way the transaction is over.
    else if (end) fail(end.id, error);
    else fail(job.id, error);
  } finally {
    begun();
    current = null;
  }
}

async function runJob(/** @type {any} */ job) {
  switch (job.type) {
    case 'begin':
      return runTransaction(job);
    case 'listen': {
      const unsubscribe = await pg.listen(job.channel, (payload) =>
        port.postMessage({ type: 'notify', subscription: job.subscription, payload }),
      );
      subscriptions.set(job.subscription, unsubscribe);
      return reply(job.id, null);
    }
    case 'unlisten': {
      const unsubscribe = subscriptions.get(job.subscription);
      subscriptions.delete(job.subscription);
      if (unsubscribe) await unsubscribe();
      return reply(job.id, null);
    }
    case 'dump': {
      const blob = await pg.dumpDataDir(job.compression);
      const bytes = await blob.arrayBuffer();
      return reply(job.id, { bytes, type: blob.type }, [bytes]);
    }
    case 'close':
      closed = true;
      await pg.close();
      reply(job.id, null);
      // The thread ends itself once the answer is out (decision 216): nothing is left on its loop after the port closes.
      // Stopping it from outside (terminate) can bring down the whole process when V8 tears down a thread
      // that has run WebAssembly (nodejs/node#33377): the main thread only does that after a timeout.
      port.close();
      return;
    default:
      return reply(job.id, await runStatement(pg, job));
  }
}

async function drain() {
  if (running) return;
  running = true;
  try {
    while (queue.length && !closed) {
      const job = queue.shift();
      try {
        await runJob(job);
      } catch (error) {
        fail(job.id, error);
      }
      await yieldToMessages();
    }
  } finally {
    running = false;
  }
}

async function ping(/** @type {number} */ id) {
  try {
    if (beginning) await beginning;
    // Inside the open transaction when there is one (PGlite's own query would wait for its end).
    await (current ? current.tx : pg).query('select 1');
    reply(id, null);
  } catch (error) {
    // A transaction already failed (25P02) still proves the database answers.
    if (/** @type {{ code?: string }} */ (error).code === '25P02') reply(id, null);
    else fail(id, error);
  }
}

/**
 * This thread's memory, answered at once like a ping (metrics): `external` is mostly PGlite's WebAssembly
 * memory (PostgreSQL's shared buffers, caches and working memory; it grows and never shrinks), `heapUsed`
 * this thread's JavaScript (results on their way out). Read with process.memoryUsage(), which a worker
 * answers for its own isolate (its rss is the whole process's).
 */
function memory(/** @type {number} */ id) {
  const { external, heapUsed, heapTotal, arrayBuffers } = process.memoryUsage();
  port.postMessage({ type: 'reply', id, ok: true, value: { external, heapUsed, heapTotal, arrayBuffers }, stat: true });
}

port.on('message', (/** @type {any} */ message) => {
  if (message.type === 'ping') return void ping(message.id);
  if (message.type === 'memory') return memory(message.id);
  if (closed) return fail(message.id, new Error('The embedded database is closed'));
  if (message.tx !== undefined && message.type !== 'begin') {
    if (!current || current.id !== message.tx) return fail(message.id, new Error('Transaction is closed'));
    current.inbox.push(message);
    const wake = current.wake;
    current.wake = null;
    wake?.();
    return;
  }
  queue.push(message);
  void drain();
});

try {
  const { dataDir, loadDataDir, pgliteWasmModule, settings } = workerData ?? {};
  /** @type {[string, string][]} PostgreSQL settings (EMBEDDED_SETTINGS in pglite-remote.ts, decision 257) */
  const set = Object.entries(settings ?? {});
  pg = await PGlite.create({
    ...(set.length ? { startParams: [...PGlite.defaultStartParams, ...set.flatMap(([name, value]) => ['-c', `${name}=${value}`])] } : {}),
    // Compiled once by the main thread (pglite-remote.ts), instead of once per thread.
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir.bytes], { type: loadDataDir.type }) } : {}),
    extensions: { pg_trgm },
  });
  port.postMessage({ type: 'ready' });
} catch (error) {
  port.postMessage({ type: 'failed', error: errorData(error) });
}
