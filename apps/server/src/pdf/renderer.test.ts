import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import {
  DEFAULT_CHROME_PATHS,
  PAGE_NUMBER_FOOTER,
  PDF_UNAVAILABLE_MESSAGE,
  createPdfRenderer,
  resolveChromePath,
  type PdfRenderer,
} from './renderer';
import { renderInvoiceHtml } from './templates/invoice';
import { readPdfText } from '../../tests/pdf-text';
import { manyInvoiceLines, sampleInvoice } from '../../tests/pdf-samples';

/** The renderer's lifecycle against the real Chromium: caps, timeouts, crashes, recycling, shutdown. */

const chromePath = process.env.CHROME_PATH;
let renderer: PdfRenderer;

beforeAll(() => {
  renderer = createPdfRenderer({ executablePath: chromePath, maxConcurrent: 2, maxQueued: 4 });
});

afterAll(async () => {
  await renderer?.close();
});

const simple = (text: string) => `<!doctype html><html><body><h1>${text}</h1></body></html>`;
const bigInvoice = renderInvoiceHtml(sampleInvoice({}, manyInvoiceLines(200)));

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function expectAppError(promise: Promise<unknown>, code: string, reason?: string): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the render to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe(code);
  if (reason) expect(appError.details?.reason).toBe(reason);
  return appError;
}

describe('resolveChromePath', () => {
  it('takes an explicit executable, else the first usual path that exists', () => {
    const found = resolveChromePath();
    expect(found === null || DEFAULT_CHROME_PATHS.includes(found)).toBe(true);
    expect(resolveChromePath('  ')).toBe(found);
    expect(resolveChromePath(process.execPath)).toBe(process.execPath);
    expect(resolveChromePath(undefined, ['/nowhere/chromium', process.execPath])).toBe(process.execPath);
  });

  it('gives null for a missing or non-executable explicit path rather than another browser', () => {
    expect(resolveChromePath('/nowhere/chromium')).toBeNull();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chrome-'));
    const file = path.join(dir, 'chromium');
    fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o644 });
    expect(resolveChromePath(file)).toBeNull();
    expect(resolveChromePath(dir)).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(resolveChromePath(undefined, ['/nowhere/a', '/nowhere/b'])).toBeNull();
  });
});

describe('createPdfRenderer', () => {
  it('launches lazily, renders a PDF on a fresh page and closes the page', async () => {
    expect(renderer.stats()).toMatchObject({ launched: false, launches: 0, openPages: 0 });
    const pdf = await renderer.render(simple('Hello from the renderer'));
    expect(pdf).toBeInstanceOf(Buffer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { all } = await readPdfText(pdf);
    expect(all).toContain('Hello from the renderer');
    // A fresh page is made for the next document.
    expect(renderer.stats()).toMatchObject({ launched: true, launches: 1, openPages: 0, active: 0 });
    await until(() => renderer.stats().sparePages === 1);
  });

  it('prints a Chromium page-number footer when asked to, in landscape too', async () => {
    const pdf = await renderer.render(simple('Landscape'), {
      landscape: true,
      footerTemplate: PAGE_NUMBER_FOOTER,
    });
    const { all } = await readPdfText(pdf);
    expect(all).toContain('Page 1 of 1');
    const header = pdf.toString('latin1');
    expect(header).toMatch(/\/MediaBox \[0 0 792 612\]/);
  });

  it('runs no script and makes no request or connection, whatever the document asks for', async () => {
    const hits: string[] = [];
    let connections = 0;
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('body{color:red}');
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      for (const host of ['127.0.0.1', 'localhost']) {
        const base = `http://${host}:${port}`;
        const html = `<!doctype html><html><head>
          <link rel="stylesheet" href="${base}/style.css">
          <style>@import url("${base}/import.css"); body{background:url("${base}/bg.png")}</style>
          </head><body>
          <p id="p">Static text</p>
          <script>document.getElementById('p').textContent = 'SCRIPT RAN'</script>
          <img src="${base}/img.png" onerror="document.body.append('ONERROR RAN')">
          <iframe src="${base}/frame.html"></iframe>
          <object data="${base}/object.pdf"></object>
          <img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7">
          </body></html>`;
        const { all } = await readPdfText(await renderer.render(html));
        expect(all).toContain('Static text');
        expect(all).not.toContain('SCRIPT RAN');
        expect(all).not.toContain('ONERROR RAN');
      }
      expect(hits).toEqual([]);
      expect(connections).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps at most maxConcurrent pages open, queues the rest and refuses a full queue', async () => {
    const before = renderer.stats();
    const seen: number[] = [];
    const sampler = setInterval(() => seen.push(renderer.stats().openPages), 2);
    const renders = Array.from({ length: 6 }, (_, i) => renderer.render(simple(`Document ${i}`)));
    expect(renderer.stats()).toMatchObject({ active: 2, queued: 4 });
    await expectAppError(renderer.render(simple('one too many')), 'TOO_MANY_REQUESTS');
    await Promise.all(renders);
    clearInterval(sampler);

    expect(Math.max(...seen)).toBeLessThanOrEqual(2);
    expect(renderer.stats().maxOpenPages).toBe(2);
    expect(renderer.stats()).toMatchObject({
      openPages: 0,
      active: 0,
      queued: 0,
      renders: before.renders + 6,
      launches: before.launches,
    });
  });

  it('cuts off a render that takes longer than its timeout, closes its page and carries on', async () => {
    const error = await expectAppError(
      renderer.render(bigInvoice, { timeoutMs: 1 }),
      'UNAVAILABLE',
      'timeout',
    );
    expect(error.message).toBe('The PDF took longer than 1 ms to render. Please try again.');
    await until(() => renderer.stats().active === 0);
    expect(renderer.stats().openPages).toBe(0);

    // A timeout that fires mid-render (the page exists) is cut off the same way. The browser is frozen
    // with a spare page ready, so the render takes that page and then cannot finish, however fast the
    // machine; it is thawed once the timeout has fired, and closes the page normally.
    await until(() => renderer.stats().sparePages === 1);
    const pid = renderer.stats().browserPid as number;
    process.kill(pid, 'SIGSTOP');
    let openAtTimeout = -1;
    try {
      const rendering = renderer.render(bigInvoice, { timeoutMs: 300 });
      await expectAppError(
        rendering.finally(() => (openAtTimeout = renderer.stats().openPages)),
        'UNAVAILABLE',
        'timeout',
      );
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect(openAtTimeout).toBe(1);
    await until(() => renderer.stats().active === 0);
    expect(renderer.stats().openPages).toBe(0);

    const launches = renderer.stats().launches;
    await expect(renderer.render(simple('after the timeout'))).resolves.toBeInstanceOf(Buffer);
    expect(renderer.stats().launches).toBe(launches);
  });

  it('cuts off a render whose browser hangs, kills that browser and carries on with a new one', async () => {
    const launches = renderer.stats().launches;
    const pid = renderer.stats().browserPid as number;
    const rendering = renderer.render(bigInvoice, { timeoutMs: 500 });
    await until(() => renderer.stats().openPages > 0);
    process.kill(pid, 'SIGSTOP'); // frozen: it answers nothing, not even the page close
    await expectAppError(rendering, 'UNAVAILABLE', 'timeout');
    // Cut off by its own timeout, not by the kill that follows it (the frozen browser still lives):
    // an order of events, not a wall-clock bound that a loaded machine could miss.
    expect(isAlive(pid)).toBe(true);
    expect(renderer.stats().launches).toBe(launches);
    // The page cannot be closed, so after a grace period the browser is killed and the slot freed.
    await until(() => renderer.stats().active === 0 && renderer.stats().openPages === 0, 15_000);
    await until(() => !isAlive(pid));
    await expect(renderer.render(simple('after the hang'))).resolves.toBeInstanceOf(Buffer);
    expect(renderer.stats().launches).toBe(launches + 1);
  });

  it('fails a render cleanly when the browser is killed during it, and relaunches for the next', async () => {
    const launches = renderer.stats().launches;
    const pid = renderer.stats().browserPid;
    expect(pid).toEqual(expect.any(Number));
    const rendering = renderer.render(bigInvoice);
    await until(() => renderer.stats().openPages > 0);
    process.kill(pid as number, 'SIGKILL');
    await expectAppError(rendering, 'UNAVAILABLE', 'browser_crashed');
    expect(renderer.stats()).toMatchObject({ launched: false, openPages: 0, active: 0 });

    const pdf = await renderer.render(simple('after the crash'));
    expect((await readPdfText(pdf)).all).toContain('after the crash');
    expect(renderer.stats()).toMatchObject({ launched: true, launches: launches + 1, openPages: 0 });
    expect(renderer.stats().browserPid).not.toBe(pid);
  });

  it('relaunches when the browser died between renders', async () => {
    const launches = renderer.stats().launches;
    const pid = renderer.stats().browserPid as number;
    process.kill(pid, 'SIGKILL');
    await until(() => !renderer.stats().launched);
    await expect(renderer.render(simple('after a crash while idle'))).resolves.toBeInstanceOf(Buffer);
    expect(renderer.stats().launches).toBe(launches + 1);
  });

  it('recycles the browser after recycleAfter renders and closes the old one', async () => {
    const recycling = createPdfRenderer({ executablePath: chromePath, recycleAfter: 2, sparePage: false });
    try {
      const pids = new Set<number>();
      for (let i = 0; i < 5; i++) {
        const { all } = await readPdfText(await recycling.render(simple(`render ${i}`)));
        expect(all).toContain(`render ${i}`);
        pids.add(recycling.stats().browserPid as number);
        expect(recycling.stats().sparePages).toBe(0);
      }
      expect(recycling.stats().launches).toBe(3);
      expect(pids.size).toBe(3);
      const current = recycling.stats().browserPid as number;
      await until(() => [...pids].filter((pid) => pid !== current).every((pid) => !isAlive(pid)));
    } finally {
      await recycling.close();
    }
  });

  it('uses renderTimeoutMs for every render', async () => {
    const impatient = createPdfRenderer({ executablePath: chromePath, renderTimeoutMs: 1, sparePage: false });
    try {
      await expectAppError(impatient.render(simple('too slow')), 'UNAVAILABLE', 'timeout');
    } finally {
      await impatient.close();
    }
    expect(impatient.stats()).toMatchObject({ launched: false, openPages: 0, active: 0, failures: 1 });
  });

  it('answers 503 with the fix when no browser can be started', async () => {
    const missing = createPdfRenderer({ executablePath: '/nowhere/chromium' });
    const error = await expectAppError(missing.render(simple('never')), 'UNAVAILABLE', 'no_browser');
    expect(error.message).toBe(PDF_UNAVAILABLE_MESSAGE);
    expect(error.message).toContain('apt-get install chromium');
    expect(error.message).toContain('CHROME_PATH');
    expect(missing.stats()).toMatchObject({ launched: false, launches: 0 });
    // The next render tries again (the browser may have been installed since).
    await expectAppError(missing.render(simple('still never')), 'UNAVAILABLE', 'no_browser');
    await missing.close();

    // An executable that is not a browser fails to start: the same answer.
    const notABrowser = createPdfRenderer({ executablePath: '/bin/false', launchTimeoutMs: 5000 });
    await expectAppError(notABrowser.render(simple('never')), 'UNAVAILABLE', 'no_browser');
    await notABrowser.close();
  });

  it('closes cleanly: waits for in-flight renders, fails queued ones and refuses new ones', async () => {
    const closing = createPdfRenderer({ executablePath: chromePath, maxConcurrent: 1 });
    await closing.render(simple('warm up'));
    const pid = closing.stats().browserPid as number;
    const inFlight = closing.render(bigInvoice);
    const queued = expectAppError(closing.render(simple('queued')), 'UNAVAILABLE', 'closed');
    await until(() => closing.stats().openPages === 1);
    const closed = closing.close();
    expect(closing.close()).toBe(closed);
    await expectAppError(closing.render(simple('while closing')), 'UNAVAILABLE', 'closed');
    await queued;
    await expect(inFlight).resolves.toBeInstanceOf(Buffer);
    await closed;
    expect(closing.stats()).toMatchObject({ launched: false, openPages: 0, active: 0, queued: 0 });
    await until(() => !isAlive(pid));
    await expectAppError(closing.render(simple('after close')), 'UNAVAILABLE', 'closed');
  });
});
