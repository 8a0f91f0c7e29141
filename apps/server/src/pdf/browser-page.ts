import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { DEFAULT_MARGIN, type RenderOptions } from './renderer-contract';

/** One browser the renderer runs, and the pages it makes on it for documents. */

export const noop = () => {};

/** An empty Chromium header/footer, for a document that gives only the other one. */
const EMPTY_TEMPLATE = '<span></span>';

export interface BrowserSlot {
  browser: Browser;
  pid: number | null;
  /** Renders started on this browser. */
  renders: number;
  /** Renders running on it now. */
  active: number;
  /** No new renders; closed when the last one finishes. */
  retired: boolean;
  /** Disconnected without being asked to (killed, crashed). */
  crashed: boolean;
  closing: Promise<void> | null;
  /**
   * Rejects when the browser disconnects. Every step of a render races it: some Puppeteer calls
   * (newPage, page.close) never settle once the browser process is gone.
   */
  gone: Promise<never>;
  /** A page made ahead of time for the next render. */
  spare: Promise<PreparedPage> | null;
  /** That page is made: the next render starts on it without asking the browser for anything. */
  spareReady: boolean;
}

export interface PreparedPage {
  page: Page;
  /** Requests the document made, all refused. */
  blocked: { count: number };
}

/** Settles with the operation, or rejects as soon as the browser is gone (some calls never settle then). */
export function step<T>(slot: BrowserSlot, operation: Promise<T>): Promise<T> {
  return Promise.race([operation, slot.gone]);
}

/** A new page that can run nothing and fetch nothing. */
export async function preparePage(slot: BrowserSlot): Promise<PreparedPage> {
  const page = await step(slot, slot.browser.newPage());
  try {
    await step(slot, page.setJavaScriptEnabled(false));
    await step(slot, page.setRequestInterception(true));
  } catch (error) {
    page.close().catch(noop);
    throw error;
  }
  const blocked = { count: 0 };
  page.on('request', (request: HTTPRequest) => {
    if (request.url().startsWith('data:')) {
      request.continue().catch(noop);
    } else {
      blocked.count += 1;
      request.abort('blockedbyclient').catch(noop);
    }
  });
  return { page, blocked };
}

/** Prints the loaded document (Letter unless its CSS says otherwise). */
export function printPdf(page: Page, opts: RenderOptions, timeoutMs: number): Promise<Uint8Array> {
  const headerFooter = opts.headerTemplate !== undefined || opts.footerTemplate !== undefined;
  return page.pdf({
    format: 'Letter',
    landscape: opts.landscape ?? false,
    printBackground: true,
    preferCSSPageSize: true,
    margin: opts.margin ?? DEFAULT_MARGIN,
    displayHeaderFooter: headerFooter,
    ...(headerFooter
      ? {
          headerTemplate: opts.headerTemplate ?? EMPTY_TEMPLATE,
          footerTemplate: opts.footerTemplate ?? EMPTY_TEMPLATE,
        }
      : {}),
    tagged: opts.tagged ?? false,
    outline: false,
    timeout: timeoutMs,
  });
}
