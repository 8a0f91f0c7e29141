import type { PDFMargin } from 'puppeteer-core';

/** What callers see of the PDF renderer: its options, its stats, and the renderer itself. */

/** A Chromium footer template printing 'Page X of Y', for HTML that does not number its own pages. */
export const PAGE_NUMBER_FOOTER =
  "<div style=\"width:100%;padding:0 0.5in;text-align:right;font-family:'Liberation Sans','DejaVu Sans',sans-serif;font-size:8pt;color:#555\">" +
  'Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>';

/** Used when the document sets no `@page` margin of its own (CSS `@page` margins win). */
export const DEFAULT_MARGIN: PDFMargin = { top: '0.5in', right: '0.5in', bottom: '0.6in', left: '0.5in' };

/** Logger shape the renderer needs; a pino Logger fits. */
export interface PdfLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PdfRendererOptions {
  /** Chromium executable (the server passes CHROME_PATH); blank means: try DEFAULT_CHROME_PATHS. */
  executablePath?: string | null;
  /** Pages rendering at once; further renders wait in a FIFO queue. Default 2. */
  maxConcurrent?: number;
  /** Time allowed for one render (new page, content, PDF), not counting the queue or a launch. Default 15000. */
  renderTimeoutMs?: number;
  /** Renders a browser serves before it is replaced by a fresh one. Default 500. */
  recycleAfter?: number;
  /** Renders allowed to wait for a slot; beyond that render() fails with TOO_MANY_REQUESTS. Default 100. */
  maxQueued?: number;
  /** Time allowed for Chromium to start. Default 30000. */
  launchTimeoutMs?: number;
  /**
   * Keep one fresh page ready (JavaScript off, requests blocked, never used), so a render does not
   * wait the ~60 ms a new page costs. Each document still gets a page of its own. Costs one idle
   * renderer process. Default true.
   */
  sparePage?: boolean;
  logger?: PdfLogger;
}

export interface RenderOptions {
  landscape?: boolean;
  /** Page margins for documents without a CSS `@page` margin. Default DEFAULT_MARGIN. */
  margin?: PDFMargin;
  /**
   * Chromium header/footer templates: trusted HTML only (never user text unescaped). Classes
   * `pageNumber`, `totalPages`, `date`, `title` are filled in by Chromium. Giving either one turns
   * Chromium's header/footer on; PAGE_NUMBER_FOOTER prints 'Page X of Y'. The document templates of
   * this module number their pages with CSS `@page` margin boxes instead and need neither.
   */
  headerTemplate?: string;
  footerTemplate?: string;
  /** Overrides the renderer's renderTimeoutMs for this render. */
  timeoutMs?: number;
  /** A tagged (accessible, structure-tree) PDF: slower to make. Default false. */
  tagged?: boolean;
}

export interface PdfRendererStats {
  /** A browser is running and connected. */
  launched: boolean;
  browserPid: number | null;
  /** Pages open right now (0 when idle). */
  openPages: number;
  /** The most pages ever open at once: never above maxConcurrent. */
  maxOpenPages: number;
  /** Fresh pages made and ready for the next render (0 or 1; 0 while the next one is being made). */
  sparePages: number;
  /** Renders holding a slot, and renders waiting for one. */
  active: number;
  queued: number;
  /** Successful and failed renders since the renderer was created. */
  renders: number;
  failures: number;
  /** Browsers started (the first one, relaunches after a crash, recycles). */
  launches: number;
}

export interface PdfRenderer {
  /** The PDF of a complete HTML document (Letter unless the document's CSS says otherwise). */
  render(html: string, options?: RenderOptions): Promise<Buffer>;
  /** Refuses new renders, fails queued ones, waits for in-flight ones and closes the browser. */
  close(): Promise<void>;
  stats(): PdfRendererStats;
}
