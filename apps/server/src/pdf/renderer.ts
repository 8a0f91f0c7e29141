import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { AppError } from '../errors';
import { noop, preparePage, printPdf, step, type BrowserSlot, type PreparedPage } from './browser-page';
import { CHROME_ARGS, DEFAULT_CHROME_PATHS, resolveChromePath } from './chrome';
import { crashed, shutDown, timedOut, unavailable } from './render-errors';
import type {
  PdfLogger,
  PdfRenderer,
  PdfRendererOptions,
  PdfRendererStats,
  RenderOptions,
} from './renderer-contract';
import { Semaphore } from './semaphore';

/**
 * The one owner of Puppeteer in the server (design.md, `pdf/`).
 *
 * - One long-lived Chromium, launched lazily by the first render and shared by every request.
 * - A fresh page per document, always closed; at most `maxConcurrent` pages at once, others queue.
 * - The document is handed in as HTML (`page.setContent`), never loaded from a URL of our own server.
 *   JavaScript is off in the page and every request the document makes is aborted (only `data:` URLs
 *   load), so text a user typed can neither run nor fetch anything.
 * - A per-render timeout closes the page and fails the request; a browser that crashes or disconnects
 *   is dropped and the next render launches a fresh one; the browser is recycled every `recycleAfter`
 *   renders; `close()` lets in-flight renders finish and closes the browser (call it on shutdown).
 * - Every failure reaches the caller as an AppError: UNAVAILABLE (503) when no browser can be started,
 *   on a timeout, a crash or after shutdown; TOO_MANY_REQUESTS when the queue is full.
 */

export { CHROME_ARGS, DEFAULT_CHROME_PATHS, resolveChromePath } from './chrome';
export { PDF_UNAVAILABLE_MESSAGE } from './render-errors';
export {
  DEFAULT_MARGIN,
  PAGE_NUMBER_FOOTER,
  type PdfLogger,
  type PdfRenderer,
  type PdfRendererOptions,
  type PdfRendererStats,
  type RenderOptions,
} from './renderer-contract';

const noopLogger: PdfLogger = { debug: noop, info: noop, warn: noop, error: noop };

function positiveInt(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/** How long a timed-out page may take to close before its browser is killed. */
const ABORT_GRACE_MS = 3000;
/** How long browser.close() may take before the process is killed. */
const CLOSE_GRACE_MS = 5000;

interface Job {
  page: Page | null;
  pageClosed: Promise<void> | null;
  aborted: boolean;
}

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const log = options.logger ?? noopLogger;
  const maxConcurrent = positiveInt(options.maxConcurrent, 2, 'maxConcurrent');
  const renderTimeoutMs = positiveInt(options.renderTimeoutMs, 15_000, 'renderTimeoutMs');
  const recycleAfter = positiveInt(options.recycleAfter, 500, 'recycleAfter');
  const launchTimeoutMs = positiveInt(options.launchTimeoutMs, 30_000, 'launchTimeoutMs');
  const maxQueued = options.maxQueued ?? 100;
  const keepSpare = options.sparePage ?? true;

  const semaphore = new Semaphore(maxConcurrent);
  const slots = new Set<BrowserSlot>();
  const inFlight = new Set<Promise<void>>();
  let current: BrowserSlot | null = null;
  let launching: Promise<BrowserSlot> | null = null;
  let closed = false;
  let closing: Promise<void> | null = null;
  const counters = { renders: 0, failures: 0, launches: 0, openPages: 0, maxOpenPages: 0 };

  function closeSlot(slot: BrowserSlot): Promise<void> {
    slots.delete(slot);
    if (current === slot) current = null;
    slot.closing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const graceful = slot.browser.close().then(
        () => true,
        () => false,
      );
      const inTime = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CLOSE_GRACE_MS);
      });
      const ok = await Promise.race([graceful, inTime]);
      clearTimeout(timer);
      if (!ok) slot.browser.process()?.kill('SIGKILL');
    })();
    return slot.closing;
  }

  function retire(slot: BrowserSlot, reason: string): void {
    if (slot.retired) return;
    slot.retired = true;
    if (current === slot) current = null;
    log.info({ pid: slot.pid, renders: slot.renders, reason }, 'PDF: retiring browser');
    if (slot.active === 0) void closeSlot(slot);
  }

  async function launch(): Promise<BrowserSlot> {
    const executablePath = resolveChromePath(options.executablePath);
    if (!executablePath) {
      log.error(
        {
          executablePath: options.executablePath || null,
          tried: options.executablePath ? [] : DEFAULT_CHROME_PATHS,
        },
        'PDF: no Chromium executable found',
      );
      throw unavailable();
    }
    const started = performance.now();
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath,
        headless: true,
        args: [...CHROME_ARGS],
        // A pipe instead of a DevTools port: nothing else on the machine can attach to the browser.
        pipe: true,
        timeout: launchTimeoutMs,
        // The server owns shutdown (main.ts closes the renderer); Puppeteer's own SIGINT handler
        // would call process.exit. Its exit hook still kills the browser if the process dies.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (cause) {
      log.error({ err: cause, executablePath }, 'PDF: Chromium failed to start');
      throw unavailable(cause);
    }
    counters.launches += 1;
    let markGone!: (error: Error) => void;
    const gone = new Promise<never>((_, reject) => (markGone = reject));
    gone.catch(noop);
    const slot: BrowserSlot = {
      browser,
      pid: browser.process()?.pid ?? null,
      renders: 0,
      active: 0,
      retired: false,
      crashed: false,
      closing: null,
      gone,
      spare: null,
      spareReady: false,
    };
    slots.add(slot);
    browser.once('disconnected', () => {
      markGone(new Error('The browser disconnected.'));
      slots.delete(slot);
      if (current === slot) current = null;
      if (!slot.closing) {
        slot.crashed = true;
        slot.retired = true;
        log.warn({ pid: slot.pid }, 'PDF: browser disconnected unexpectedly; launching a new one');
        // Launched now rather than by the next render, which then finds it ready (Chromium's start is
        // most of a recovery). A failed launch is logged by launch(); the next render tries again.
        if (!closed) acquireBrowser().catch(noop);
      }
    });
    log.info(
      { pid: slot.pid, executablePath, ms: Math.round(performance.now() - started) },
      'PDF: browser launched',
    );
    if (closed) {
      await closeSlot(slot);
      throw shutDown();
    }
    // The first render takes this page: it is made while the launch is reported.
    if (keepSpare) slot.spare = spareFor(slot);
    return slot;
  }

  function spareFor(slot: BrowserSlot): Promise<PreparedPage> {
    const spare = preparePage(slot);
    slot.spareReady = false;
    spare.then(() => {
      if (slot.spare === spare) slot.spareReady = true;
    }, noop);
    return spare;
  }

  /** The spare page (making the next one), or a new page when there is none or it failed. */
  function takePage(slot: BrowserSlot): Promise<PreparedPage> {
    const spare = slot.spare;
    slot.spare = null;
    slot.spareReady = false;
    const page = spare ? spare.catch(() => preparePage(slot)) : preparePage(slot);
    if (keepSpare && !closed && !slot.retired && slot.renders < recycleAfter) slot.spare = spareFor(slot);
    return page;
  }

  async function acquireBrowser(): Promise<BrowserSlot> {
    if (current && !current.browser.connected) retire(current, 'disconnected');
    if (current && current.renders >= recycleAfter) retire(current, 'recycle');
    if (current) return current;
    launching ??= launch()
      .then((slot) => {
        current = slot;
        return slot;
      })
      .finally(() => {
        launching = null;
      });
    return launching;
  }

  function closePage(slot: BrowserSlot, job: Job): Promise<void> {
    const page = job.page;
    if (!page) return Promise.resolve();
    job.pageClosed ??= Promise.race([page.close(), slot.gone])
      .catch(noop)
      .then(() => {
        counters.openPages -= 1;
      });
    return job.pageClosed;
  }

  async function renderOnPage(
    slot: BrowserSlot,
    job: Job,
    html: string,
    opts: RenderOptions,
    timeoutMs: number,
  ) {
    slot.renders += 1;
    slot.active += 1;
    try {
      const { page, blocked } = await step(slot, takePage(slot));
      job.page = page;
      counters.openPages += 1;
      counters.maxOpenPages = Math.max(counters.maxOpenPages, counters.openPages);
      if (job.aborted) throw new Error('render aborted');

      await step(slot, page.setContent(html, { waitUntil: 'load', timeout: timeoutMs }));
      const pdf = await step(slot, printPdf(page, opts, timeoutMs));
      if (blocked.count > 0)
        log.debug({ blocked: blocked.count }, 'PDF: blocked requests made by the document');
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } finally {
      await closePage(slot, job);
      slot.active -= 1;
      if (slot.retired && slot.active === 0) void closeSlot(slot);
    }
  }

  /** Timed out: close the page, which fails whatever it was doing; kill a browser too stuck to close it. */
  function abort(slot: BrowserSlot, job: Job, work: Promise<unknown>): void {
    job.aborted = true;
    void closePage(slot, job);
    const timer = setTimeout(() => {
      log.error({ pid: slot.pid }, 'PDF: a timed-out render did not stop; killing the browser');
      retire(slot, 'stuck');
      slot.browser.process()?.kill('SIGKILL');
    }, ABORT_GRACE_MS);
    void work.then(noop, noop).finally(() => clearTimeout(timer));
  }

  function toAppError(
    error: unknown,
    slot: BrowserSlot | null,
    job: Job | null,
    timeoutMs: number,
  ): AppError {
    if (job?.aborted) return timedOut(timeoutMs);
    if (error instanceof AppError) return error;
    if (slot && (slot.crashed || !slot.browser.connected)) return crashed(error);
    if (closed) return shutDown();
    return new AppError('INTERNAL', 'The PDF could not be rendered.', { cause: error });
  }

  async function render(html: string, opts: RenderOptions = {}): Promise<Buffer> {
    if (closed) throw shutDown();
    if (semaphore.waiting >= maxQueued) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'Too many PDFs are being made right now. Please try again shortly.',
      );
    }
    const release = await semaphore.acquire();
    let markDone!: () => void;
    const done = new Promise<void>((resolve) => (markDone = resolve));
    inFlight.add(done);

    const timeoutMs = opts.timeoutMs ?? renderTimeoutMs;
    const started = performance.now();
    let slot: BrowserSlot | null = null;
    let job: Job | null = null;
    let work: Promise<Buffer> | null = null;
    let workSettled = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      if (closed) throw shutDown();
      const activeSlot = (slot = await acquireBrowser());
      const activeJob: Job = (job = { page: null, pageClosed: null, aborted: false });
      const rendering = (work = renderOnPage(activeSlot, activeJob, html, opts, timeoutMs));
      workSettled = false;
      // Registered before the race below, so it has run by the time the race answers.
      rendering.then(
        () => (workSettled = true),
        () => (workSettled = true),
      );
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abort(activeSlot, activeJob, rendering);
          reject(timedOut(timeoutMs));
        }, timeoutMs);
      });
      const pdf = await Promise.race([rendering, timeout]);
      counters.renders += 1;
      log.debug({ ms: Math.round(performance.now() - started), bytes: pdf.length }, 'PDF: rendered');
      return pdf;
    } catch (error) {
      counters.failures += 1;
      const appError = toAppError(error, slot, job, timeoutMs);
      log.warn(
        {
          err: error,
          code: appError.code,
          reason: appError.details?.reason,
          ms: Math.round(performance.now() - started),
        },
        'PDF: render failed',
      );
      throw appError;
    } finally {
      clearTimeout(timer);
      const handBack = () => {
        release();
        inFlight.delete(done);
        markDone();
      };
      // The slot is handed back once the page is really gone, even when the caller was answered
      // earlier (a timeout), so the cap on open pages always holds.
      if (workSettled) handBack();
      else void work?.then(noop, noop).then(handBack);
    }
  }

  function close(): Promise<void> {
    if (closing) return closing;
    closed = true;
    semaphore.rejectWaiting(shutDown());
    closing = (async () => {
      await Promise.allSettled([...inFlight]);
      await launching?.catch(noop);
      await Promise.allSettled([...slots].map(closeSlot));
      current = null;
      log.info({ renders: counters.renders, launches: counters.launches }, 'PDF: renderer closed');
    })();
    return closing;
  }

  function stats(): PdfRendererStats {
    const live = current !== null && current.browser.connected;
    return {
      launched: live,
      browserPid: live ? (current?.pid ?? null) : null,
      openPages: counters.openPages,
      maxOpenPages: counters.maxOpenPages,
      sparePages: live && current?.spareReady ? 1 : 0,
      active: semaphore.active,
      queued: semaphore.waiting,
      renders: counters.renders,
      failures: counters.failures,
      launches: counters.launches,
    };
  }

  return { render, close, stats };
}
