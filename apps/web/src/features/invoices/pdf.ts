import { LIMITS } from '@icehouse/domain';
import { apiBlob } from '../../lib/api';
import type { HttpClient } from '../../lib/http';
import { invoicePdfPath } from './types';

/**
 * Getting an invoice's PDF and handing it to the browser: saved as a file, or printed through a
 * hidden frame (orders spec §7, §9: the frame goes 300 ms after the print dialog closes, or after
 * 120 seconds when the browser never says it closed).
 */

/** GET /api/invoices/{id}/pdf/ as a Blob; throws ApiError when the server cannot make it. */
export function fetchInvoicePdf(id: number, httpClient?: HttpClient): Promise<Blob> {
  return apiBlob(invoicePdfPath(id), {
    headers: { Accept: 'application/pdf' },
    ...(httpClient ? { httpClient } : {}),
  });
}

/** Starts the browser's download of `blob` as `fileName`. */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Give the browser a moment to start reading the blob before it is released.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export interface PrintFrameOptions {
  /** Called just before the print dialog is asked for. */
  onBeforePrint?: () => void;
  /** Called when the browser says printing is over (`afterprint` in the frame). */
  onAfterPrint?: () => void;
  doc?: Document;
}

/** Marks the hidden print frames, so tests and the viewer can find them. */
export const PRINT_FRAME_TITLE = 'Invoice print frame';

/**
 * Prints a PDF through a hidden frame. The frame is removed 300 ms after the print dialog closes,
 * or after 120 seconds at most. Returns a function that removes it at once.
 */
export function printPdfInFrame(pdf: Blob, options: PrintFrameOptions = {}): () => void {
  const doc = options.doc ?? document;
  const url = URL.createObjectURL(pdf);
  const frame = doc.createElement('iframe');
  frame.title = PRINT_FRAME_TITLE;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
    visibility: 'hidden',
  });
  let removed = false;
  let removeTimer: ReturnType<typeof setTimeout> | null = null;
  const remove = () => {
    if (removed) return;
    removed = true;
    clearTimeout(fallback);
    if (removeTimer !== null) clearTimeout(removeTimer);
    frame.remove();
    URL.revokeObjectURL(url);
  };
  const fallback = setTimeout(remove, LIMITS.printFrameFallbackMs);
  let started = false;
  frame.addEventListener('load', () => {
    const win = frame.contentWindow;
    if (!win || started) return;
    started = true;
    win.addEventListener('afterprint', () => {
      removeTimer ??= setTimeout(remove, LIMITS.printFrameRemoveDelayMs);
      options.onAfterPrint?.();
    });
    options.onBeforePrint?.();
    try {
      win.focus();
      win.print();
    } catch (error) {
      console.error('Printing the invoice failed', error);
    }
  });
  frame.src = url;
  doc.body.appendChild(frame);
  return remove;
}

export interface PrintAndCloseOptions {
  /** The tab to close; this one by default. */
  win?: Window;
  /** The tab is still open after trying to close it (a browser only lets a script close a tab a script opened). */
  onStillOpen?: () => void;
}

/**
 * The viewer's auto mode (invoices spec §2, §9): prints the PDF through a hidden frame, then
 * tries to close the tab: when the frame says printing is over, when the window gets focus back
 * after the print dialog (300 ms later), or after 120 seconds at most. Returns a function that
 * stops it all (the frame goes, nothing closes).
 */
export function printAndClose(pdf: Blob, options: PrintAndCloseOptions = {}): () => void {
  const win = options.win ?? window;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let printing = false;
  let stopped = false;

  const close = () => {
    if (stopped) return;
    stop();
    win.close();
    // Still running after close(): the browser kept the tab open.
    setTimeout(() => options.onStillOpen?.(), 0);
  };
  const onFocus = () => {
    if (printing && !stopped) timers.push(setTimeout(close, LIMITS.printFrameRemoveDelayMs));
  };
  const stop = () => {
    stopped = true;
    win.removeEventListener('focus', onFocus);
    timers.forEach(clearTimeout);
  };

  win.addEventListener('focus', onFocus);
  timers.push(setTimeout(close, LIMITS.printFrameFallbackMs));
  const removeFrame = printPdfInFrame(pdf, {
    doc: win.document,
    onBeforePrint: () => {
      printing = true;
    },
    onAfterPrint: close,
  });
  return () => {
    stop();
    removeFrame();
  };
}
